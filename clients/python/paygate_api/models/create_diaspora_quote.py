from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CreateDiasporaQuote")



@_attrs_define
class CreateDiasporaQuote:
    """ 
        Attributes:
            institution (str): The verified institution paid (`ins_...`, GET /institutions).
            purpose_code (str): One of the institution's purpose codes. Example: SCHOOL.
            reference (str): The beneficiary reference at the institution (a student number, an invoice), 1 to 80
                characters.
            source_currency (str): The wallet currency paid from. Example: USD.
            dest_currency (None | str | Unset): Default: CDF for an institution in CD, else USD.
            dest_minor (int | None | Unset): The amount the institution must receive.
            rate_card (None | str | Unset): The rate card shown to the sender (`rc_...`); refused once expired or
                superseded. Default: the pair's live card.
            source_minor (int | None | Unset): The amount sent; or `dest_minor`, not both.
     """

    institution: str
    purpose_code: str
    reference: str
    source_currency: str
    dest_currency: None | str | Unset = UNSET
    dest_minor: int | None | Unset = UNSET
    rate_card: None | str | Unset = UNSET
    source_minor: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        institution = self.institution

        purpose_code = self.purpose_code

        reference = self.reference

        source_currency = self.source_currency

        dest_currency: None | str | Unset
        if isinstance(self.dest_currency, Unset):
            dest_currency = UNSET
        else:
            dest_currency = self.dest_currency

        dest_minor: int | None | Unset
        if isinstance(self.dest_minor, Unset):
            dest_minor = UNSET
        else:
            dest_minor = self.dest_minor

        rate_card: None | str | Unset
        if isinstance(self.rate_card, Unset):
            rate_card = UNSET
        else:
            rate_card = self.rate_card

        source_minor: int | None | Unset
        if isinstance(self.source_minor, Unset):
            source_minor = UNSET
        else:
            source_minor = self.source_minor


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "institution": institution,
            "purpose_code": purpose_code,
            "reference": reference,
            "source_currency": source_currency,
        })
        if dest_currency is not UNSET:
            field_dict["dest_currency"] = dest_currency
        if dest_minor is not UNSET:
            field_dict["dest_minor"] = dest_minor
        if rate_card is not UNSET:
            field_dict["rate_card"] = rate_card
        if source_minor is not UNSET:
            field_dict["source_minor"] = source_minor

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        institution = d.pop("institution")

        purpose_code = d.pop("purpose_code")

        reference = d.pop("reference")

        source_currency = d.pop("source_currency")

        def _parse_dest_currency(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        dest_currency = _parse_dest_currency(d.pop("dest_currency", UNSET))


        def _parse_dest_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        dest_minor = _parse_dest_minor(d.pop("dest_minor", UNSET))


        def _parse_rate_card(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rate_card = _parse_rate_card(d.pop("rate_card", UNSET))


        def _parse_source_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        source_minor = _parse_source_minor(d.pop("source_minor", UNSET))


        create_diaspora_quote = cls(
            institution=institution,
            purpose_code=purpose_code,
            reference=reference,
            source_currency=source_currency,
            dest_currency=dest_currency,
            dest_minor=dest_minor,
            rate_card=rate_card,
            source_minor=source_minor,
        )

        return create_diaspora_quote

