from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_fx_quote_currency import CreateFxQuoteCurrency
from ..models.create_fx_quote_target_currency import CreateFxQuoteTargetCurrency






T = TypeVar("T", bound="CreateFxQuote")



@_attrs_define
class CreateFxQuote:
    """ 
        Attributes:
            amount_minor (int): What to convert, in `currency` minor units, the 80 bps fee included.
            currency (CreateFxQuoteCurrency): The source currency (ISO 4217, upper case). Example: USD.
            target_currency (CreateFxQuoteTargetCurrency): The currency the recipient gets; not `currency`. Example: CDF.
     """

    amount_minor: int
    currency: CreateFxQuoteCurrency
    target_currency: CreateFxQuoteTargetCurrency





    def to_dict(self) -> dict[str, Any]:
        amount_minor = self.amount_minor

        currency = self.currency.value

        target_currency = self.target_currency.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "amount_minor": amount_minor,
            "currency": currency,
            "target_currency": target_currency,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        currency = CreateFxQuoteCurrency(d.pop("currency"))




        target_currency = CreateFxQuoteTargetCurrency(d.pop("target_currency"))




        create_fx_quote = cls(
            amount_minor=amount_minor,
            currency=currency,
            target_currency=target_currency,
        )

        return create_fx_quote

