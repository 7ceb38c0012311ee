from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.switch_payment_status import SwitchPaymentStatus
from ..models.switch_payment_view_currency import SwitchPaymentViewCurrency
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.customer_message import CustomerMessage
  from ..models.fact_view import FactView
  from ..models.review_resolution import ReviewResolution
  from ..models.switch_consent_view import SwitchConsentView
  from ..models.switch_route import SwitchRoute





T = TypeVar("T", bound="SwitchPaymentView")



@_attrs_define
class SwitchPaymentView:
    """ 
        Attributes:
            amount_minor (int):
            authorization_status (str): NOT_OBSERVED, AUTHORIZED, DECLINED.
            beneficiary_credit_status (str): NOT_OBSERVED, CREDITED, NOT_CREDITED.
            correlation_id (str):
            created_at (str):
            currency (SwitchPaymentViewCurrency):
            customer_message (CustomerMessage):
            expires_at (str): Not handed to the switch by then, the payment EXPIRES.
            id (str):
            inquiries (int):
            journal (list[FactView]): The append-only journal of facts, oldest first.
            livemode (bool):
            merchant_order_id (str):
            object_ (str): Always `switch_payment`.
            payer_binding (str):
            product (str): Always `MERCHANT_PAYMENT`.
            reconciliation_status (str): NOT_DUE, DUE, MATCHED.
            resolution_status (str): NONE, INQUIRY_PENDING, RESOLVED, MANUAL_REVIEW.
            route (SwitchRoute):
            settlement_status (str): NOT_OBSERVED, SETTLED, NOT_SETTLED.
            status (SwitchPaymentStatus):
            submission_attempts (int): Times the payment was handed to the switch: 0 or 1, never more.
            tracking_reference (str): `<id>/<correlation_id>`: what the merchant quotes to support.
            updated_at (str):
            consent (None | SwitchConsentView | Unset):
            description (None | str | Unset):
            failure_reason (None | str | Unset):
            resolution (None | ReviewResolution | Unset):
            switch_reference (None | str | Unset):
            transaction (None | str | Unset): The ledger posting that credited the merchant (COMPLETED).
     """

    amount_minor: int
    authorization_status: str
    beneficiary_credit_status: str
    correlation_id: str
    created_at: str
    currency: SwitchPaymentViewCurrency
    customer_message: CustomerMessage
    expires_at: str
    id: str
    inquiries: int
    journal: list[FactView]
    livemode: bool
    merchant_order_id: str
    object_: str
    payer_binding: str
    product: str
    reconciliation_status: str
    resolution_status: str
    route: SwitchRoute
    settlement_status: str
    status: SwitchPaymentStatus
    submission_attempts: int
    tracking_reference: str
    updated_at: str
    consent: None | SwitchConsentView | Unset = UNSET
    description: None | str | Unset = UNSET
    failure_reason: None | str | Unset = UNSET
    resolution: None | ReviewResolution | Unset = UNSET
    switch_reference: None | str | Unset = UNSET
    transaction: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.customer_message import CustomerMessage # noqa: PLC0415
        from ..models.fact_view import FactView # noqa: PLC0415
        from ..models.review_resolution import ReviewResolution # noqa: PLC0415
        from ..models.switch_consent_view import SwitchConsentView # noqa: PLC0415
        from ..models.switch_route import SwitchRoute # noqa: PLC0415
        amount_minor = self.amount_minor

        authorization_status = self.authorization_status

        beneficiary_credit_status = self.beneficiary_credit_status

        correlation_id = self.correlation_id

        created_at = self.created_at

        currency = self.currency.value

        customer_message = self.customer_message.to_dict()

        expires_at = self.expires_at

        id = self.id

        inquiries = self.inquiries

        journal = []
        for journal_item_data in self.journal:
            journal_item = journal_item_data.to_dict()
            journal.append(journal_item)



        livemode = self.livemode

        merchant_order_id = self.merchant_order_id

        object_ = self.object_

        payer_binding = self.payer_binding

        product = self.product

        reconciliation_status = self.reconciliation_status

        resolution_status = self.resolution_status

        route = self.route.to_dict()

        settlement_status = self.settlement_status

        status = self.status.value

        submission_attempts = self.submission_attempts

        tracking_reference = self.tracking_reference

        updated_at = self.updated_at

        consent: dict[str, Any] | None | Unset
        if isinstance(self.consent, Unset):
            consent = UNSET
        elif isinstance(self.consent, SwitchConsentView):
            consent = self.consent.to_dict()
        else:
            consent = self.consent

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        failure_reason: None | str | Unset
        if isinstance(self.failure_reason, Unset):
            failure_reason = UNSET
        else:
            failure_reason = self.failure_reason

        resolution: dict[str, Any] | None | Unset
        if isinstance(self.resolution, Unset):
            resolution = UNSET
        elif isinstance(self.resolution, ReviewResolution):
            resolution = self.resolution.to_dict()
        else:
            resolution = self.resolution

        switch_reference: None | str | Unset
        if isinstance(self.switch_reference, Unset):
            switch_reference = UNSET
        else:
            switch_reference = self.switch_reference

        transaction: None | str | Unset
        if isinstance(self.transaction, Unset):
            transaction = UNSET
        else:
            transaction = self.transaction


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount_minor": amount_minor,
            "authorization_status": authorization_status,
            "beneficiary_credit_status": beneficiary_credit_status,
            "correlation_id": correlation_id,
            "created_at": created_at,
            "currency": currency,
            "customer_message": customer_message,
            "expires_at": expires_at,
            "id": id,
            "inquiries": inquiries,
            "journal": journal,
            "livemode": livemode,
            "merchant_order_id": merchant_order_id,
            "object": object_,
            "payer_binding": payer_binding,
            "product": product,
            "reconciliation_status": reconciliation_status,
            "resolution_status": resolution_status,
            "route": route,
            "settlement_status": settlement_status,
            "status": status,
            "submission_attempts": submission_attempts,
            "tracking_reference": tracking_reference,
            "updated_at": updated_at,
        })
        if consent is not UNSET:
            field_dict["consent"] = consent
        if description is not UNSET:
            field_dict["description"] = description
        if failure_reason is not UNSET:
            field_dict["failure_reason"] = failure_reason
        if resolution is not UNSET:
            field_dict["resolution"] = resolution
        if switch_reference is not UNSET:
            field_dict["switch_reference"] = switch_reference
        if transaction is not UNSET:
            field_dict["transaction"] = transaction

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.customer_message import CustomerMessage # noqa: PLC0415
        from ..models.fact_view import FactView # noqa: PLC0415
        from ..models.review_resolution import ReviewResolution # noqa: PLC0415
        from ..models.switch_consent_view import SwitchConsentView # noqa: PLC0415
        from ..models.switch_route import SwitchRoute # noqa: PLC0415
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        authorization_status = d.pop("authorization_status")

        beneficiary_credit_status = d.pop("beneficiary_credit_status")

        correlation_id = d.pop("correlation_id")

        created_at = d.pop("created_at")

        currency = SwitchPaymentViewCurrency(d.pop("currency"))




        customer_message = CustomerMessage.from_dict(d.pop("customer_message"))




        expires_at = d.pop("expires_at")

        id = d.pop("id")

        inquiries = d.pop("inquiries")

        journal = []
        _journal = d.pop("journal")
        for journal_item_data in (_journal):
            journal_item = FactView.from_dict(journal_item_data)



            journal.append(journal_item)


        livemode = d.pop("livemode")

        merchant_order_id = d.pop("merchant_order_id")

        object_ = d.pop("object")

        payer_binding = d.pop("payer_binding")

        product = d.pop("product")

        reconciliation_status = d.pop("reconciliation_status")

        resolution_status = d.pop("resolution_status")

        route = SwitchRoute.from_dict(d.pop("route"))




        settlement_status = d.pop("settlement_status")

        status = SwitchPaymentStatus(d.pop("status"))




        submission_attempts = d.pop("submission_attempts")

        tracking_reference = d.pop("tracking_reference")

        updated_at = d.pop("updated_at")

        def _parse_consent(data: object) -> None | SwitchConsentView | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                consent_type_0 = SwitchConsentView.from_dict(data)



                return consent_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SwitchConsentView | Unset, data)

        consent = _parse_consent(d.pop("consent", UNSET))


        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        def _parse_failure_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        failure_reason = _parse_failure_reason(d.pop("failure_reason", UNSET))


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


        def _parse_switch_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        switch_reference = _parse_switch_reference(d.pop("switch_reference", UNSET))


        def _parse_transaction(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        transaction = _parse_transaction(d.pop("transaction", UNSET))


        switch_payment_view = cls(
            amount_minor=amount_minor,
            authorization_status=authorization_status,
            beneficiary_credit_status=beneficiary_credit_status,
            correlation_id=correlation_id,
            created_at=created_at,
            currency=currency,
            customer_message=customer_message,
            expires_at=expires_at,
            id=id,
            inquiries=inquiries,
            journal=journal,
            livemode=livemode,
            merchant_order_id=merchant_order_id,
            object_=object_,
            payer_binding=payer_binding,
            product=product,
            reconciliation_status=reconciliation_status,
            resolution_status=resolution_status,
            route=route,
            settlement_status=settlement_status,
            status=status,
            submission_attempts=submission_attempts,
            tracking_reference=tracking_reference,
            updated_at=updated_at,
            consent=consent,
            description=description,
            failure_reason=failure_reason,
            resolution=resolution,
            switch_reference=switch_reference,
            transaction=transaction,
        )


        switch_payment_view.additional_properties = d
        return switch_payment_view

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
