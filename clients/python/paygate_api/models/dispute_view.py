from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.dispute_reason import DisputeReason
from ..models.dispute_status import DisputeStatus
from ..models.dispute_view_currency import DisputeViewCurrency
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.evidence import Evidence





T = TypeVar("T", bound="DisputeView")



@_attrs_define
class DisputeView:
    """ 
        Attributes:
            amount_minor (int):
            created_at (str):
            currency (DisputeViewCurrency):
            evidence_due_at (str):
            id (str):
            livemode (bool):
            object_ (str): Always `dispute`.
            payment_intent (str):
            reason (DisputeReason):
            status (DisputeStatus):
            updated_at (str):
            evidence (Evidence | None | Unset):
            hold_transaction (None | str | Unset):
            outcome_transaction (None | str | Unset):
            responded_at (None | str | Unset):
     """

    amount_minor: int
    created_at: str
    currency: DisputeViewCurrency
    evidence_due_at: str
    id: str
    livemode: bool
    object_: str
    payment_intent: str
    reason: DisputeReason
    status: DisputeStatus
    updated_at: str
    evidence: Evidence | None | Unset = UNSET
    hold_transaction: None | str | Unset = UNSET
    outcome_transaction: None | str | Unset = UNSET
    responded_at: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.evidence import Evidence # noqa: PLC0415
        amount_minor = self.amount_minor

        created_at = self.created_at

        currency = self.currency.value

        evidence_due_at = self.evidence_due_at

        id = self.id

        livemode = self.livemode

        object_ = self.object_

        payment_intent = self.payment_intent

        reason = self.reason.value

        status = self.status.value

        updated_at = self.updated_at

        evidence: dict[str, Any] | None | Unset
        if isinstance(self.evidence, Unset):
            evidence = UNSET
        elif isinstance(self.evidence, Evidence):
            evidence = self.evidence.to_dict()
        else:
            evidence = self.evidence

        hold_transaction: None | str | Unset
        if isinstance(self.hold_transaction, Unset):
            hold_transaction = UNSET
        else:
            hold_transaction = self.hold_transaction

        outcome_transaction: None | str | Unset
        if isinstance(self.outcome_transaction, Unset):
            outcome_transaction = UNSET
        else:
            outcome_transaction = self.outcome_transaction

        responded_at: None | str | Unset
        if isinstance(self.responded_at, Unset):
            responded_at = UNSET
        else:
            responded_at = self.responded_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount_minor": amount_minor,
            "created_at": created_at,
            "currency": currency,
            "evidence_due_at": evidence_due_at,
            "id": id,
            "livemode": livemode,
            "object": object_,
            "payment_intent": payment_intent,
            "reason": reason,
            "status": status,
            "updated_at": updated_at,
        })
        if evidence is not UNSET:
            field_dict["evidence"] = evidence
        if hold_transaction is not UNSET:
            field_dict["hold_transaction"] = hold_transaction
        if outcome_transaction is not UNSET:
            field_dict["outcome_transaction"] = outcome_transaction
        if responded_at is not UNSET:
            field_dict["responded_at"] = responded_at

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.evidence import Evidence # noqa: PLC0415
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        created_at = d.pop("created_at")

        currency = DisputeViewCurrency(d.pop("currency"))




        evidence_due_at = d.pop("evidence_due_at")

        id = d.pop("id")

        livemode = d.pop("livemode")

        object_ = d.pop("object")

        payment_intent = d.pop("payment_intent")

        reason = DisputeReason(d.pop("reason"))




        status = DisputeStatus(d.pop("status"))




        updated_at = d.pop("updated_at")

        def _parse_evidence(data: object) -> Evidence | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                evidence_type_0 = Evidence.from_dict(data)



                return evidence_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Evidence | None | Unset, data)

        evidence = _parse_evidence(d.pop("evidence", UNSET))


        def _parse_hold_transaction(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        hold_transaction = _parse_hold_transaction(d.pop("hold_transaction", UNSET))


        def _parse_outcome_transaction(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        outcome_transaction = _parse_outcome_transaction(d.pop("outcome_transaction", UNSET))


        def _parse_responded_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        responded_at = _parse_responded_at(d.pop("responded_at", UNSET))


        dispute_view = cls(
            amount_minor=amount_minor,
            created_at=created_at,
            currency=currency,
            evidence_due_at=evidence_due_at,
            id=id,
            livemode=livemode,
            object_=object_,
            payment_intent=payment_intent,
            reason=reason,
            status=status,
            updated_at=updated_at,
            evidence=evidence,
            hold_transaction=hold_transaction,
            outcome_transaction=outcome_transaction,
            responded_at=responded_at,
        )


        dispute_view.additional_properties = d
        return dispute_view

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
