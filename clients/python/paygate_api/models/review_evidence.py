from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ReviewEvidence")



@_attrs_define
class ReviewEvidence:
    """ What the operator saw.

        Attributes:
            reference (str): The provider's reference for the transaction, or the line of its
                statement that shows the outcome: 3 to 200 characters, not all blank.
            note (None | str | Unset): What else the operator wants on record (a call with the provider, a
                ticket number): at most 500 characters.
     """

    reference: str
    note: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        reference = self.reference

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "reference": reference,
        })
        if note is not UNSET:
            field_dict["note"] = note

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reference = d.pop("reference")

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))


        review_evidence = cls(
            reference=reference,
            note=note,
        )

        return review_evidence

