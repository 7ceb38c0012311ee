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





T = TypeVar("T", bound="PayoutBatchRun")



@_attrs_define
class PayoutBatchRun:
    """ One approval of a batch and its execution.

        Attributes:
            approved_at (str):
            approved_by (PayoutBatchMaker): Who made the batch (the maker of maker-checker).
            number (int): 1 for the first approval; each retry of the FAILED rows is the next.
            released_minor (int): What it did not spend (rows refused before anything moved), back in available.
            reserved_minor (int): Their amounts and fees, reserved at approval.
            rows (int): Rows it pays: the VALID ones, or on a retry the FAILED ones.
            stepped_up (bool): The approver's PIN was verified (step-up; the maker needs it).
            finished_at (None | str | Unset): When the batch left EXECUTING.
     """

    approved_at: str
    approved_by: PayoutBatchMaker
    number: int
    released_minor: int
    reserved_minor: int
    rows: int
    stepped_up: bool
    finished_at: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.payout_batch_maker import PayoutBatchMaker # noqa: PLC0415
        approved_at = self.approved_at

        approved_by = self.approved_by.to_dict()

        number = self.number

        released_minor = self.released_minor

        reserved_minor = self.reserved_minor

        rows = self.rows

        stepped_up = self.stepped_up

        finished_at: None | str | Unset
        if isinstance(self.finished_at, Unset):
            finished_at = UNSET
        else:
            finished_at = self.finished_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "approved_at": approved_at,
            "approved_by": approved_by,
            "number": number,
            "released_minor": released_minor,
            "reserved_minor": reserved_minor,
            "rows": rows,
            "stepped_up": stepped_up,
        })
        if finished_at is not UNSET:
            field_dict["finished_at"] = finished_at

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.payout_batch_maker import PayoutBatchMaker # noqa: PLC0415
        d = dict(src_dict)
        approved_at = d.pop("approved_at")

        approved_by = PayoutBatchMaker.from_dict(d.pop("approved_by"))




        number = d.pop("number")

        released_minor = d.pop("released_minor")

        reserved_minor = d.pop("reserved_minor")

        rows = d.pop("rows")

        stepped_up = d.pop("stepped_up")

        def _parse_finished_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        finished_at = _parse_finished_at(d.pop("finished_at", UNSET))


        payout_batch_run = cls(
            approved_at=approved_at,
            approved_by=approved_by,
            number=number,
            released_minor=released_minor,
            reserved_minor=reserved_minor,
            rows=rows,
            stepped_up=stepped_up,
            finished_at=finished_at,
        )


        payout_batch_run.additional_properties = d
        return payout_batch_run

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
