from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Institution")



@_attrs_define
class Institution:
    """ 
        Attributes:
            country (str): ISO 3166 alpha-2, upper case.
            id (str): `ins_` and 1 to 44 of `a-z 0-9 _`.
            kind (str): school, hospital, utility, government, ngo, landlord, cooperative.
            name (str):
            purpose_codes (list[str]):
            organisation (None | str | Unset): The organisation of this gateway that receives its money; none for
                the sandbox's defaults (test mode only).
            tag (None | str | Unset):
     """

    country: str
    id: str
    kind: str
    name: str
    purpose_codes: list[str]
    organisation: None | str | Unset = UNSET
    tag: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        country = self.country

        id = self.id

        kind = self.kind

        name = self.name

        purpose_codes = self.purpose_codes



        organisation: None | str | Unset
        if isinstance(self.organisation, Unset):
            organisation = UNSET
        else:
            organisation = self.organisation

        tag: None | str | Unset
        if isinstance(self.tag, Unset):
            tag = UNSET
        else:
            tag = self.tag


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "country": country,
            "id": id,
            "kind": kind,
            "name": name,
            "purpose_codes": purpose_codes,
        })
        if organisation is not UNSET:
            field_dict["organisation"] = organisation
        if tag is not UNSET:
            field_dict["tag"] = tag

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        country = d.pop("country")

        id = d.pop("id")

        kind = d.pop("kind")

        name = d.pop("name")

        purpose_codes = cast(list[str], d.pop("purpose_codes"))


        def _parse_organisation(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        organisation = _parse_organisation(d.pop("organisation", UNSET))


        def _parse_tag(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tag = _parse_tag(d.pop("tag", UNSET))


        institution = cls(
            country=country,
            id=id,
            kind=kind,
            name=name,
            purpose_codes=purpose_codes,
            organisation=organisation,
            tag=tag,
        )

        return institution

