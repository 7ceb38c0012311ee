from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.review_outcome import ReviewOutcome






T = TypeVar("T", bound="ReviewIntent")



@_attrs_define
class ReviewIntent:
    """ `POST /payment_intents/{id}/review`: an operator resolves an AMBIGUOUS payment.

        Attributes:
            note (str): What the provider said (reconciliation reference, call notes), 3 to 500 characters, not all blank.
            outcome (ReviewOutcome):
     """

    note: str
    outcome: ReviewOutcome





    def to_dict(self) -> dict[str, Any]:
        note = self.note

        outcome = self.outcome.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "note": note,
            "outcome": outcome,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        note = d.pop("note")

        outcome = ReviewOutcome(d.pop("outcome"))




        review_intent = cls(
            note=note,
            outcome=outcome,
        )

        return review_intent

