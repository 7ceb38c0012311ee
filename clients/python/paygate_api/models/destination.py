from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.rail_kind import RailKind
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Destination")



@_attrs_define
class Destination:
    """ Where a quoted transfer goes.

        Attributes:
            method (RailKind): A rail, as request bodies name it.
            country (None | str | Unset): ISO 3166-1 alpha-2: narrows mobile-money operators.
     """

    method: RailKind
    country: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        method = self.method.value

        country: None | str | Unset
        if isinstance(self.country, Unset):
            country = UNSET
        else:
            country = self.country


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "method": method,
        })
        if country is not UNSET:
            field_dict["country"] = country

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        method = RailKind(d.pop("method"))




        def _parse_country(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        country = _parse_country(d.pop("country", UNSET))


        destination = cls(
            method=method,
            country=country,
        )

        return destination

