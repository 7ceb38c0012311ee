from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.payout_destination_type_1_method import PayoutDestinationType1Method
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PayoutDestinationType1")



@_attrs_define
class PayoutDestinationType1:
    """ 
        Attributes:
            account_name (str):
            account_number (str): Letters and digits, upper-cased.
            bank_name (str):
            country (str): ISO 3166-1 alpha-2, upper-cased.
            method (PayoutDestinationType1Method):
            swift (None | str | Unset):
     """

    account_name: str
    account_number: str
    bank_name: str
    country: str
    method: PayoutDestinationType1Method
    swift: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        account_name = self.account_name

        account_number = self.account_number

        bank_name = self.bank_name

        country = self.country

        method = self.method.value

        swift: None | str | Unset
        if isinstance(self.swift, Unset):
            swift = UNSET
        else:
            swift = self.swift


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "account_name": account_name,
            "account_number": account_number,
            "bank_name": bank_name,
            "country": country,
            "method": method,
        })
        if swift is not UNSET:
            field_dict["swift"] = swift

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        account_name = d.pop("account_name")

        account_number = d.pop("account_number")

        bank_name = d.pop("bank_name")

        country = d.pop("country")

        method = PayoutDestinationType1Method(d.pop("method"))




        def _parse_swift(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        swift = _parse_swift(d.pop("swift", UNSET))


        payout_destination_type_1 = cls(
            account_name=account_name,
            account_number=account_number,
            bank_name=bank_name,
            country=country,
            method=method,
            swift=swift,
        )


        payout_destination_type_1.additional_properties = d
        return payout_destination_type_1

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
