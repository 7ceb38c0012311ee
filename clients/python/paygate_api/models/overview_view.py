from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.by_status import ByStatus
  from ..models.collected import Collected
  from ..models.currency_amount import CurrencyAmount





T = TypeVar("T", bound="OverviewView")



@_attrs_define
class OverviewView:
    """ 
        Attributes:
            by_status (ByStatus):
            collected_30d (list[Collected]): Invoices paid in the 30 days before now (the sandbox's clock in test mode).
            dunning_days (list[int]): Days after an invoice's first attempt at which it is retried.
            in_dunning (int): Subscriptions PAST_DUE: an invoice in dunning.
            monthly_recurring (list[CurrencyAmount]): ACTIVE and PAST_DUE subscriptions' recurring amounts per month.
            partial (bool): More subscriptions or invoices than were counted.
     """

    by_status: ByStatus
    collected_30d: list[Collected]
    dunning_days: list[int]
    in_dunning: int
    monthly_recurring: list[CurrencyAmount]
    partial: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.by_status import ByStatus # noqa: PLC0415
        from ..models.collected import Collected # noqa: PLC0415
        from ..models.currency_amount import CurrencyAmount # noqa: PLC0415
        by_status = self.by_status.to_dict()

        collected_30d = []
        for collected_30d_item_data in self.collected_30d:
            collected_30d_item = collected_30d_item_data.to_dict()
            collected_30d.append(collected_30d_item)



        dunning_days = self.dunning_days



        in_dunning = self.in_dunning

        monthly_recurring = []
        for monthly_recurring_item_data in self.monthly_recurring:
            monthly_recurring_item = monthly_recurring_item_data.to_dict()
            monthly_recurring.append(monthly_recurring_item)



        partial = self.partial


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "by_status": by_status,
            "collected_30d": collected_30d,
            "dunning_days": dunning_days,
            "in_dunning": in_dunning,
            "monthly_recurring": monthly_recurring,
            "partial": partial,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.by_status import ByStatus # noqa: PLC0415
        from ..models.collected import Collected # noqa: PLC0415
        from ..models.currency_amount import CurrencyAmount # noqa: PLC0415
        d = dict(src_dict)
        by_status = ByStatus.from_dict(d.pop("by_status"))




        collected_30d = []
        _collected_30d = d.pop("collected_30d")
        for collected_30d_item_data in (_collected_30d):
            collected_30d_item = Collected.from_dict(collected_30d_item_data)



            collected_30d.append(collected_30d_item)


        dunning_days = cast(list[int], d.pop("dunning_days"))


        in_dunning = d.pop("in_dunning")

        monthly_recurring = []
        _monthly_recurring = d.pop("monthly_recurring")
        for monthly_recurring_item_data in (_monthly_recurring):
            monthly_recurring_item = CurrencyAmount.from_dict(monthly_recurring_item_data)



            monthly_recurring.append(monthly_recurring_item)


        partial = d.pop("partial")

        overview_view = cls(
            by_status=by_status,
            collected_30d=collected_30d,
            dunning_days=dunning_days,
            in_dunning=in_dunning,
            monthly_recurring=monthly_recurring,
            partial=partial,
        )


        overview_view.additional_properties = d
        return overview_view

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
