from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.refund_status import RefundStatus
from ..models.refund_view_currency import RefundViewCurrency
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.refund_view_metadata import RefundViewMetadata
  from ..models.rejection import Rejection
  from ..models.review_resolution import ReviewResolution





T = TypeVar("T", bound="RefundView")



@_attrs_define
class RefundView:
    """ 
        Attributes:
            amount_minor (int):
            created_at (str):
            currency (RefundViewCurrency):
            id (str):
            livemode (bool):
            metadata (RefundViewMetadata):
            object_ (str): Always `refund`.
            payment_intent (str):
            reason (str): Why, as sent (suggested: `requested_by_customer`, `duplicate`,
                `fraudulent`, `product_not_received`, `other`).
            status (RefundStatus):
            updated_at (str):
            failure_reason (None | str | Unset):
            refund_transaction (None | str | Unset): Ledger transaction that paid the refund out, once SUCCEEDED.
            rejection (None | Rejection | Unset):
            reservation_transaction (None | str | Unset): Ledger transaction that reserved the amount.
            resolution (None | ReviewResolution | Unset):
     """

    amount_minor: int
    created_at: str
    currency: RefundViewCurrency
    id: str
    livemode: bool
    metadata: RefundViewMetadata
    object_: str
    payment_intent: str
    reason: str
    status: RefundStatus
    updated_at: str
    failure_reason: None | str | Unset = UNSET
    refund_transaction: None | str | Unset = UNSET
    rejection: None | Rejection | Unset = UNSET
    reservation_transaction: None | str | Unset = UNSET
    resolution: None | ReviewResolution | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.refund_view_metadata import RefundViewMetadata # noqa: PLC0415
        from ..models.rejection import Rejection # noqa: PLC0415
        from ..models.review_resolution import ReviewResolution # noqa: PLC0415
        amount_minor = self.amount_minor

        created_at = self.created_at

        currency = self.currency.value

        id = self.id

        livemode = self.livemode

        metadata = self.metadata.to_dict()

        object_ = self.object_

        payment_intent = self.payment_intent

        reason = self.reason

        status = self.status.value

        updated_at = self.updated_at

        failure_reason: None | str | Unset
        if isinstance(self.failure_reason, Unset):
            failure_reason = UNSET
        else:
            failure_reason = self.failure_reason

        refund_transaction: None | str | Unset
        if isinstance(self.refund_transaction, Unset):
            refund_transaction = UNSET
        else:
            refund_transaction = self.refund_transaction

        rejection: dict[str, Any] | None | Unset
        if isinstance(self.rejection, Unset):
            rejection = UNSET
        elif isinstance(self.rejection, Rejection):
            rejection = self.rejection.to_dict()
        else:
            rejection = self.rejection

        reservation_transaction: None | str | Unset
        if isinstance(self.reservation_transaction, Unset):
            reservation_transaction = UNSET
        else:
            reservation_transaction = self.reservation_transaction

        resolution: dict[str, Any] | None | Unset
        if isinstance(self.resolution, Unset):
            resolution = UNSET
        elif isinstance(self.resolution, ReviewResolution):
            resolution = self.resolution.to_dict()
        else:
            resolution = self.resolution


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount_minor": amount_minor,
            "created_at": created_at,
            "currency": currency,
            "id": id,
            "livemode": livemode,
            "metadata": metadata,
            "object": object_,
            "payment_intent": payment_intent,
            "reason": reason,
            "status": status,
            "updated_at": updated_at,
        })
        if failure_reason is not UNSET:
            field_dict["failure_reason"] = failure_reason
        if refund_transaction is not UNSET:
            field_dict["refund_transaction"] = refund_transaction
        if rejection is not UNSET:
            field_dict["rejection"] = rejection
        if reservation_transaction is not UNSET:
            field_dict["reservation_transaction"] = reservation_transaction
        if resolution is not UNSET:
            field_dict["resolution"] = resolution

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.refund_view_metadata import RefundViewMetadata # noqa: PLC0415
        from ..models.rejection import Rejection # noqa: PLC0415
        from ..models.review_resolution import ReviewResolution # noqa: PLC0415
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        created_at = d.pop("created_at")

        currency = RefundViewCurrency(d.pop("currency"))




        id = d.pop("id")

        livemode = d.pop("livemode")

        metadata = RefundViewMetadata.from_dict(d.pop("metadata"))




        object_ = d.pop("object")

        payment_intent = d.pop("payment_intent")

        reason = d.pop("reason")

        status = RefundStatus(d.pop("status"))




        updated_at = d.pop("updated_at")

        def _parse_failure_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        failure_reason = _parse_failure_reason(d.pop("failure_reason", UNSET))


        def _parse_refund_transaction(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        refund_transaction = _parse_refund_transaction(d.pop("refund_transaction", UNSET))


        def _parse_rejection(data: object) -> None | Rejection | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rejection_type_0 = Rejection.from_dict(data)



                return rejection_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Rejection | Unset, data)

        rejection = _parse_rejection(d.pop("rejection", UNSET))


        def _parse_reservation_transaction(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reservation_transaction = _parse_reservation_transaction(d.pop("reservation_transaction", UNSET))


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


        refund_view = cls(
            amount_minor=amount_minor,
            created_at=created_at,
            currency=currency,
            id=id,
            livemode=livemode,
            metadata=metadata,
            object_=object_,
            payment_intent=payment_intent,
            reason=reason,
            status=status,
            updated_at=updated_at,
            failure_reason=failure_reason,
            refund_transaction=refund_transaction,
            rejection=rejection,
            reservation_transaction=reservation_transaction,
            resolution=resolution,
        )


        refund_view.additional_properties = d
        return refund_view

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
