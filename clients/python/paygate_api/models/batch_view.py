from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.batch_view_currency import BatchViewCurrency
from ..models.payout_batch_source import PayoutBatchSource
from ..models.payout_batch_status import PayoutBatchStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.payout_batch_cancellation import PayoutBatchCancellation
  from ..models.payout_batch_counts import PayoutBatchCounts
  from ..models.payout_batch_error import PayoutBatchError
  from ..models.payout_batch_maker import PayoutBatchMaker
  from ..models.payout_batch_readiness import PayoutBatchReadiness
  from ..models.payout_batch_run import PayoutBatchRun
  from ..models.row_list import RowList





T = TypeVar("T", bound="BatchView")



@_attrs_define
class BatchView:
    """ 
        Attributes:
            counts (PayoutBatchCounts): How many rows are in each status now (they add up to `rows`).
            created_at (str):
            currency (BatchViewCurrency):
            editors (list[PayoutBatchMaker]): Who fixed or excluded a row before approval, besides the maker:
                each counts as a maker, so approval needs someone else (or them with step-up).
            error_count (int): Row errors in the batch (the rows keep all of theirs).
            fees_minor (int): Their fees, on top: a payout's (70 bps, half up, at least 1 minor unit) or, for a `wallet`
                row, a transfer's (75 bps).
            id (str):
            livemode (bool):
            maker (PayoutBatchMaker): Who made the batch (the maker of maker-checker).
            object_ (str): Always `payout_batch`.
            paid_fees_minor (int): Their fees.
            paid_minor (int): Amounts of the PAID rows.
            reserved_minor (int): What is left of the current run's reservation, in the `reserved`
                balance: rows not paid yet. 0 once the run has taken its last row.
            runs (list[PayoutBatchRun]): Every approval and the execution it started, oldest first.
            skip_invalid (bool): Invalid rows are SKIPPED when the batch executes; without it they block approval.
            source (PayoutBatchSource): How the rows arrived.
            status (PayoutBatchStatus):
            total_minor (int): Amounts of the VALID rows, in minor units: what the batch pays.
            total_with_fees_minor (int): total_minor + fees_minor: what the first approval reserves from the available
                balance.
            updated_at (str):
            cancellation (None | PayoutBatchCancellation | Unset):
            errors (list[PayoutBatchError] | None | Unset): The first 100 row errors, by line (on creation and `GET
                /payouts/batches/{id}`).
            note (None | str | Unset):
            readiness (None | PayoutBatchReadiness | Unset):
            reference (None | str | Unset):
            rows (None | RowList | Unset):
     """

    counts: PayoutBatchCounts
    created_at: str
    currency: BatchViewCurrency
    editors: list[PayoutBatchMaker]
    error_count: int
    fees_minor: int
    id: str
    livemode: bool
    maker: PayoutBatchMaker
    object_: str
    paid_fees_minor: int
    paid_minor: int
    reserved_minor: int
    runs: list[PayoutBatchRun]
    skip_invalid: bool
    source: PayoutBatchSource
    status: PayoutBatchStatus
    total_minor: int
    total_with_fees_minor: int
    updated_at: str
    cancellation: None | PayoutBatchCancellation | Unset = UNSET
    errors: list[PayoutBatchError] | None | Unset = UNSET
    note: None | str | Unset = UNSET
    readiness: None | PayoutBatchReadiness | Unset = UNSET
    reference: None | str | Unset = UNSET
    rows: None | RowList | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.payout_batch_cancellation import PayoutBatchCancellation # noqa: PLC0415
        from ..models.payout_batch_counts import PayoutBatchCounts # noqa: PLC0415
        from ..models.payout_batch_error import PayoutBatchError # noqa: PLC0415
        from ..models.payout_batch_maker import PayoutBatchMaker # noqa: PLC0415
        from ..models.payout_batch_readiness import PayoutBatchReadiness # noqa: PLC0415
        from ..models.payout_batch_run import PayoutBatchRun # noqa: PLC0415
        from ..models.row_list import RowList # noqa: PLC0415
        counts = self.counts.to_dict()

        created_at = self.created_at

        currency = self.currency.value

        editors = []
        for editors_item_data in self.editors:
            editors_item = editors_item_data.to_dict()
            editors.append(editors_item)



        error_count = self.error_count

        fees_minor = self.fees_minor

        id = self.id

        livemode = self.livemode

        maker = self.maker.to_dict()

        object_ = self.object_

        paid_fees_minor = self.paid_fees_minor

        paid_minor = self.paid_minor

        reserved_minor = self.reserved_minor

        runs = []
        for runs_item_data in self.runs:
            runs_item = runs_item_data.to_dict()
            runs.append(runs_item)



        skip_invalid = self.skip_invalid

        source = self.source.value

        status = self.status.value

        total_minor = self.total_minor

        total_with_fees_minor = self.total_with_fees_minor

        updated_at = self.updated_at

        cancellation: dict[str, Any] | None | Unset
        if isinstance(self.cancellation, Unset):
            cancellation = UNSET
        elif isinstance(self.cancellation, PayoutBatchCancellation):
            cancellation = self.cancellation.to_dict()
        else:
            cancellation = self.cancellation

        errors: list[dict[str, Any]] | None | Unset
        if isinstance(self.errors, Unset):
            errors = UNSET
        elif isinstance(self.errors, list):
            errors = []
            for errors_type_0_item_data in self.errors:
                errors_type_0_item = errors_type_0_item_data.to_dict()
                errors.append(errors_type_0_item)


        else:
            errors = self.errors

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        readiness: dict[str, Any] | None | Unset
        if isinstance(self.readiness, Unset):
            readiness = UNSET
        elif isinstance(self.readiness, PayoutBatchReadiness):
            readiness = self.readiness.to_dict()
        else:
            readiness = self.readiness

        reference: None | str | Unset
        if isinstance(self.reference, Unset):
            reference = UNSET
        else:
            reference = self.reference

        rows: dict[str, Any] | None | Unset
        if isinstance(self.rows, Unset):
            rows = UNSET
        elif isinstance(self.rows, RowList):
            rows = self.rows.to_dict()
        else:
            rows = self.rows


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "counts": counts,
            "created_at": created_at,
            "currency": currency,
            "editors": editors,
            "error_count": error_count,
            "fees_minor": fees_minor,
            "id": id,
            "livemode": livemode,
            "maker": maker,
            "object": object_,
            "paid_fees_minor": paid_fees_minor,
            "paid_minor": paid_minor,
            "reserved_minor": reserved_minor,
            "runs": runs,
            "skip_invalid": skip_invalid,
            "source": source,
            "status": status,
            "total_minor": total_minor,
            "total_with_fees_minor": total_with_fees_minor,
            "updated_at": updated_at,
        })
        if cancellation is not UNSET:
            field_dict["cancellation"] = cancellation
        if errors is not UNSET:
            field_dict["errors"] = errors
        if note is not UNSET:
            field_dict["note"] = note
        if readiness is not UNSET:
            field_dict["readiness"] = readiness
        if reference is not UNSET:
            field_dict["reference"] = reference
        if rows is not UNSET:
            field_dict["rows"] = rows

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.payout_batch_cancellation import PayoutBatchCancellation # noqa: PLC0415
        from ..models.payout_batch_counts import PayoutBatchCounts # noqa: PLC0415
        from ..models.payout_batch_error import PayoutBatchError # noqa: PLC0415
        from ..models.payout_batch_maker import PayoutBatchMaker # noqa: PLC0415
        from ..models.payout_batch_readiness import PayoutBatchReadiness # noqa: PLC0415
        from ..models.payout_batch_run import PayoutBatchRun # noqa: PLC0415
        from ..models.row_list import RowList # noqa: PLC0415
        d = dict(src_dict)
        counts = PayoutBatchCounts.from_dict(d.pop("counts"))




        created_at = d.pop("created_at")

        currency = BatchViewCurrency(d.pop("currency"))




        editors = []
        _editors = d.pop("editors")
        for editors_item_data in (_editors):
            editors_item = PayoutBatchMaker.from_dict(editors_item_data)



            editors.append(editors_item)


        error_count = d.pop("error_count")

        fees_minor = d.pop("fees_minor")

        id = d.pop("id")

        livemode = d.pop("livemode")

        maker = PayoutBatchMaker.from_dict(d.pop("maker"))




        object_ = d.pop("object")

        paid_fees_minor = d.pop("paid_fees_minor")

        paid_minor = d.pop("paid_minor")

        reserved_minor = d.pop("reserved_minor")

        runs = []
        _runs = d.pop("runs")
        for runs_item_data in (_runs):
            runs_item = PayoutBatchRun.from_dict(runs_item_data)



            runs.append(runs_item)


        skip_invalid = d.pop("skip_invalid")

        source = PayoutBatchSource(d.pop("source"))




        status = PayoutBatchStatus(d.pop("status"))




        total_minor = d.pop("total_minor")

        total_with_fees_minor = d.pop("total_with_fees_minor")

        updated_at = d.pop("updated_at")

        def _parse_cancellation(data: object) -> None | PayoutBatchCancellation | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                cancellation_type_0 = PayoutBatchCancellation.from_dict(data)



                return cancellation_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PayoutBatchCancellation | Unset, data)

        cancellation = _parse_cancellation(d.pop("cancellation", UNSET))


        def _parse_errors(data: object) -> list[PayoutBatchError] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                errors_type_0 = []
                _errors_type_0 = data
                for errors_type_0_item_data in (_errors_type_0):
                    errors_type_0_item = PayoutBatchError.from_dict(errors_type_0_item_data)



                    errors_type_0.append(errors_type_0_item)

                return errors_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[PayoutBatchError] | None | Unset, data)

        errors = _parse_errors(d.pop("errors", UNSET))


        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))


        def _parse_readiness(data: object) -> None | PayoutBatchReadiness | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                readiness_type_0 = PayoutBatchReadiness.from_dict(data)



                return readiness_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PayoutBatchReadiness | Unset, data)

        readiness = _parse_readiness(d.pop("readiness", UNSET))


        def _parse_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reference = _parse_reference(d.pop("reference", UNSET))


        def _parse_rows(data: object) -> None | RowList | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rows_type_0 = RowList.from_dict(data)



                return rows_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RowList | Unset, data)

        rows = _parse_rows(d.pop("rows", UNSET))


        batch_view = cls(
            counts=counts,
            created_at=created_at,
            currency=currency,
            editors=editors,
            error_count=error_count,
            fees_minor=fees_minor,
            id=id,
            livemode=livemode,
            maker=maker,
            object_=object_,
            paid_fees_minor=paid_fees_minor,
            paid_minor=paid_minor,
            reserved_minor=reserved_minor,
            runs=runs,
            skip_invalid=skip_invalid,
            source=source,
            status=status,
            total_minor=total_minor,
            total_with_fees_minor=total_with_fees_minor,
            updated_at=updated_at,
            cancellation=cancellation,
            errors=errors,
            note=note,
            readiness=readiness,
            reference=reference,
            rows=rows,
        )


        batch_view.additional_properties = d
        return batch_view

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
