from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="LineItem")



@_attrs_define
class LineItem:
    """ 
        Attributes:
            name (str):
            quantity (int):
            unit_amount_minor (int):
     """

    name: str
    quantity: int
    unit_amount_minor: int





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        quantity = self.quantity

        unit_amount_minor = self.unit_amount_minor


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "quantity": quantity,
            "unit_amount_minor": unit_amount_minor,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        quantity = d.pop("quantity")

        unit_amount_minor = d.pop("unit_amount_minor")

        line_item = cls(
            name=name,
            quantity=quantity,
            unit_amount_minor=unit_amount_minor,
        )

        return line_item

