from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.timeline_entry_view_details import TimelineEntryViewDetails





T = TypeVar("T", bound="TimelineEntryView")



@_attrs_define
class TimelineEntryView:
    """ 
        Attributes:
            actor (str): `api`, `rail`, `timer`, `operator` or `ledger`.
            at (str):
            details (TimelineEntryViewDetails):
            event (str): `intent.created`, `intent.<status>`, `attempt.started`, `attempt.<outcome>`, `ledger.*`,
                `review.*`.
     """

    actor: str
    at: str
    details: TimelineEntryViewDetails
    event: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.timeline_entry_view_details import TimelineEntryViewDetails # noqa: PLC0415
        actor = self.actor

        at = self.at

        details = self.details.to_dict()

        event = self.event


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "actor": actor,
            "at": at,
            "details": details,
            "event": event,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.timeline_entry_view_details import TimelineEntryViewDetails # noqa: PLC0415
        d = dict(src_dict)
        actor = d.pop("actor")

        at = d.pop("at")

        details = TimelineEntryViewDetails.from_dict(d.pop("details"))




        event = d.pop("event")

        timeline_entry_view = cls(
            actor=actor,
            at=at,
            details=details,
            event=event,
        )


        timeline_entry_view.additional_properties = d
        return timeline_entry_view

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
