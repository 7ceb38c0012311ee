from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_transfer_currency import CreateTransferCurrency
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CreateTransfer")



@_attrs_define
class CreateTransfer:
    """ 
        Attributes:
            amount_minor (int): At least 100; the fee (75 bps, at least 1) is paid on top.
            currency (CreateTransferCurrency):
            to (str): The recipient organisation: its id (`org_...`), `@tag`, phone (E.164) or e-mail; a
                platform may name its connected account by the account's id (`acct_...`).
            note (None | str | Unset):
            quote_id (None | str | Unset): An FX quote (`POST /fx/quotes`) of this amount and currency: the
                recipient gets its recipient amount in its target currency. Honoured
                once, before it expires.
     """

    amount_minor: int
    currency: CreateTransferCurrency
    to: str
    note: None | str | Unset = UNSET
    quote_id: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        amount_minor = self.amount_minor

        currency = self.currency.value

        to = self.to

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        quote_id: None | str | Unset
        if isinstance(self.quote_id, Unset):
            quote_id = UNSET
        else:
            quote_id = self.quote_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "amount_minor": amount_minor,
            "currency": currency,
            "to": to,
        })
        if note is not UNSET:
            field_dict["note"] = note
        if quote_id is not UNSET:
            field_dict["quote_id"] = quote_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        currency = CreateTransferCurrency(d.pop("currency"))




        to = d.pop("to")

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))


        def _parse_quote_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        quote_id = _parse_quote_id(d.pop("quote_id", UNSET))


        create_transfer = cls(
            amount_minor=amount_minor,
            currency=currency,
            to=to,
            note=note,
            quote_id=quote_id,
        )

        return create_transfer

