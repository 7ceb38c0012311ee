from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.code_scans import CodeScans
  from ..models.day_scans import DayScans
  from ..models.location_scans import LocationScans
  from ..models.outcomes import Outcomes





T = TypeVar("T", bound="Analytics")



@_attrs_define
class Analytics:
    """ 
        Attributes:
            codes (list[CodeScans]): Per code, most scanned first.
            days (list[DayScans]): Per day (UTC), oldest first.
            livemode (bool):
            locations (list[LocationScans]): Per location, most scanned first.
            object_ (str): Always `qr_code_analytics`.
            outcomes (Outcomes): Resolve outcomes counted per code.
            total_scans (int):
     """

    codes: list[CodeScans]
    days: list[DayScans]
    livemode: bool
    locations: list[LocationScans]
    object_: str
    outcomes: Outcomes
    total_scans: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.code_scans import CodeScans # noqa: PLC0415
        from ..models.day_scans import DayScans # noqa: PLC0415
        from ..models.location_scans import LocationScans # noqa: PLC0415
        from ..models.outcomes import Outcomes # noqa: PLC0415
        codes = []
        for codes_item_data in self.codes:
            codes_item = codes_item_data.to_dict()
            codes.append(codes_item)



        days = []
        for days_item_data in self.days:
            days_item = days_item_data.to_dict()
            days.append(days_item)



        livemode = self.livemode

        locations = []
        for locations_item_data in self.locations:
            locations_item = locations_item_data.to_dict()
            locations.append(locations_item)



        object_ = self.object_

        outcomes = self.outcomes.to_dict()

        total_scans = self.total_scans


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "codes": codes,
            "days": days,
            "livemode": livemode,
            "locations": locations,
            "object": object_,
            "outcomes": outcomes,
            "total_scans": total_scans,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.code_scans import CodeScans # noqa: PLC0415
        from ..models.day_scans import DayScans # noqa: PLC0415
        from ..models.location_scans import LocationScans # noqa: PLC0415
        from ..models.outcomes import Outcomes # noqa: PLC0415
        d = dict(src_dict)
        codes = []
        _codes = d.pop("codes")
        for codes_item_data in (_codes):
            codes_item = CodeScans.from_dict(codes_item_data)



            codes.append(codes_item)


        days = []
        _days = d.pop("days")
        for days_item_data in (_days):
            days_item = DayScans.from_dict(days_item_data)



            days.append(days_item)


        livemode = d.pop("livemode")

        locations = []
        _locations = d.pop("locations")
        for locations_item_data in (_locations):
            locations_item = LocationScans.from_dict(locations_item_data)



            locations.append(locations_item)


        object_ = d.pop("object")

        outcomes = Outcomes.from_dict(d.pop("outcomes"))




        total_scans = d.pop("total_scans")

        analytics = cls(
            codes=codes,
            days=days,
            livemode=livemode,
            locations=locations,
            object_=object_,
            outcomes=outcomes,
            total_scans=total_scans,
        )


        analytics.additional_properties = d
        return analytics

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
