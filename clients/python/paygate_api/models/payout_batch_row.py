from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.payout_batch_row_status import PayoutBatchRowStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.payout_batch_row_cells import PayoutBatchRowCells
  from ..models.payout_batch_row_error import PayoutBatchRowError





T = TypeVar("T", bound="PayoutBatchRow")



@_attrs_define
class PayoutBatchRow:
    """ 
        Attributes:
            attempts (int): Times a run tried to pay it.
            cells (PayoutBatchRowCells): The row's cells by column: as sent when INVALID, normalised when VALID.
            errors (list[PayoutBatchRowError]):
            id (str):
            line (int):
            object_ (str): Always `payout_batch_row`.
            row (int):
            status (PayoutBatchRowStatus):
            amount_minor (int | None | Unset): In minor units; null when the row is INVALID.
            failure (None | PayoutBatchRowError | Unset):
            fee_minor (int | None | Unset):
            payout (None | str | Unset): Its latest payout (`po_...`), once a run paid it.
            recipient (None | str | Unset): A `wallet` row's receiving organisation (`org_...`).
            transfer (None | str | Unset): A `wallet` row's transfer (`tr_...`), once paid.
     """

    attempts: int
    cells: PayoutBatchRowCells
    errors: list[PayoutBatchRowError]
    id: str
    line: int
    object_: str
    row: int
    status: PayoutBatchRowStatus
    amount_minor: int | None | Unset = UNSET
    failure: None | PayoutBatchRowError | Unset = UNSET
    fee_minor: int | None | Unset = UNSET
    payout: None | str | Unset = UNSET
    recipient: None | str | Unset = UNSET
    transfer: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.payout_batch_row_cells import PayoutBatchRowCells # noqa: PLC0415
        from ..models.payout_batch_row_error import PayoutBatchRowError # noqa: PLC0415
        attempts = self.attempts

        cells = self.cells.to_dict()

        errors = []
        for errors_item_data in self.errors:
            errors_item = errors_item_data.to_dict()
            errors.append(errors_item)



        id = self.id

        line = self.line

        object_ = self.object_

        row = self.row

        status = self.status.value

        amount_minor: int | None | Unset
        if isinstance(self.amount_minor, Unset):
            amount_minor = UNSET
        else:
            amount_minor = self.amount_minor

        failure: dict[str, Any] | None | Unset
        if isinstance(self.failure, Unset):
            failure = UNSET
        elif isinstance(self.failure, PayoutBatchRowError):
            failure = self.failure.to_dict()
        else:
            failure = self.failure

        fee_minor: int | None | Unset
        if isinstance(self.fee_minor, Unset):
            fee_minor = UNSET
        else:
            fee_minor = self.fee_minor

        payout: None | str | Unset
        if isinstance(self.payout, Unset):
            payout = UNSET
        else:
            payout = self.payout

        recipient: None | str | Unset
        if isinstance(self.recipient, Unset):
            recipient = UNSET
        else:
            recipient = self.recipient

        transfer: None | str | Unset
        if isinstance(self.transfer, Unset):
            transfer = UNSET
        else:
            transfer = self.transfer


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "attempts": attempts,
            "cells": cells,
            "errors": errors,
            "id": id,
            "line": line,
            "object": object_,
            "row": row,
            "status": status,
        })
        if amount_minor is not UNSET:
            field_dict["amount_minor"] = amount_minor
        if failure is not UNSET:
            field_dict["failure"] = failure
        if fee_minor is not UNSET:
            field_dict["fee_minor"] = fee_minor
        if payout is not UNSET:
            field_dict["payout"] = payout
        if recipient is not UNSET:
            field_dict["recipient"] = recipient
        if transfer is not UNSET:
            field_dict["transfer"] = transfer

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.payout_batch_row_cells import PayoutBatchRowCells # noqa: PLC0415
        from ..models.payout_batch_row_error import PayoutBatchRowError # noqa: PLC0415
        d = dict(src_dict)
        attempts = d.pop("attempts")

        cells = PayoutBatchRowCells.from_dict(d.pop("cells"))




        errors = []
        _errors = d.pop("errors")
        for errors_item_data in (_errors):
            errors_item = PayoutBatchRowError.from_dict(errors_item_data)



            errors.append(errors_item)


        id = d.pop("id")

        line = d.pop("line")

        object_ = d.pop("object")

        row = d.pop("row")

        status = PayoutBatchRowStatus(d.pop("status"))




        def _parse_amount_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount_minor = _parse_amount_minor(d.pop("amount_minor", UNSET))


        def _parse_failure(data: object) -> None | PayoutBatchRowError | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                failure_type_0 = PayoutBatchRowError.from_dict(data)



                return failure_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PayoutBatchRowError | Unset, data)

        failure = _parse_failure(d.pop("failure", UNSET))


        def _parse_fee_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        fee_minor = _parse_fee_minor(d.pop("fee_minor", UNSET))


        def _parse_payout(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        payout = _parse_payout(d.pop("payout", UNSET))


        def _parse_recipient(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        recipient = _parse_recipient(d.pop("recipient", UNSET))


        def _parse_transfer(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        transfer = _parse_transfer(d.pop("transfer", UNSET))


        payout_batch_row = cls(
            attempts=attempts,
            cells=cells,
            errors=errors,
            id=id,
            line=line,
            object_=object_,
            row=row,
            status=status,
            amount_minor=amount_minor,
            failure=failure,
            fee_minor=fee_minor,
            payout=payout,
            recipient=recipient,
            transfer=transfer,
        )


        payout_batch_row.additional_properties = d
        return payout_batch_row

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
