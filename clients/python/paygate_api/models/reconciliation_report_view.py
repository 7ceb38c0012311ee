from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.provider import Provider
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.reconciliation_item import ReconciliationItem





T = TypeVar("T", bound="ReconciliationReportView")



@_attrs_define
class ReconciliationReportView:
    """ What a reconciliation found.

        Attributes:
            extra (list[ReconciliationItem]):
            extra_count (int):
            lines (int): The report's lines (the daily job: those about its period).
            livemode (bool):
            matched (int):
            mismatched (list[ReconciliationItem]):
            mismatched_count (int):
            missing (list[ReconciliationItem]):
            missing_count (int):
            object_ (str): Always `reconciliation`.
            rail (Provider): A provider with a live connector, as `PUT /rails/{rail}` names it.
            period_end (None | str | Unset):
            period_start (None | str | Unset): The daily job's period (its requests' creation times); absent for a
                report sent by hand, which is compared with every request.
     """

    extra: list[ReconciliationItem]
    extra_count: int
    lines: int
    livemode: bool
    matched: int
    mismatched: list[ReconciliationItem]
    mismatched_count: int
    missing: list[ReconciliationItem]
    missing_count: int
    object_: str
    rail: Provider
    period_end: None | str | Unset = UNSET
    period_start: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.reconciliation_item import ReconciliationItem # noqa: PLC0415
        extra = []
        for extra_item_data in self.extra:
            extra_item = extra_item_data.to_dict()
            extra.append(extra_item)



        extra_count = self.extra_count

        lines = self.lines

        livemode = self.livemode

        matched = self.matched

        mismatched = []
        for mismatched_item_data in self.mismatched:
            mismatched_item = mismatched_item_data.to_dict()
            mismatched.append(mismatched_item)



        mismatched_count = self.mismatched_count

        missing = []
        for missing_item_data in self.missing:
            missing_item = missing_item_data.to_dict()
            missing.append(missing_item)



        missing_count = self.missing_count

        object_ = self.object_

        rail = self.rail.value

        period_end: None | str | Unset
        if isinstance(self.period_end, Unset):
            period_end = UNSET
        else:
            period_end = self.period_end

        period_start: None | str | Unset
        if isinstance(self.period_start, Unset):
            period_start = UNSET
        else:
            period_start = self.period_start


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "extra": extra,
            "extra_count": extra_count,
            "lines": lines,
            "livemode": livemode,
            "matched": matched,
            "mismatched": mismatched,
            "mismatched_count": mismatched_count,
            "missing": missing,
            "missing_count": missing_count,
            "object": object_,
            "rail": rail,
        })
        if period_end is not UNSET:
            field_dict["period_end"] = period_end
        if period_start is not UNSET:
            field_dict["period_start"] = period_start

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.reconciliation_item import ReconciliationItem # noqa: PLC0415
        d = dict(src_dict)
        extra = []
        _extra = d.pop("extra")
        for extra_item_data in (_extra):
            extra_item = ReconciliationItem.from_dict(extra_item_data)



            extra.append(extra_item)


        extra_count = d.pop("extra_count")

        lines = d.pop("lines")

        livemode = d.pop("livemode")

        matched = d.pop("matched")

        mismatched = []
        _mismatched = d.pop("mismatched")
        for mismatched_item_data in (_mismatched):
            mismatched_item = ReconciliationItem.from_dict(mismatched_item_data)



            mismatched.append(mismatched_item)


        mismatched_count = d.pop("mismatched_count")

        missing = []
        _missing = d.pop("missing")
        for missing_item_data in (_missing):
            missing_item = ReconciliationItem.from_dict(missing_item_data)



            missing.append(missing_item)


        missing_count = d.pop("missing_count")

        object_ = d.pop("object")

        rail = Provider(d.pop("rail"))




        def _parse_period_end(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        period_end = _parse_period_end(d.pop("period_end", UNSET))


        def _parse_period_start(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        period_start = _parse_period_start(d.pop("period_start", UNSET))


        reconciliation_report_view = cls(
            extra=extra,
            extra_count=extra_count,
            lines=lines,
            livemode=livemode,
            matched=matched,
            mismatched=mismatched,
            mismatched_count=mismatched_count,
            missing=missing,
            missing_count=missing_count,
            object_=object_,
            rail=rail,
            period_end=period_end,
            period_start=period_start,
        )


        reconciliation_report_view.additional_properties = d
        return reconciliation_report_view

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
