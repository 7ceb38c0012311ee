from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="RecordUsage")



@_attrs_define
class RecordUsage:
    """ 
        Attributes:
            quantity (int): 1 to 1 000 000 000, in the plan's usage unit.
            note (None | str | Unset):
     """

    quantity: int
    note: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        quantity = self.quantity

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "quantity": quantity,
        })
        if note is not UNSET:
            field_dict["note"] = note

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        quantity = d.pop("quantity")

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))


        record_usage = cls(
            quantity=quantity,
            note=note,
        )

        return record_usage

