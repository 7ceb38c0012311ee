from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bank_credit_input_currency import BankCreditInputCurrency






T = TypeVar("T", bound="BankCreditInput")



@_attrs_define
class BankCreditInput:
    """ `POST /sandbox/bank_credits`: a simulated incoming bank transfer.

        Attributes:
            amount_minor (int):
            currency (BankCreditInputCurrency):
            reference (str): The reference of the intent's `bank_instructions`, as the payer typed
                it (case, spaces and dashes are ignored).
     """

    amount_minor: int
    currency: BankCreditInputCurrency
    reference: str





    def to_dict(self) -> dict[str, Any]:
        amount_minor = self.amount_minor

        currency = self.currency.value

        reference = self.reference


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "amount_minor": amount_minor,
            "currency": currency,
            "reference": reference,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        currency = BankCreditInputCurrency(d.pop("currency"))




        reference = d.pop("reference")

        bank_credit_input = cls(
            amount_minor=amount_minor,
            currency=currency,
            reference=reference,
        )

        return bank_credit_input

