from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="PayoutBatchInvalidRows")



@_attrs_define
class PayoutBatchInvalidRows:
    """ 
        Attributes:
            count (int):
            ok (bool): count is 0, or skip_invalid.
            skip_invalid (bool): Invalid rows are SKIPPED at execution; without it, any blocks approval.
     """

    count: int
    ok: bool
    skip_invalid: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        count = self.count

        ok = self.ok

        skip_invalid = self.skip_invalid


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "count": count,
            "ok": ok,
            "skip_invalid": skip_invalid,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        count = d.pop("count")

        ok = d.pop("ok")

        skip_invalid = d.pop("skip_invalid")

        payout_batch_invalid_rows = cls(
            count=count,
            ok=ok,
            skip_invalid=skip_invalid,
        )


        payout_batch_invalid_rows.additional_properties = d
        return payout_batch_invalid_rows

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
