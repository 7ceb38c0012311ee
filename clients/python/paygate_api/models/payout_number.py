from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.payout_outcome import PayoutOutcome






T = TypeVar("T", bound="PayoutNumber")



@_attrs_define
class PayoutNumber:
    """ A row of `GET /sandbox` `payout_numbers`: the same number in either
    form, as a mobile-money phone or as a bank account number.

        Attributes:
            account_number (str): A bank destination's `account_number`.
            behaviour (str): What happens to the payout and its money.
            outcome (PayoutOutcome): What the sandbox does with a payout to a destination.
            payout_ends (str): The payout's status once the sandbox is done.
            phone (str): A mobile-money destination's `phone`.
     """

    account_number: str
    behaviour: str
    outcome: PayoutOutcome
    payout_ends: str
    phone: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        account_number = self.account_number

        behaviour = self.behaviour

        outcome = self.outcome.value

        payout_ends = self.payout_ends

        phone = self.phone


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "account_number": account_number,
            "behaviour": behaviour,
            "outcome": outcome,
            "payout_ends": payout_ends,
            "phone": phone,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        account_number = d.pop("account_number")

        behaviour = d.pop("behaviour")

        outcome = PayoutOutcome(d.pop("outcome"))




        payout_ends = d.pop("payout_ends")

        phone = d.pop("phone")

        payout_number = cls(
            account_number=account_number,
            behaviour=behaviour,
            outcome=outcome,
            payout_ends=payout_ends,
            phone=phone,
        )


        payout_number.additional_properties = d
        return payout_number

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
