from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="ColumnView")



@_attrs_define
class ColumnView:
    """ 
        Attributes:
            description (str):
            example (str):
            name (str):
            required_for (list[str]): The methods whose rows must fill it (all three for `method` and `amount`).
     """

    description: str
    example: str
    name: str
    required_for: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        description = self.description

        example = self.example

        name = self.name

        required_for = self.required_for




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "description": description,
            "example": example,
            "name": name,
            "required_for": required_for,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        description = d.pop("description")

        example = d.pop("example")

        name = d.pop("name")

        required_for = cast(list[str], d.pop("required_for"))


        column_view = cls(
            description=description,
            example=example,
            name=name,
            required_for=required_for,
        )


        column_view.additional_properties = d
        return column_view

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
