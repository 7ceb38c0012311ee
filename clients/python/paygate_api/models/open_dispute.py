from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.dispute_reason import DisputeReason
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="OpenDispute")



@_attrs_define
class OpenDispute:
    """ 
        Attributes:
            payment_intent (str): The received payment (pi_...).
            reason (DisputeReason):
            amount_minor (int | None | Unset): Default: all that is left to dispute (received − refunded − reserved −
                disputed).
            evidence_due_in_minutes (int | None | Unset): Minutes the merchant has to respond; default 7 days.
     """

    payment_intent: str
    reason: DisputeReason
    amount_minor: int | None | Unset = UNSET
    evidence_due_in_minutes: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        payment_intent = self.payment_intent

        reason = self.reason.value

        amount_minor: int | None | Unset
        if isinstance(self.amount_minor, Unset):
            amount_minor = UNSET
        else:
            amount_minor = self.amount_minor

        evidence_due_in_minutes: int | None | Unset
        if isinstance(self.evidence_due_in_minutes, Unset):
            evidence_due_in_minutes = UNSET
        else:
            evidence_due_in_minutes = self.evidence_due_in_minutes


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "payment_intent": payment_intent,
            "reason": reason,
        })
        if amount_minor is not UNSET:
            field_dict["amount_minor"] = amount_minor
        if evidence_due_in_minutes is not UNSET:
            field_dict["evidence_due_in_minutes"] = evidence_due_in_minutes

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        payment_intent = d.pop("payment_intent")

        reason = DisputeReason(d.pop("reason"))




        def _parse_amount_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount_minor = _parse_amount_minor(d.pop("amount_minor", UNSET))


        def _parse_evidence_due_in_minutes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        evidence_due_in_minutes = _parse_evidence_due_in_minutes(d.pop("evidence_due_in_minutes", UNSET))


        open_dispute = cls(
            payment_intent=payment_intent,
            reason=reason,
            amount_minor=amount_minor,
            evidence_due_in_minutes=evidence_due_in_minutes,
        )

        return open_dispute

