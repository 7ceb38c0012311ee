from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.settlement_cycle_view import SettlementCycleView
  from ..models.settlement_obligation import SettlementObligation
  from ..models.upcoming_cut_off import UpcomingCutOff





T = TypeVar("T", bound="SettlementCalendar")



@_attrs_define
class SettlementCalendar:
    """ 
        Attributes:
            object_ (str): Always `settlement_calendar`.
            obligations (list[SettlementObligation]):
            recent (list[SettlementCycleView]): The last closed cycles, newest first (at most 10).
            upcoming (list[UpcomingCutOff]):
     """

    object_: str
    obligations: list[SettlementObligation]
    recent: list[SettlementCycleView]
    upcoming: list[UpcomingCutOff]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.settlement_cycle_view import SettlementCycleView # noqa: PLC0415
        from ..models.settlement_obligation import SettlementObligation # noqa: PLC0415
        from ..models.upcoming_cut_off import UpcomingCutOff # noqa: PLC0415
        object_ = self.object_

        obligations = []
        for obligations_item_data in self.obligations:
            obligations_item = obligations_item_data.to_dict()
            obligations.append(obligations_item)



        recent = []
        for recent_item_data in self.recent:
            recent_item = recent_item_data.to_dict()
            recent.append(recent_item)



        upcoming = []
        for upcoming_item_data in self.upcoming:
            upcoming_item = upcoming_item_data.to_dict()
            upcoming.append(upcoming_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "object": object_,
            "obligations": obligations,
            "recent": recent,
            "upcoming": upcoming,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.settlement_cycle_view import SettlementCycleView # noqa: PLC0415
        from ..models.settlement_obligation import SettlementObligation # noqa: PLC0415
        from ..models.upcoming_cut_off import UpcomingCutOff # noqa: PLC0415
        d = dict(src_dict)
        object_ = d.pop("object")

        obligations = []
        _obligations = d.pop("obligations")
        for obligations_item_data in (_obligations):
            obligations_item = SettlementObligation.from_dict(obligations_item_data)



            obligations.append(obligations_item)


        recent = []
        _recent = d.pop("recent")
        for recent_item_data in (_recent):
            recent_item = SettlementCycleView.from_dict(recent_item_data)



            recent.append(recent_item)


        upcoming = []
        _upcoming = d.pop("upcoming")
        for upcoming_item_data in (_upcoming):
            upcoming_item = UpcomingCutOff.from_dict(upcoming_item_data)



            upcoming.append(upcoming_item)


        settlement_calendar = cls(
            object_=object_,
            obligations=obligations,
            recent=recent,
            upcoming=upcoming,
        )


        settlement_calendar.additional_properties = d
        return settlement_calendar

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
