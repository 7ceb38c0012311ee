from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.invoice_line_kind import InvoiceLineKind






T = TypeVar("T", bound="InvoiceLineView")



@_attrs_define
class InvoiceLineView:
    """ 
        Attributes:
            amount_minor (int):
            description (str):
            kind (InvoiceLineKind): What a line bills.
            quantity (int):
            unit_amount_minor (int):
     """

    amount_minor: int
    description: str
    kind: InvoiceLineKind
    quantity: int
    unit_amount_minor: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        amount_minor = self.amount_minor

        description = self.description

        kind = self.kind.value

        quantity = self.quantity

        unit_amount_minor = self.unit_amount_minor


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount_minor": amount_minor,
            "description": description,
            "kind": kind,
            "quantity": quantity,
            "unit_amount_minor": unit_amount_minor,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        description = d.pop("description")

        kind = InvoiceLineKind(d.pop("kind"))




        quantity = d.pop("quantity")

        unit_amount_minor = d.pop("unit_amount_minor")

        invoice_line_view = cls(
            amount_minor=amount_minor,
            description=description,
            kind=kind,
            quantity=quantity,
            unit_amount_minor=unit_amount_minor,
        )


        invoice_line_view.additional_properties = d
        return invoice_line_view

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
