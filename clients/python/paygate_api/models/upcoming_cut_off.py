from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.settlement_schedule import SettlementSchedule
from ..models.upcoming_cut_off_currency import UpcomingCutOffCurrency
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="UpcomingCutOff")



@_attrs_define
class UpcomingCutOff:
    """ A running period: when it ends and when its cycle would be due.

        Attributes:
            currency (UpcomingCutOffCurrency):
            cycle (str):
            items_count (int):
            running_net_minor (int):
            schedule (SettlementSchedule): How often a profile's periods end and when their cycles are paid.
            cut_off_at (None | str | Unset): When its period ends (`null`: manual).
            due_at (None | str | Unset): When it would be paid if it closed then (`null`: manual).
            profile (None | str | Unset):
            rail (None | str | Unset):
     """

    currency: UpcomingCutOffCurrency
    cycle: str
    items_count: int
    running_net_minor: int
    schedule: SettlementSchedule
    cut_off_at: None | str | Unset = UNSET
    due_at: None | str | Unset = UNSET
    profile: None | str | Unset = UNSET
    rail: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        currency = self.currency.value

        cycle = self.cycle

        items_count = self.items_count

        running_net_minor = self.running_net_minor

        schedule = self.schedule.value

        cut_off_at: None | str | Unset
        if isinstance(self.cut_off_at, Unset):
            cut_off_at = UNSET
        else:
            cut_off_at = self.cut_off_at

        due_at: None | str | Unset
        if isinstance(self.due_at, Unset):
            due_at = UNSET
        else:
            due_at = self.due_at

        profile: None | str | Unset
        if isinstance(self.profile, Unset):
            profile = UNSET
        else:
            profile = self.profile

        rail: None | str | Unset
        if isinstance(self.rail, Unset):
            rail = UNSET
        else:
            rail = self.rail


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "currency": currency,
            "cycle": cycle,
            "items_count": items_count,
            "running_net_minor": running_net_minor,
            "schedule": schedule,
        })
        if cut_off_at is not UNSET:
            field_dict["cut_off_at"] = cut_off_at
        if due_at is not UNSET:
            field_dict["due_at"] = due_at
        if profile is not UNSET:
            field_dict["profile"] = profile
        if rail is not UNSET:
            field_dict["rail"] = rail

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        currency = UpcomingCutOffCurrency(d.pop("currency"))




        cycle = d.pop("cycle")

        items_count = d.pop("items_count")

        running_net_minor = d.pop("running_net_minor")

        schedule = SettlementSchedule(d.pop("schedule"))




        def _parse_cut_off_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cut_off_at = _parse_cut_off_at(d.pop("cut_off_at", UNSET))


        def _parse_due_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        due_at = _parse_due_at(d.pop("due_at", UNSET))


        def _parse_profile(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        profile = _parse_profile(d.pop("profile", UNSET))


        def _parse_rail(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rail = _parse_rail(d.pop("rail", UNSET))


        upcoming_cut_off = cls(
            currency=currency,
            cycle=cycle,
            items_count=items_count,
            running_net_minor=running_net_minor,
            schedule=schedule,
            cut_off_at=cut_off_at,
            due_at=due_at,
            profile=profile,
            rail=rail,
        )


        upcoming_cut_off.additional_properties = d
        return upcoming_cut_off

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
