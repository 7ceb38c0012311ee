from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bank_instructions_currency import BankInstructionsCurrency






T = TypeVar("T", bound="BankInstructions")



@_attrs_define
class BankInstructions:
    """ Where and how a bank transfer pays the intent (Stripe's
    `display_bank_transfer_instructions`).

        Attributes:
            account_name (str):
            account_number (str):
            amount_in_review_minor (int): Arrived after the transfer's attempt closed: held for review.
            amount_minor (int):
            amount_received_minor (int): Credited so far towards the amount.
            amount_remaining_minor (int):
            amount_returned_minor (int): Sent back: an overpayment's excess, or a short payment when the intent closed
                unpaid.
            bank_name (str):
            currency (BankInstructionsCurrency):
            expires_at (str): Transfers after this are held for review.
            reference (str): Quote it in the transfer: it is how the credit finds this payment.
            swift_code (str):
     """

    account_name: str
    account_number: str
    amount_in_review_minor: int
    amount_minor: int
    amount_received_minor: int
    amount_remaining_minor: int
    amount_returned_minor: int
    bank_name: str
    currency: BankInstructionsCurrency
    expires_at: str
    reference: str
    swift_code: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        account_name = self.account_name

        account_number = self.account_number

        amount_in_review_minor = self.amount_in_review_minor

        amount_minor = self.amount_minor

        amount_received_minor = self.amount_received_minor

        amount_remaining_minor = self.amount_remaining_minor

        amount_returned_minor = self.amount_returned_minor

        bank_name = self.bank_name

        currency = self.currency.value

        expires_at = self.expires_at

        reference = self.reference

        swift_code = self.swift_code


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "account_name": account_name,
            "account_number": account_number,
            "amount_in_review_minor": amount_in_review_minor,
            "amount_minor": amount_minor,
            "amount_received_minor": amount_received_minor,
            "amount_remaining_minor": amount_remaining_minor,
            "amount_returned_minor": amount_returned_minor,
            "bank_name": bank_name,
            "currency": currency,
            "expires_at": expires_at,
            "reference": reference,
            "swift_code": swift_code,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        account_name = d.pop("account_name")

        account_number = d.pop("account_number")

        amount_in_review_minor = d.pop("amount_in_review_minor")

        amount_minor = d.pop("amount_minor")

        amount_received_minor = d.pop("amount_received_minor")

        amount_remaining_minor = d.pop("amount_remaining_minor")

        amount_returned_minor = d.pop("amount_returned_minor")

        bank_name = d.pop("bank_name")

        currency = BankInstructionsCurrency(d.pop("currency"))




        expires_at = d.pop("expires_at")

        reference = d.pop("reference")

        swift_code = d.pop("swift_code")

        bank_instructions = cls(
            account_name=account_name,
            account_number=account_number,
            amount_in_review_minor=amount_in_review_minor,
            amount_minor=amount_minor,
            amount_received_minor=amount_received_minor,
            amount_remaining_minor=amount_remaining_minor,
            amount_returned_minor=amount_returned_minor,
            bank_name=bank_name,
            currency=currency,
            expires_at=expires_at,
            reference=reference,
            swift_code=swift_code,
        )


        bank_instructions.additional_properties = d
        return bank_instructions

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
