from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.payout_batch_maker import PayoutBatchMaker





T = TypeVar("T", bound="PayoutBatchCancellation")



@_attrs_define
class PayoutBatchCancellation:
    """ 
        Attributes:
            at (str):
            by (PayoutBatchMaker): Who made the batch (the maker of maker-checker).
            reason (None | str | Unset):
     """

    at: str
    by: PayoutBatchMaker
    reason: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.payout_batch_maker import PayoutBatchMaker # noqa: PLC0415
        at = self.at

        by = self.by.to_dict()

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "at": at,
            "by": by,
        })
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.payout_batch_maker import PayoutBatchMaker # noqa: PLC0415
        d = dict(src_dict)
        at = d.pop("at")

        by = PayoutBatchMaker.from_dict(d.pop("by"))




        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))


        payout_batch_cancellation = cls(
            at=at,
            by=by,
            reason=reason,
        )


        payout_batch_cancellation.additional_properties = d
        return payout_batch_cancellation

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
