from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.cancellation_reason import CancellationReason
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CancelIntent")



@_attrs_define
class CancelIntent:
    """ `POST /payment_intents/{id}/cancel` (optional body).

        Attributes:
            cancellation_reason (CancellationReason | None | Unset):
            reason (None | str | Unset): Why, in your words (the origin's field): 1 to 500 characters, not all
                blank. One of the `cancellation_reason` values also sets that field.
     """

    cancellation_reason: CancellationReason | None | Unset = UNSET
    reason: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        cancellation_reason: None | str | Unset
        if isinstance(self.cancellation_reason, Unset):
            cancellation_reason = UNSET
        elif isinstance(self.cancellation_reason, CancellationReason):
            cancellation_reason = self.cancellation_reason.value
        else:
            cancellation_reason = self.cancellation_reason

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if cancellation_reason is not UNSET:
            field_dict["cancellation_reason"] = cancellation_reason
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_cancellation_reason(data: object) -> CancellationReason | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                cancellation_reason_type_0 = CancellationReason(data)



                return cancellation_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CancellationReason | None | Unset, data)

        cancellation_reason = _parse_cancellation_reason(d.pop("cancellation_reason", UNSET))


        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))


        cancel_intent = cls(
            cancellation_reason=cancellation_reason,
            reason=reason,
        )

        return cancel_intent

