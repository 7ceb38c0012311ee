from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_money_request_currency import CreateMoneyRequestCurrency
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CreateMoneyRequest")



@_attrs_define
class CreateMoneyRequest:
    """ 
        Attributes:
            amount_minor (int):
            currency (CreateMoneyRequestCurrency):
            payer (str): Who should pay: a phone number (+243...), an e-mail address, or a @tag.
            description (None | str | Unset):
            expires_in_minutes (int | None | Unset): 1 to 43 200 minutes; default 7 days.
     """

    amount_minor: int
    currency: CreateMoneyRequestCurrency
    payer: str
    description: None | str | Unset = UNSET
    expires_in_minutes: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        amount_minor = self.amount_minor

        currency = self.currency.value

        payer = self.payer

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        expires_in_minutes: int | None | Unset
        if isinstance(self.expires_in_minutes, Unset):
            expires_in_minutes = UNSET
        else:
            expires_in_minutes = self.expires_in_minutes


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "amount_minor": amount_minor,
            "currency": currency,
            "payer": payer,
        })
        if description is not UNSET:
            field_dict["description"] = description
        if expires_in_minutes is not UNSET:
            field_dict["expires_in_minutes"] = expires_in_minutes

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        currency = CreateMoneyRequestCurrency(d.pop("currency"))




        payer = d.pop("payer")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        def _parse_expires_in_minutes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expires_in_minutes = _parse_expires_in_minutes(d.pop("expires_in_minutes", UNSET))


        create_money_request = cls(
            amount_minor=amount_minor,
            currency=currency,
            payer=payer,
            description=description,
            expires_in_minutes=expires_in_minutes,
        )

        return create_money_request

