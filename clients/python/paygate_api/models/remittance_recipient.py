from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="RemittanceRecipient")



@_attrs_define
class RemittanceRecipient:
    """ Who receives it (spec section 4.7; the origin's fields besides).

        Attributes:
            account_number (None | str | Unset):
            address (None | str | Unset):
            bank_account_id (None | str | Unset): A saved bank account of the origin: this gateway keeps none (404).
            bank_name (None | str | Unset):
            country (None | str | Unset): ISO 3166-1 alpha-2: the bank's country, and the default target currency's.
            email (None | str | Unset): A wallet's e-mail.
            id_number (None | str | Unset):
            name (None | str | Unset): 2 to 120 characters; required for bank and cash pickup.
            operator_id (None | str | Unset): Mobile money: the operator (`mpesa_cd`, ...).
            phone (None | str | Unset): E.164: a mobile-money number, or a wallet's phone.
            swift (None | str | Unset):
            tag (None | str | Unset): A wallet's tag (`@amani` or `amani`).
     """

    account_number: None | str | Unset = UNSET
    address: None | str | Unset = UNSET
    bank_account_id: None | str | Unset = UNSET
    bank_name: None | str | Unset = UNSET
    country: None | str | Unset = UNSET
    email: None | str | Unset = UNSET
    id_number: None | str | Unset = UNSET
    name: None | str | Unset = UNSET
    operator_id: None | str | Unset = UNSET
    phone: None | str | Unset = UNSET
    swift: None | str | Unset = UNSET
    tag: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        account_number: None | str | Unset
        if isinstance(self.account_number, Unset):
            account_number = UNSET
        else:
            account_number = self.account_number

        address: None | str | Unset
        if isinstance(self.address, Unset):
            address = UNSET
        else:
            address = self.address

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

        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        id_number: None | str | Unset
        if isinstance(self.id_number, Unset):
            id_number = UNSET
        else:
            id_number = self.id_number

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

        tag: None | str | Unset
        if isinstance(self.tag, Unset):
            tag = UNSET
        else:
            tag = self.tag


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if account_number is not UNSET:
            field_dict["account_number"] = account_number
        if address is not UNSET:
            field_dict["address"] = address
        if bank_account_id is not UNSET:
            field_dict["bank_account_id"] = bank_account_id
        if bank_name is not UNSET:
            field_dict["bank_name"] = bank_name
        if country is not UNSET:
            field_dict["country"] = country
        if email is not UNSET:
            field_dict["email"] = email
        if id_number is not UNSET:
            field_dict["id_number"] = id_number
        if name is not UNSET:
            field_dict["name"] = name
        if operator_id is not UNSET:
            field_dict["operator_id"] = operator_id
        if phone is not UNSET:
            field_dict["phone"] = phone
        if swift is not UNSET:
            field_dict["swift"] = swift
        if tag is not UNSET:
            field_dict["tag"] = tag

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_account_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        account_number = _parse_account_number(d.pop("account_number", UNSET))


        def _parse_address(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        address = _parse_address(d.pop("address", UNSET))


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


        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))


        def _parse_id_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        id_number = _parse_id_number(d.pop("id_number", UNSET))


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


        def _parse_tag(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tag = _parse_tag(d.pop("tag", UNSET))


        remittance_recipient = cls(
            account_number=account_number,
            address=address,
            bank_account_id=bank_account_id,
            bank_name=bank_name,
            country=country,
            email=email,
            id_number=id_number,
            name=name,
            operator_id=operator_id,
            phone=phone,
            swift=swift,
            tag=tag,
        )

        return remittance_recipient

