from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.payout_failure import PayoutFailure
from ..models.payout_status import PayoutStatus
from ..models.payout_view_currency import PayoutViewCurrency
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.payout_batch_ref import PayoutBatchRef
  from ..models.payout_destination_type_0 import PayoutDestinationType0
  from ..models.payout_destination_type_1 import PayoutDestinationType1
  from ..models.review_resolution import ReviewResolution





T = TypeVar("T", bound="PayoutView")



@_attrs_define
class PayoutView:
    """ 
        Attributes:
            amount_minor (int): What the recipient gets.
            created_at (str):
            currency (PayoutViewCurrency):
            destination (PayoutDestinationType0 | PayoutDestinationType1): A checked destination, as stored on the payout
                and shown in its view.
            fee_minor (int): Charged on top of the amount (70 bps, at least 1); returned if the payout fails.
            id (str): `po_...`.
            livemode (bool):
            object_ (str): Always `payout`.
            reference (str): The client's reference, or a generated `PO` code.
            status (PayoutStatus):
            total_minor (int): What left the balance: amount and fee.
            transaction (str): The ledger posting that moved the amount to in transit and charged the fee.
            updated_at (str):
            batch (None | PayoutBatchRef | Unset):
            completed_at (None | str | Unset): When it became PAID or FAILED.
            description (None | str | Unset):
            failure_reason (None | PayoutFailure | Unset):
            paid_transaction (None | str | Unset): The posting that paid it out to the rail, once PAID.
            resolution (None | ReviewResolution | Unset):
            return_transaction (None | str | Unset): The posting that returned amount and fee to available, once FAILED.
     """

    amount_minor: int
    created_at: str
    currency: PayoutViewCurrency
    destination: PayoutDestinationType0 | PayoutDestinationType1
    fee_minor: int
    id: str
    livemode: bool
    object_: str
    reference: str
    status: PayoutStatus
    total_minor: int
    transaction: str
    updated_at: str
    batch: None | PayoutBatchRef | Unset = UNSET
    completed_at: None | str | Unset = UNSET
    description: None | str | Unset = UNSET
    failure_reason: None | PayoutFailure | Unset = UNSET
    paid_transaction: None | str | Unset = UNSET
    resolution: None | ReviewResolution | Unset = UNSET
    return_transaction: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.payout_batch_ref import PayoutBatchRef # noqa: PLC0415
        from ..models.payout_destination_type_0 import PayoutDestinationType0 # noqa: PLC0415
        from ..models.payout_destination_type_1 import PayoutDestinationType1 # noqa: PLC0415
        from ..models.review_resolution import ReviewResolution # noqa: PLC0415
        amount_minor = self.amount_minor

        created_at = self.created_at

        currency = self.currency.value

        destination: dict[str, Any]
        if isinstance(self.destination, PayoutDestinationType0):
            destination = self.destination.to_dict()
        else:
            destination = self.destination.to_dict()


        fee_minor = self.fee_minor

        id = self.id

        livemode = self.livemode

        object_ = self.object_

        reference = self.reference

        status = self.status.value

        total_minor = self.total_minor

        transaction = self.transaction

        updated_at = self.updated_at

        batch: dict[str, Any] | None | Unset
        if isinstance(self.batch, Unset):
            batch = UNSET
        elif isinstance(self.batch, PayoutBatchRef):
            batch = self.batch.to_dict()
        else:
            batch = self.batch

        completed_at: None | str | Unset
        if isinstance(self.completed_at, Unset):
            completed_at = UNSET
        else:
            completed_at = self.completed_at

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        failure_reason: None | str | Unset
        if isinstance(self.failure_reason, Unset):
            failure_reason = UNSET
        elif isinstance(self.failure_reason, PayoutFailure):
            failure_reason = self.failure_reason.value
        else:
            failure_reason = self.failure_reason

        paid_transaction: None | str | Unset
        if isinstance(self.paid_transaction, Unset):
            paid_transaction = UNSET
        else:
            paid_transaction = self.paid_transaction

        resolution: dict[str, Any] | None | Unset
        if isinstance(self.resolution, Unset):
            resolution = UNSET
        elif isinstance(self.resolution, ReviewResolution):
            resolution = self.resolution.to_dict()
        else:
            resolution = self.resolution

        return_transaction: None | str | Unset
        if isinstance(self.return_transaction, Unset):
            return_transaction = UNSET
        else:
            return_transaction = self.return_transaction


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount_minor": amount_minor,
            "created_at": created_at,
            "currency": currency,
            "destination": destination,
            "fee_minor": fee_minor,
            "id": id,
            "livemode": livemode,
            "object": object_,
            "reference": reference,
            "status": status,
            "total_minor": total_minor,
            "transaction": transaction,
            "updated_at": updated_at,
        })
        if batch is not UNSET:
            field_dict["batch"] = batch
        if completed_at is not UNSET:
            field_dict["completed_at"] = completed_at
        if description is not UNSET:
            field_dict["description"] = description
        if failure_reason is not UNSET:
            field_dict["failure_reason"] = failure_reason
        if paid_transaction is not UNSET:
            field_dict["paid_transaction"] = paid_transaction
        if resolution is not UNSET:
            field_dict["resolution"] = resolution
        if return_transaction is not UNSET:
            field_dict["return_transaction"] = return_transaction

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.payout_batch_ref import PayoutBatchRef # noqa: PLC0415
        from ..models.payout_destination_type_0 import PayoutDestinationType0 # noqa: PLC0415
        from ..models.payout_destination_type_1 import PayoutDestinationType1 # noqa: PLC0415
        from ..models.review_resolution import ReviewResolution # noqa: PLC0415
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        created_at = d.pop("created_at")

        currency = PayoutViewCurrency(d.pop("currency"))




        def _parse_destination(data: object) -> PayoutDestinationType0 | PayoutDestinationType1:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_payout_destination_type_0 = PayoutDestinationType0.from_dict(data)



                return componentsschemas_payout_destination_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_payout_destination_type_1 = PayoutDestinationType1.from_dict(data)



            return componentsschemas_payout_destination_type_1

        destination = _parse_destination(d.pop("destination"))


        fee_minor = d.pop("fee_minor")

        id = d.pop("id")

        livemode = d.pop("livemode")

        object_ = d.pop("object")

        reference = d.pop("reference")

        status = PayoutStatus(d.pop("status"))




        total_minor = d.pop("total_minor")

        transaction = d.pop("transaction")

        updated_at = d.pop("updated_at")

        def _parse_batch(data: object) -> None | PayoutBatchRef | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                batch_type_0 = PayoutBatchRef.from_dict(data)



                return batch_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PayoutBatchRef | Unset, data)

        batch = _parse_batch(d.pop("batch", UNSET))


        def _parse_completed_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        completed_at = _parse_completed_at(d.pop("completed_at", UNSET))


        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        def _parse_failure_reason(data: object) -> None | PayoutFailure | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                failure_reason_type_0 = PayoutFailure(data)



                return failure_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PayoutFailure | Unset, data)

        failure_reason = _parse_failure_reason(d.pop("failure_reason", UNSET))


        def _parse_paid_transaction(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        paid_transaction = _parse_paid_transaction(d.pop("paid_transaction", UNSET))


        def _parse_resolution(data: object) -> None | ReviewResolution | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                resolution_type_0 = ReviewResolution.from_dict(data)



                return resolution_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReviewResolution | Unset, data)

        resolution = _parse_resolution(d.pop("resolution", UNSET))


        def _parse_return_transaction(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        return_transaction = _parse_return_transaction(d.pop("return_transaction", UNSET))


        payout_view = cls(
            amount_minor=amount_minor,
            created_at=created_at,
            currency=currency,
            destination=destination,
            fee_minor=fee_minor,
            id=id,
            livemode=livemode,
            object_=object_,
            reference=reference,
            status=status,
            total_minor=total_minor,
            transaction=transaction,
            updated_at=updated_at,
            batch=batch,
            completed_at=completed_at,
            description=description,
            failure_reason=failure_reason,
            paid_transaction=paid_transaction,
            resolution=resolution,
            return_transaction=return_transaction,
        )


        payout_view.additional_properties = d
        return payout_view

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
