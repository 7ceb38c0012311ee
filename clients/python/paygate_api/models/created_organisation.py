from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.organisation_view import OrganisationView





T = TypeVar("T", bound="CreatedOrganisation")



@_attrs_define
class CreatedOrganisation:
    """ 
        Attributes:
            keys (Any): The organisation's test keys, shown once.
            organisation (OrganisationView):
            owner (Any): The owner's login: e-mail, generated password and PIN, shown once.
     """

    keys: Any
    organisation: OrganisationView
    owner: Any
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.organisation_view import OrganisationView # noqa: PLC0415
        keys = self.keys

        organisation = self.organisation.to_dict()

        owner = self.owner


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "keys": keys,
            "organisation": organisation,
            "owner": owner,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.organisation_view import OrganisationView # noqa: PLC0415
        d = dict(src_dict)
        keys = d.pop("keys")

        organisation = OrganisationView.from_dict(d.pop("organisation"))




        owner = d.pop("owner")

        created_organisation = cls(
            keys=keys,
            organisation=organisation,
            owner=owner,
        )


        created_organisation.additional_properties = d
        return created_organisation

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
