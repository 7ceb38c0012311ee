from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ByStatus")



@_attrs_define
class ByStatus:
    """ 
        Attributes:
            active (int):
            cancelled (int):
            ended (int):
            incomplete (int):
            past_due (int):
            trialing (int):
            unpaid (int):
     """

    active: int
    cancelled: int
    ended: int
    incomplete: int
    past_due: int
    trialing: int
    unpaid: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        active = self.active

        cancelled = self.cancelled

        ended = self.ended

        incomplete = self.incomplete

        past_due = self.past_due

        trialing = self.trialing

        unpaid = self.unpaid


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "active": active,
            "cancelled": cancelled,
            "ended": ended,
            "incomplete": incomplete,
            "past_due": past_due,
            "trialing": trialing,
            "unpaid": unpaid,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        active = d.pop("active")

        cancelled = d.pop("cancelled")

        ended = d.pop("ended")

        incomplete = d.pop("incomplete")

        past_due = d.pop("past_due")

        trialing = d.pop("trialing")

        unpaid = d.pop("unpaid")

        by_status = cls(
            active=active,
            cancelled=cancelled,
            ended=ended,
            incomplete=incomplete,
            past_due=past_due,
            trialing=trialing,
            unpaid=unpaid,
        )


        by_status.additional_properties = d
        return by_status

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
