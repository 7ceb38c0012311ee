from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="CreditFactor")



@_attrs_define
class CreditFactor:
    """ 
        Attributes:
            max_ (int):
            name (str): `income_regularity`, `spend_discipline`, `savings`, `balance_stability`,
                `account`, `commitments`, `conduct`, `verified_income`.
            points (int):
     """

    max_: int
    name: str
    points: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        max_ = self.max_

        name = self.name

        points = self.points


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "max": max_,
            "name": name,
            "points": points,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        max_ = d.pop("max")

        name = d.pop("name")

        points = d.pop("points")

        credit_factor = cls(
            max_=max_,
            name=name,
            points=points,
        )


        credit_factor.additional_properties = d
        return credit_factor

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
