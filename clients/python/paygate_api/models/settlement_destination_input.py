from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.settlement_destination_method import SettlementDestinationMethod
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SettlementDestinationInput")



@_attrs_define
class SettlementDestinationInput:
    """ Where a settlement goes, as a request sends it: `{"method": "wallet"}`, or
    a payout destination (`mobile_money` or `bank`, the fields of `POST /payouts`).

        Attributes:
            method (SettlementDestinationMethod):
            account_name (None | str | Unset): Bank: the account holder, 2 to 120 characters.
            account_number (None | str | Unset): Bank: 4 to 34 letters and digits (spaces and dashes are dropped).
            bank_account_id (None | str | Unset): A saved bank account of the origin. This gateway keeps none, so any
                id answers 404 `bank_account_not_found`: send the bank fields.
            bank_name (None | str | Unset): Bank: 2 to 120 characters.
            country (None | str | Unset): Bank: ISO 3166-1 alpha-2.
            name (None | str | Unset): Mobile money: the recipient's name, 2 to 120 characters (optional).
            operator_id (None | str | Unset): Mobile money: the operator, `<operator>_<country>` (`mpesa_cd`,
                `airtel_cd`, `orange_cd`, `africell_cd`, ...) or a bare operator (`mpesa`). Example: mpesa_cd.
            phone (None | str | Unset): Mobile money: the recipient's number, E.164 with or without its `+`
                (spaces and hyphens are dropped). Example: +243810000001.
            swift (None | str | Unset): Bank: the BIC, 8 or 11 characters (optional).
     """

    method: SettlementDestinationMethod
    account_name: None | str | Unset = UNSET
    account_number: None | str | Unset = UNSET
    bank_account_id: None | str | Unset = UNSET
    bank_name: None | str | Unset = UNSET
    country: None | str | Unset = UNSET
    name: None | str | Unset = UNSET
    operator_id: None | str | Unset = UNSET
    phone: None | str | Unset = UNSET
    swift: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        method = self.method.value

        account_name: None | str | Unset
        if isinstance(self.account_name, Unset):
            account_name = UNSET
        else:
            account_name = self.account_name

        account_number: None | str | Unset
        if isinstance(self.account_number, Unset):
            account_number = UNSET
        else:
            account_number = self.account_number

        bank_account_id: None | str | Unset
        if isinstance(self.bank_account_id, Unset):
            bank_account_id = UNSET
        else:
            bank_account_id = self.bank_account_id

        bank_name: None | str | Unset
        if isinstance(self.bank_name, Unset):
            bank_name = UNSET
        else:
            bank_name = self.bank_name

        country: None | str | Unset
        if isinstance(self.country, Unset):
            country = UNSET
        else:
            country = self.country

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        operator_id: None | str | Unset
        if isinstance(self.operator_id, Unset):
            operator_id = UNSET
        else:
            operator_id = self.operator_id

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone

        swift: None | str | Unset
        if isinstance(self.swift, Unset):
            swift = UNSET
        else:
            swift = self.swift


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "method": method,
        })
        if account_name is not UNSET:
            field_dict["account_name"] = account_name
        if account_number is not UNSET:
            field_dict["account_number"] = account_number
        if bank_account_id is not UNSET:
            field_dict["bank_account_id"] = bank_account_id
        if bank_name is not UNSET:
            field_dict["bank_name"] = bank_name
        if country is not UNSET:
            field_dict["country"] = country
        if name is not UNSET:
            field_dict["name"] = name
        if operator_id is not UNSET:
            field_dict["operator_id"] = operator_id
        if phone is not UNSET:
            field_dict["phone"] = phone
        if swift is not UNSET:
            field_dict["swift"] = swift

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        method = SettlementDestinationMethod(d.pop("method"))




        def _parse_account_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        account_name = _parse_account_name(d.pop("account_name", UNSET))


        def _parse_account_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        account_number = _parse_account_number(d.pop("account_number", UNSET))


        def _parse_bank_account_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        bank_account_id = _parse_bank_account_id(d.pop("bank_account_id", UNSET))


        def _parse_bank_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        bank_name = _parse_bank_name(d.pop("bank_name", UNSET))


        def _parse_country(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        country = _parse_country(d.pop("country", UNSET))


        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))


        def _parse_operator_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        operator_id = _parse_operator_id(d.pop("operator_id", UNSET))


        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))


        def _parse_swift(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        swift = _parse_swift(d.pop("swift", UNSET))


        settlement_destination_input = cls(
            method=method,
            account_name=account_name,
            account_number=account_number,
            bank_account_id=bank_account_id,
            bank_name=bank_name,
            country=country,
            name=name,
            operator_id=operator_id,
            phone=phone,
            swift=swift,
        )

        return settlement_destination_input

