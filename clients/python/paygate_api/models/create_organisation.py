from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CreateOrganisation")



@_attrs_define
class CreateOrganisation:
    """ 
        Attributes:
            country (str): ISO 3166-1 alpha-2 (`CD`).
            default_currency (str): ISO 4217 (`CDF`).
            name (str):
            owner_email (str): The owner's login e-mail; a password and PIN are generated and shown once.
            email (None | str | Unset): Unique e-mail.
            phone (None | str | Unset): Unique E.164 phone.
            tag (None | str | Unset): Unique `@tag` (3 to 30 of a-z, 0-9, _).
     """

    country: str
    default_currency: str
    name: str
    owner_email: str
    email: None | str | Unset = UNSET
    phone: None | str | Unset = UNSET
    tag: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        country = self.country

        default_currency = self.default_currency

        name = self.name

        owner_email = self.owner_email

        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone

        tag: None | str | Unset
        if isinstance(self.tag, Unset):
            tag = UNSET
        else:
            tag = self.tag


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "country": country,
            "default_currency": default_currency,
            "name": name,
            "owner_email": owner_email,
        })
        if email is not UNSET:
            field_dict["email"] = email
        if phone is not UNSET:
            field_dict["phone"] = phone
        if tag is not UNSET:
            field_dict["tag"] = tag

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        country = d.pop("country")

        default_currency = d.pop("default_currency")

        name = d.pop("name")

        owner_email = d.pop("owner_email")

        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))


        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))


        def _parse_tag(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tag = _parse_tag(d.pop("tag", UNSET))


        create_organisation = cls(
            country=country,
            default_currency=default_currency,
            name=name,
            owner_email=owner_email,
            email=email,
            phone=phone,
            tag=tag,
        )

        return create_organisation

