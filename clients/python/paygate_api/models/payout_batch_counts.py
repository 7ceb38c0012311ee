from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="PayoutBatchCounts")



@_attrs_define
class PayoutBatchCounts:
    """ How many rows are in each status now (they add up to `rows`).

        Attributes:
            failed (int):
            invalid (int):
            paid (int):
            rows (int):
            skipped (int):
            valid (int):
            needs_review (int | Unset):
            processing (int | Unset):
     """

    failed: int
    invalid: int
    paid: int
    rows: int
    skipped: int
    valid: int
    needs_review: int | Unset = UNSET
    processing: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        failed = self.failed

        invalid = self.invalid

        paid = self.paid

        rows = self.rows

        skipped = self.skipped

        valid = self.valid

        needs_review = self.needs_review

        processing = self.processing


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "failed": failed,
            "invalid": invalid,
            "paid": paid,
            "rows": rows,
            "skipped": skipped,
            "valid": valid,
        })
        if needs_review is not UNSET:
            field_dict["needs_review"] = needs_review
        if processing is not UNSET:
            field_dict["processing"] = processing

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        failed = d.pop("failed")

        invalid = d.pop("invalid")

        paid = d.pop("paid")

        rows = d.pop("rows")

        skipped = d.pop("skipped")

        valid = d.pop("valid")

        needs_review = d.pop("needs_review", UNSET)

        processing = d.pop("processing", UNSET)

        payout_batch_counts = cls(
            failed=failed,
            invalid=invalid,
            paid=paid,
            rows=rows,
            skipped=skipped,
            valid=valid,
            needs_review=needs_review,
            processing=processing,
        )


        payout_batch_counts.additional_properties = d
        return payout_batch_counts

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
