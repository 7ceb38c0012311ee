from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.collected_currency import CollectedCurrency






T = TypeVar("T", bound="Collected")



@_attrs_define
class Collected:
    """ 
        Attributes:
            amount_minor (int):
            currency (CollectedCurrency):
            invoices (int):
     """

    amount_minor: int
    currency: CollectedCurrency
    invoices: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        amount_minor = self.amount_minor

        currency = self.currency.value

        invoices = self.invoices


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount_minor": amount_minor,
            "currency": currency,
            "invoices": invoices,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        currency = CollectedCurrency(d.pop("currency"))




        invoices = d.pop("invoices")

        collected = cls(
            amount_minor=amount_minor,
            currency=currency,
            invoices=invoices,
        )


        collected.additional_properties = d
        return collected

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
