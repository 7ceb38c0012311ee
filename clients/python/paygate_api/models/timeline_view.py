from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.payment_intent_status import PaymentIntentStatus
from typing import cast

if TYPE_CHECKING:
  from ..models.attempt_view import AttemptView
  from ..models.timeline_entry_view import TimelineEntryView





T = TypeVar("T", bound="TimelineView")



@_attrs_define
class TimelineView:
    """ 
        Attributes:
            attempts (list[AttemptView]):
            entries (list[TimelineEntryView]): Every state change and attempt, oldest first.
            object_ (str): Always `timeline`.
            payment_intent (str):
            status (PaymentIntentStatus):
     """

    attempts: list[AttemptView]
    entries: list[TimelineEntryView]
    object_: str
    payment_intent: str
    status: PaymentIntentStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.attempt_view import AttemptView # noqa: PLC0415
        from ..models.timeline_entry_view import TimelineEntryView # noqa: PLC0415
        attempts = []
        for attempts_item_data in self.attempts:
            attempts_item = attempts_item_data.to_dict()
            attempts.append(attempts_item)



        entries = []
        for entries_item_data in self.entries:
            entries_item = entries_item_data.to_dict()
            entries.append(entries_item)



        object_ = self.object_

        payment_intent = self.payment_intent

        status = self.status.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "attempts": attempts,
            "entries": entries,
            "object": object_,
            "payment_intent": payment_intent,
            "status": status,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.attempt_view import AttemptView # noqa: PLC0415
        from ..models.timeline_entry_view import TimelineEntryView # noqa: PLC0415
        d = dict(src_dict)
        attempts = []
        _attempts = d.pop("attempts")
        for attempts_item_data in (_attempts):
            attempts_item = AttemptView.from_dict(attempts_item_data)



            attempts.append(attempts_item)


        entries = []
        _entries = d.pop("entries")
        for entries_item_data in (_entries):
            entries_item = TimelineEntryView.from_dict(entries_item_data)



            entries.append(entries_item)


        object_ = d.pop("object")

        payment_intent = d.pop("payment_intent")

        status = PaymentIntentStatus(d.pop("status"))




        timeline_view = cls(
            attempts=attempts,
            entries=entries,
            object_=object_,
            payment_intent=payment_intent,
            status=status,
        )


        timeline_view.additional_properties = d
        return timeline_view

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
