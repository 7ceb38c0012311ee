from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.review_decision import ReviewDecision
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ReviewResolution")



@_attrs_define
class ReviewResolution:
    """ A decision as the API shows it.

        Attributes:
            outcome (ReviewDecision): What the provider's statement shows.
            reference (str): The provider's reference or statement line the decision rests on.
            resolved_at (str):
            resolved_by (str): The member who decided.
            note (None | str | Unset):
     """

    outcome: ReviewDecision
    reference: str
    resolved_at: str
    resolved_by: str
    note: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        outcome = self.outcome.value

        reference = self.reference

        resolved_at = self.resolved_at

        resolved_by = self.resolved_by

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "outcome": outcome,
            "reference": reference,
            "resolved_at": resolved_at,
            "resolved_by": resolved_by,
        })
        if note is not UNSET:
            field_dict["note"] = note

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        outcome = ReviewDecision(d.pop("outcome"))




        reference = d.pop("reference")

        resolved_at = d.pop("resolved_at")

        resolved_by = d.pop("resolved_by")

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))


        review_resolution = cls(
            outcome=outcome,
            reference=reference,
            resolved_at=resolved_at,
            resolved_by=resolved_by,
            note=note,
        )


        review_resolution.additional_properties = d
        return review_resolution

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
