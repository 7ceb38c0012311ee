from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CardInput")



@_attrs_define
class CardInput:
    """ A card as the payer typed it. `Debug` shows no digit of it.

        Attributes:
            cvc (str): 3 digits (4 for American Express).
            exp_month (int):
            exp_year (int): Four digits (two are read as 20xx).
            number (str): 12 to 19 digits (spaces and dashes are ignored), Luhn-valid. Test
                mode only: see `GET /sandbox` `card_numbers`. Example: 4242 4242 4242 4242.
            holder_name (None | str | Unset):
     """

    cvc: str
    exp_month: int
    exp_year: int
    number: str
    holder_name: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        cvc = self.cvc

        exp_month = self.exp_month

        exp_year = self.exp_year

        number = self.number

        holder_name: None | str | Unset
        if isinstance(self.holder_name, Unset):
            holder_name = UNSET
        else:
            holder_name = self.holder_name


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "cvc": cvc,
            "exp_month": exp_month,
            "exp_year": exp_year,
            "number": number,
        })
        if holder_name is not UNSET:
            field_dict["holder_name"] = holder_name

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cvc = d.pop("cvc")

        exp_month = d.pop("exp_month")

        exp_year = d.pop("exp_year")

        number = d.pop("number")

        def _parse_holder_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        holder_name = _parse_holder_name(d.pop("holder_name", UNSET))


        card_input = cls(
            cvc=cvc,
            exp_month=exp_month,
            exp_year=exp_year,
            number=number,
            holder_name=holder_name,
        )

        return card_input

