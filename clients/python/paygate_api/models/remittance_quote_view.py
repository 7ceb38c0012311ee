from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.remittance_quote_view_target_currency import RemittanceQuoteViewTargetCurrency
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="RemittanceQuoteView")



@_attrs_define
class RemittanceQuoteView:
    """ `GET /remittances/quote` (O§21).

        Attributes:
            fee_bps (int): 100 bps of the amount, on top, at least 1.
            fee_minor (int):
            margin_bps (int):
            object_ (str): Always `remittance_quote`.
            source_amount_minor (int):
            source_currency (str):
            target_amount_minor (int): `round(source × mid × (1 − margin))`, rounded down to the target's minor unit.
            target_currency (RemittanceQuoteViewTargetCurrency):
            total_minor (int): What the sender pays in all.
            mid_rate (None | str | Unset):
            rate (None | str | Unset):
     """

    fee_bps: int
    fee_minor: int
    margin_bps: int
    object_: str
    source_amount_minor: int
    source_currency: str
    target_amount_minor: int
    target_currency: RemittanceQuoteViewTargetCurrency
    total_minor: int
    mid_rate: None | str | Unset = UNSET
    rate: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        fee_bps = self.fee_bps

        fee_minor = self.fee_minor

        margin_bps = self.margin_bps

        object_ = self.object_

        source_amount_minor = self.source_amount_minor

        source_currency = self.source_currency

        target_amount_minor = self.target_amount_minor

        target_currency = self.target_currency.value

        total_minor = self.total_minor

        mid_rate: None | str | Unset
        if isinstance(self.mid_rate, Unset):
            mid_rate = UNSET
        else:
            mid_rate = self.mid_rate

        rate: None | str | Unset
        if isinstance(self.rate, Unset):
            rate = UNSET
        else:
            rate = self.rate


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "fee_bps": fee_bps,
            "fee_minor": fee_minor,
            "margin_bps": margin_bps,
            "object": object_,
            "source_amount_minor": source_amount_minor,
            "source_currency": source_currency,
            "target_amount_minor": target_amount_minor,
            "target_currency": target_currency,
            "total_minor": total_minor,
        })
        if mid_rate is not UNSET:
            field_dict["mid_rate"] = mid_rate
        if rate is not UNSET:
            field_dict["rate"] = rate

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        fee_bps = d.pop("fee_bps")

        fee_minor = d.pop("fee_minor")

        margin_bps = d.pop("margin_bps")

        object_ = d.pop("object")

        source_amount_minor = d.pop("source_amount_minor")

        source_currency = d.pop("source_currency")

        target_amount_minor = d.pop("target_amount_minor")

        target_currency = RemittanceQuoteViewTargetCurrency(d.pop("target_currency"))




        total_minor = d.pop("total_minor")

        def _parse_mid_rate(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        mid_rate = _parse_mid_rate(d.pop("mid_rate", UNSET))


        def _parse_rate(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rate = _parse_rate(d.pop("rate", UNSET))


        remittance_quote_view = cls(
            fee_bps=fee_bps,
            fee_minor=fee_minor,
            margin_bps=margin_bps,
            object_=object_,
            source_amount_minor=source_amount_minor,
            source_currency=source_currency,
            target_amount_minor=target_amount_minor,
            target_currency=target_currency,
            total_minor=total_minor,
            mid_rate=mid_rate,
            rate=rate,
        )


        remittance_quote_view.additional_properties = d
        return remittance_quote_view

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
