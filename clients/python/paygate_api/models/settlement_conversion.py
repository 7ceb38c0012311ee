from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.settlement_conversion_currency import SettlementConversionCurrency






T = TypeVar("T", bound="SettlementConversion")



@_attrs_define
class SettlementConversion:
    """ A conversion disclosed on a cycle paid in another currency (docs/fx.md).

        Attributes:
            amount_minor (int): What the net became, in the settlement currency.
            currency (SettlementConversionCurrency):
            fee_minor (int): The exchange fee, in the cycle's currency.
            margin_bps (int):
            mid_rate (str): The mid-market rate, settlement currency per unit of the cycle's currency.
            rate (str): The rate applied: the mid rate less the margin.
            transaction (str): The posting of the conversion.
     """

    amount_minor: int
    currency: SettlementConversionCurrency
    fee_minor: int
    margin_bps: int
    mid_rate: str
    rate: str
    transaction: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        amount_minor = self.amount_minor

        currency = self.currency.value

        fee_minor = self.fee_minor

        margin_bps = self.margin_bps

        mid_rate = self.mid_rate

        rate = self.rate

        transaction = self.transaction


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount_minor": amount_minor,
            "currency": currency,
            "fee_minor": fee_minor,
            "margin_bps": margin_bps,
            "mid_rate": mid_rate,
            "rate": rate,
            "transaction": transaction,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        currency = SettlementConversionCurrency(d.pop("currency"))




        fee_minor = d.pop("fee_minor")

        margin_bps = d.pop("margin_bps")

        mid_rate = d.pop("mid_rate")

        rate = d.pop("rate")

        transaction = d.pop("transaction")

        settlement_conversion = cls(
            amount_minor=amount_minor,
            currency=currency,
            fee_minor=fee_minor,
            margin_bps=margin_bps,
            mid_rate=mid_rate,
            rate=rate,
            transaction=transaction,
        )


        settlement_conversion.additional_properties = d
        return settlement_conversion

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
