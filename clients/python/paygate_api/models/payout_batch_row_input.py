from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PayoutBatchRowInput")



@_attrs_define
class PayoutBatchRowInput:
    """ One row as JSON: the CSV's columns as fields.

        Attributes:
            account_name (None | str | Unset):
            account_number (None | str | Unset):
            amount (None | str | Unset): In MAJOR units as a string (`"1500.50"`), or a whole number; a JSON
                number with a fraction is refused (it is a float). Or `amount_minor`. Example: 1500.50.
            amount_minor (int | None | Unset): Instead of `amount`: minor units.
            bank_account_id (None | str | Unset):
            bank_name (None | str | Unset):
            country (None | str | Unset):
            method (None | str | Unset): `mobile_money`, `bank` or `wallet`.
            name (None | str | Unset):
            operator_id (None | str | Unset):
            phone (None | str | Unset):
            reference (None | str | Unset):
            swift (None | str | Unset):
            wallet (None | str | Unset):
     """

    account_name: None | str | Unset = UNSET
    account_number: None | str | Unset = UNSET
    amount: None | str | Unset = UNSET
    amount_minor: int | None | Unset = UNSET
    bank_account_id: None | str | Unset = UNSET
    bank_name: None | str | Unset = UNSET
    country: None | str | Unset = UNSET
    method: None | str | Unset = UNSET
    name: None | str | Unset = UNSET
    operator_id: None | str | Unset = UNSET
    phone: None | str | Unset = UNSET
    reference: None | str | Unset = UNSET
    swift: None | str | Unset = UNSET
    wallet: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
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

        amount: None | str | Unset
        if isinstance(self.amount, Unset):
            amount = UNSET
        else:
            amount = self.amount

        amount_minor: int | None | Unset
        if isinstance(self.amount_minor, Unset):
            amount_minor = UNSET
        else:
            amount_minor = self.amount_minor

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

        method: None | str | Unset
        if isinstance(self.method, Unset):
            method = UNSET
        else:
            method = self.method

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

        reference: None | str | Unset
        if isinstance(self.reference, Unset):
            reference = UNSET
        else:
            reference = self.reference

        swift: None | str | Unset
        if isinstance(self.swift, Unset):
            swift = UNSET
        else:
            swift = self.swift

        wallet: None | str | Unset
        if isinstance(self.wallet, Unset):
            wallet = UNSET
        else:
            wallet = self.wallet


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if account_name is not UNSET:
            field_dict["account_name"] = account_name
        if account_number is not UNSET:
            field_dict["account_number"] = account_number
        if amount is not UNSET:
            field_dict["amount"] = amount
        if amount_minor is not UNSET:
            field_dict["amount_minor"] = amount_minor
        if bank_account_id is not UNSET:
            field_dict["bank_account_id"] = bank_account_id
        if bank_name is not UNSET:
            field_dict["bank_name"] = bank_name
        if country is not UNSET:
            field_dict["country"] = country
        if method is not UNSET:
            field_dict["method"] = method
        if name is not UNSET:
            field_dict["name"] = name
        if operator_id is not UNSET:
            field_dict["operator_id"] = operator_id
        if phone is not UNSET:
            field_dict["phone"] = phone
        if reference is not UNSET:
            field_dict["reference"] = reference
        if swift is not UNSET:
            field_dict["swift"] = swift
        if wallet is not UNSET:
            field_dict["wallet"] = wallet

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
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


        def _parse_amount(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        amount = _parse_amount(d.pop("amount", UNSET))


        def _parse_amount_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount_minor = _parse_amount_minor(d.pop("amount_minor", UNSET))


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


        def _parse_method(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        method = _parse_method(d.pop("method", UNSET))


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


        def _parse_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reference = _parse_reference(d.pop("reference", UNSET))


        def _parse_swift(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        swift = _parse_swift(d.pop("swift", UNSET))


        def _parse_wallet(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        wallet = _parse_wallet(d.pop("wallet", UNSET))


        payout_batch_row_input = cls(
            account_name=account_name,
            account_number=account_number,
            amount=amount,
            amount_minor=amount_minor,
            bank_account_id=bank_account_id,
            bank_name=bank_name,
            country=country,
            method=method,
            name=name,
            operator_id=operator_id,
            phone=phone,
            reference=reference,
            swift=swift,
            wallet=wallet,
        )

        return payout_batch_row_input

