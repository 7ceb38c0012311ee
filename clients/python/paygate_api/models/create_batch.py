from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_batch_currency import CreateBatchCurrency
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.payout_batch_row_input import PayoutBatchRowInput





T = TypeVar("T", bound="CreateBatch")



@_attrs_define
class CreateBatch:
    """ 
        Attributes:
            currency (CreateBatchCurrency): The batch's currency: every row pays in it.
            csv (None | str | Unset): The text of a CSV file: a header naming the columns
                (`GET /payouts/batches/columns`), then one row per line; at most
                5,000 rows and 1 MiB. A UTF-8 BOM, CRLF and quoted fields are fine.
            note (None | str | Unset):
            reference (None | str | Unset): Yours, at most 100 characters.
            rows (list[PayoutBatchRowInput] | None | Unset): The rows as JSON (at most 5,000); or `csv`, not both.
            skip_invalid (bool | None | Unset): Invalid rows are SKIPPED at execution instead of blocking approval.
     """

    currency: CreateBatchCurrency
    csv: None | str | Unset = UNSET
    note: None | str | Unset = UNSET
    reference: None | str | Unset = UNSET
    rows: list[PayoutBatchRowInput] | None | Unset = UNSET
    skip_invalid: bool | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.payout_batch_row_input import PayoutBatchRowInput # noqa: PLC0415
        currency = self.currency.value

        csv: None | str | Unset
        if isinstance(self.csv, Unset):
            csv = UNSET
        else:
            csv = self.csv

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        reference: None | str | Unset
        if isinstance(self.reference, Unset):
            reference = UNSET
        else:
            reference = self.reference

        rows: list[dict[str, Any]] | None | Unset
        if isinstance(self.rows, Unset):
            rows = UNSET
        elif isinstance(self.rows, list):
            rows = []
            for rows_type_0_item_data in self.rows:
                rows_type_0_item = rows_type_0_item_data.to_dict()
                rows.append(rows_type_0_item)


        else:
            rows = self.rows

        skip_invalid: bool | None | Unset
        if isinstance(self.skip_invalid, Unset):
            skip_invalid = UNSET
        else:
            skip_invalid = self.skip_invalid


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "currency": currency,
        })
        if csv is not UNSET:
            field_dict["csv"] = csv
        if note is not UNSET:
            field_dict["note"] = note
        if reference is not UNSET:
            field_dict["reference"] = reference
        if rows is not UNSET:
            field_dict["rows"] = rows
        if skip_invalid is not UNSET:
            field_dict["skip_invalid"] = skip_invalid

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.payout_batch_row_input import PayoutBatchRowInput # noqa: PLC0415
        d = dict(src_dict)
        currency = CreateBatchCurrency(d.pop("currency"))




        def _parse_csv(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        csv = _parse_csv(d.pop("csv", UNSET))


        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))


        def _parse_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reference = _parse_reference(d.pop("reference", UNSET))


        def _parse_rows(data: object) -> list[PayoutBatchRowInput] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                rows_type_0 = []
                _rows_type_0 = data
                for rows_type_0_item_data in (_rows_type_0):
                    rows_type_0_item = PayoutBatchRowInput.from_dict(rows_type_0_item_data)



                    rows_type_0.append(rows_type_0_item)

                return rows_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[PayoutBatchRowInput] | None | Unset, data)

        rows = _parse_rows(d.pop("rows", UNSET))


        def _parse_skip_invalid(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        skip_invalid = _parse_skip_invalid(d.pop("skip_invalid", UNSET))


        create_batch = cls(
            currency=currency,
            csv=csv,
            note=note,
            reference=reference,
            rows=rows,
            skip_invalid=skip_invalid,
        )

        return create_batch

