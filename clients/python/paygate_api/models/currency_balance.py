from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.currency_balance_currency import CurrencyBalanceCurrency






T = TypeVar("T", bound="CurrencyBalance")



@_attrs_define
class CurrencyBalance:
    """ Balances of one currency, by class, in minor units.

        Attributes:
            available_minor (int):
            currency (CurrencyBalanceCurrency):
            disputed_minor (int):
            escrow_minor (int):
            frozen_minor (int):
            held_minor (int):
            in_transit_minor (int): Paid out, on its way to the destination (payouts).
            pending_minor (int):
            reserved_minor (int):
            settlement_pending_minor (int):
            suspense_minor (int):
     """

    available_minor: int
    currency: CurrencyBalanceCurrency
    disputed_minor: int
    escrow_minor: int
    frozen_minor: int
    held_minor: int
    in_transit_minor: int
    pending_minor: int
    reserved_minor: int
    settlement_pending_minor: int
    suspense_minor: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        available_minor = self.available_minor

        currency = self.currency.value

        disputed_minor = self.disputed_minor

        escrow_minor = self.escrow_minor

        frozen_minor = self.frozen_minor

        held_minor = self.held_minor

        in_transit_minor = self.in_transit_minor

        pending_minor = self.pending_minor

        reserved_minor = self.reserved_minor

        settlement_pending_minor = self.settlement_pending_minor

        suspense_minor = self.suspense_minor


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "available_minor": available_minor,
            "currency": currency,
            "disputed_minor": disputed_minor,
            "escrow_minor": escrow_minor,
            "frozen_minor": frozen_minor,
            "held_minor": held_minor,
            "in_transit_minor": in_transit_minor,
            "pending_minor": pending_minor,
            "reserved_minor": reserved_minor,
            "settlement_pending_minor": settlement_pending_minor,
            "suspense_minor": suspense_minor,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        available_minor = d.pop("available_minor")

        currency = CurrencyBalanceCurrency(d.pop("currency"))




        disputed_minor = d.pop("disputed_minor")

        escrow_minor = d.pop("escrow_minor")

        frozen_minor = d.pop("frozen_minor")

        held_minor = d.pop("held_minor")

        in_transit_minor = d.pop("in_transit_minor")

        pending_minor = d.pop("pending_minor")

        reserved_minor = d.pop("reserved_minor")

        settlement_pending_minor = d.pop("settlement_pending_minor")

        suspense_minor = d.pop("suspense_minor")

        currency_balance = cls(
            available_minor=available_minor,
            currency=currency,
            disputed_minor=disputed_minor,
            escrow_minor=escrow_minor,
            frozen_minor=frozen_minor,
            held_minor=held_minor,
            in_transit_minor=in_transit_minor,
            pending_minor=pending_minor,
            reserved_minor=reserved_minor,
            settlement_pending_minor=settlement_pending_minor,
            suspense_minor=suspense_minor,
        )


        currency_balance.additional_properties = d
        return currency_balance

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
