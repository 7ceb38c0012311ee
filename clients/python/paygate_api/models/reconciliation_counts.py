from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ReconciliationCounts")



@_attrs_define
class ReconciliationCounts:
    """ How many lines (and records) came out each way.

        Attributes:
            lines (int):
            matched (int):
            mismatched (int):
            missing (int): Records of the rail and period that no line names.
            resolved (int): Matched lines that resolved what waited on them (a switch payment's
                reconciliation DUE → MATCHED).
            unmatched (int):
     """

    lines: int
    matched: int
    mismatched: int
    missing: int
    resolved: int
    unmatched: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        lines = self.lines

        matched = self.matched

        mismatched = self.mismatched

        missing = self.missing

        resolved = self.resolved

        unmatched = self.unmatched


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "lines": lines,
            "matched": matched,
            "mismatched": mismatched,
            "missing": missing,
            "resolved": resolved,
            "unmatched": unmatched,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        lines = d.pop("lines")

        matched = d.pop("matched")

        mismatched = d.pop("mismatched")

        missing = d.pop("missing")

        resolved = d.pop("resolved")

        unmatched = d.pop("unmatched")

        reconciliation_counts = cls(
            lines=lines,
            matched=matched,
            mismatched=mismatched,
            missing=missing,
            resolved=resolved,
            unmatched=unmatched,
        )


        reconciliation_counts.additional_properties = d
        return reconciliation_counts

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
