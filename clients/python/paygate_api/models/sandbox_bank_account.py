from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="SandboxBankAccount")



@_attrs_define
class SandboxBankAccount:
    """ 
        Attributes:
            account_name (str):
            account_number (str):
            bank_name (str):
            swift_code (str):
     """

    account_name: str
    account_number: str
    bank_name: str
    swift_code: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        account_name = self.account_name

        account_number = self.account_number

        bank_name = self.bank_name

        swift_code = self.swift_code


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "account_name": account_name,
            "account_number": account_number,
            "bank_name": bank_name,
            "swift_code": swift_code,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        account_name = d.pop("account_name")

        account_number = d.pop("account_number")

        bank_name = d.pop("bank_name")

        swift_code = d.pop("swift_code")

        sandbox_bank_account = cls(
            account_name=account_name,
            account_number=account_number,
            bank_name=bank_name,
            swift_code=swift_code,
        )


        sandbox_bank_account.additional_properties = d
        return sandbox_bank_account

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
