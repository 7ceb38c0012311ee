from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="UsageRecordView")



@_attrs_define
class UsageRecordView:
    """ What `POST /subscriptions/{id}/usage` answers.

        Attributes:
            created_at (str):
            object_ (str): Always `usage_record`.
            period_end (str):
            period_start (str):
            period_usage_qty (int): The current period's usage with this record.
            quantity (int):
            subscription (str):
            unit (str): The plan's usage unit.
            note (None | str | Unset):
     """

    created_at: str
    object_: str
    period_end: str
    period_start: str
    period_usage_qty: int
    quantity: int
    subscription: str
    unit: str
    note: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        object_ = self.object_

        period_end = self.period_end

        period_start = self.period_start

        period_usage_qty = self.period_usage_qty

        quantity = self.quantity

        subscription = self.subscription

        unit = self.unit

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created_at": created_at,
            "object": object_,
            "period_end": period_end,
            "period_start": period_start,
            "period_usage_qty": period_usage_qty,
            "quantity": quantity,
            "subscription": subscription,
            "unit": unit,
        })
        if note is not UNSET:
            field_dict["note"] = note

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = d.pop("created_at")

        object_ = d.pop("object")

        period_end = d.pop("period_end")

        period_start = d.pop("period_start")

        period_usage_qty = d.pop("period_usage_qty")

        quantity = d.pop("quantity")

        subscription = d.pop("subscription")

        unit = d.pop("unit")

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))


        usage_record_view = cls(
            created_at=created_at,
            object_=object_,
            period_end=period_end,
            period_start=period_start,
            period_usage_qty=period_usage_qty,
            quantity=quantity,
            subscription=subscription,
            unit=unit,
            note=note,
        )


        usage_record_view.additional_properties = d
        return usage_record_view

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
