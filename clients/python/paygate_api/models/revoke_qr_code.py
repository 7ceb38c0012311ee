from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.revoke_reason import RevokeReason
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="RevokeQrCode")



@_attrs_define
class RevokeQrCode:
    """ 
        Attributes:
            reason (RevokeReason):
            note (None | str | Unset):
     """

    reason: RevokeReason
    note: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        reason = self.reason.value

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "reason": reason,
        })
        if note is not UNSET:
            field_dict["note"] = note

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reason = RevokeReason(d.pop("reason"))




        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))


        revoke_qr_code = cls(
            reason=reason,
            note=note,
        )

        return revoke_qr_code

