from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.payout_batch_approval import PayoutBatchApproval
  from ..models.payout_batch_funds import PayoutBatchFunds
  from ..models.payout_batch_invalid_rows import PayoutBatchInvalidRows





T = TypeVar("T", bound="PayoutBatchReadiness")



@_attrs_define
class PayoutBatchReadiness:
    """ What `GET /payouts/batches/{id}` says about approving the batch now.

        Attributes:
            approval (PayoutBatchApproval):
            blockers (list[str]): Why not, in this order: `status`, `no_valid_rows`, `invalid_rows`,
                `insufficient_funds`.
            funds (PayoutBatchFunds):
            invalid_rows (PayoutBatchInvalidRows):
            ready (bool): Every check passes: the batch may be approved now.
     """

    approval: PayoutBatchApproval
    blockers: list[str]
    funds: PayoutBatchFunds
    invalid_rows: PayoutBatchInvalidRows
    ready: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.payout_batch_approval import PayoutBatchApproval # noqa: PLC0415
        from ..models.payout_batch_funds import PayoutBatchFunds # noqa: PLC0415
        from ..models.payout_batch_invalid_rows import PayoutBatchInvalidRows # noqa: PLC0415
        approval = self.approval.to_dict()

        blockers = self.blockers



        funds = self.funds.to_dict()

        invalid_rows = self.invalid_rows.to_dict()

        ready = self.ready


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "approval": approval,
            "blockers": blockers,
            "funds": funds,
            "invalid_rows": invalid_rows,
            "ready": ready,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.payout_batch_approval import PayoutBatchApproval # noqa: PLC0415
        from ..models.payout_batch_funds import PayoutBatchFunds # noqa: PLC0415
        from ..models.payout_batch_invalid_rows import PayoutBatchInvalidRows # noqa: PLC0415
        d = dict(src_dict)
        approval = PayoutBatchApproval.from_dict(d.pop("approval"))




        blockers = cast(list[str], d.pop("blockers"))


        funds = PayoutBatchFunds.from_dict(d.pop("funds"))




        invalid_rows = PayoutBatchInvalidRows.from_dict(d.pop("invalid_rows"))




        ready = d.pop("ready")

        payout_batch_readiness = cls(
            approval=approval,
            blockers=blockers,
            funds=funds,
            invalid_rows=invalid_rows,
            ready=ready,
        )


        payout_batch_readiness.additional_properties = d
        return payout_batch_readiness

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
