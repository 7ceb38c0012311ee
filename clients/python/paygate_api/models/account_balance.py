from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.account_balance_currency import AccountBalanceCurrency






T = TypeVar("T", bound="AccountBalance")



@_attrs_define
class AccountBalance:
    """ 
        Attributes:
            available_minor (int):
            balance_minor (int): Everything held (available, pending, reserved, ...), payouts in transit excepted.
            currency (AccountBalanceCurrency):
            pending_minor (int):
     """

    available_minor: int
    balance_minor: int
    currency: AccountBalanceCurrency
    pending_minor: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        available_minor = self.available_minor

        balance_minor = self.balance_minor

        currency = self.currency.value

        pending_minor = self.pending_minor


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "available_minor": available_minor,
            "balance_minor": balance_minor,
            "currency": currency,
            "pending_minor": pending_minor,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        available_minor = d.pop("available_minor")

        balance_minor = d.pop("balance_minor")

        currency = AccountBalanceCurrency(d.pop("currency"))




        pending_minor = d.pop("pending_minor")

        account_balance = cls(
            available_minor=available_minor,
            balance_minor=balance_minor,
            currency=currency,
            pending_minor=pending_minor,
        )


        account_balance.additional_properties = d
        return account_balance

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
