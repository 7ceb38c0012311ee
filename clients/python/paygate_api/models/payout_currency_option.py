from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.payout_currency_option_currency import PayoutCurrencyOptionCurrency
from ..models.payout_currency_reason import PayoutCurrencyReason
from typing import cast






T = TypeVar("T", bound="PayoutCurrencyOption")



@_attrs_define
class PayoutCurrencyOption:
    """ One candidate currency.

        Attributes:
            available (bool): Nothing blocks it: a route in it may be created now.
            consent_required (bool): The corridor asks the recipient to consent to a non-local currency.
            currency (PayoutCurrencyOptionCurrency):
            is_local (bool): The recipient's local currency (the operator's or the bank's country's).
            liquidity_available (bool): The float of the currency can carry the payout now.
            reasons (list[PayoutCurrencyReason]): What blocks it.
            warnings (list[PayoutCurrencyReason]): What does not block it but may make the route wait.
     """

    available: bool
    consent_required: bool
    currency: PayoutCurrencyOptionCurrency
    is_local: bool
    liquidity_available: bool
    reasons: list[PayoutCurrencyReason]
    warnings: list[PayoutCurrencyReason]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        available = self.available

        consent_required = self.consent_required

        currency = self.currency.value

        is_local = self.is_local

        liquidity_available = self.liquidity_available

        reasons = []
        for reasons_item_data in self.reasons:
            reasons_item = reasons_item_data.value
            reasons.append(reasons_item)



        warnings = []
        for warnings_item_data in self.warnings:
            warnings_item = warnings_item_data.value
            warnings.append(warnings_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "available": available,
            "consent_required": consent_required,
            "currency": currency,
            "is_local": is_local,
            "liquidity_available": liquidity_available,
            "reasons": reasons,
            "warnings": warnings,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        available = d.pop("available")

        consent_required = d.pop("consent_required")

        currency = PayoutCurrencyOptionCurrency(d.pop("currency"))




        is_local = d.pop("is_local")

        liquidity_available = d.pop("liquidity_available")

        reasons = []
        _reasons = d.pop("reasons")
        for reasons_item_data in (_reasons):
            reasons_item = PayoutCurrencyReason(reasons_item_data)



            reasons.append(reasons_item)


        warnings = []
        _warnings = d.pop("warnings")
        for warnings_item_data in (_warnings):
            warnings_item = PayoutCurrencyReason(warnings_item_data)



            warnings.append(warnings_item)


        payout_currency_option = cls(
            available=available,
            consent_required=consent_required,
            currency=currency,
            is_local=is_local,
            liquidity_available=liquidity_available,
            reasons=reasons,
            warnings=warnings,
        )


        payout_currency_option.additional_properties = d
        return payout_currency_option

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
