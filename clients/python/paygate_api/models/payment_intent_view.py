from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.cancellation_reason import CancellationReason
from ..models.capture_method import CaptureMethod
from ..models.payment_intent_status import PaymentIntentStatus
from ..models.payment_intent_view_currency import PaymentIntentViewCurrency
from ..models.policy import Policy
from ..models.purpose_code import PurposeCode
from ..models.refund_policy import RefundPolicy
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.attempt_view import AttemptView
  from ..models.bank_instructions import BankInstructions
  from ..models.fees import Fees
  from ..models.intent_next_action import IntentNextAction
  from ..models.late_payment_view import LatePaymentView
  from ..models.payment_intent_view_metadata import PaymentIntentViewMetadata
  from ..models.review_view import ReviewView
  from ..models.settlement_view import SettlementView
  from ..models.split_input import SplitInput





T = TypeVar("T", bound="PaymentIntentView")



@_attrs_define
class PaymentIntentView:
    """ 
        Attributes:
            allowed_operators (list[str]):
            amount_capturable_minor (int): Authorised and not yet captured (manual capture).
            amount_received_minor (int): Captured.
            amount_refunded_minor (int):
            attempts_count (int):
            capture_method (CaptureMethod):
            checkout_url (str): The hosted page where the payer pays.
            created_at (str):
            currency (PaymentIntentViewCurrency):
            expires_at (str):
            id (str):
            late_payments (list[LatePaymentView]): Money a live provider confirmed after the intent had moved on
                (`payment_intent.late_payment`), held in the suspense balance until
                the merchant refunds or releases it (an addition to the spec).
            livemode (bool):
            metadata (PaymentIntentViewMetadata):
            object_ (str): Always `payment_intent`.
            payment_method_policy (Policy): How candidates are ordered (`payment_method_policy` of an intent,
                `policy` of a transfer quote).
            rails (list[str]):
            refund_status (str): `none`, `partially_refunded` or `refunded` (origin's PARTIALLY_REFUNDED / REFUNDED).
            split_refund_policy (RefundPolicy):
            splits (list[SplitInput]):
            status (PaymentIntentStatus):
            updated_at (str):
            account (None | str | Unset): The connected account this intent belongs to, when created for one.
            amount_minor (int | None | Unset): `null` while an open amount is not set (status CREATED).
            application_fee_minor (int | None | Unset):
            bank_instructions (BankInstructions | None | Unset):
            cancel_url (None | str | Unset):
            cancellation_note (None | str | Unset): The cancel's `reason` text, as sent.
            cancellation_reason (CancellationReason | None | Unset):
            client_secret (None | str | Unset): Lets a `pk_` key or the hosted page read and confirm this one intent.
                Returned by the create call only (and its idempotent replay).
            collection_transaction (None | str | Unset): Ledger transaction that credited the merchant's pending balance.
            customer_country (None | str | Unset):
            customer_msisdn (None | str | Unset):
            description (None | str | Unset):
            fees (Fees | None | Unset):
            last_attempt (AttemptView | None | Unset):
            location_id (None | str | Unset): The location (`loc_...`) and terminal (`term_...`) of the intent and its QR.
            next_action (IntentNextAction | None | Unset):
            purpose_code (None | PurposeCode | Unset):
            qr_expires_at (None | str | Unset): When the QR payload stops being payable (signed into it, template 80 sub-tag
                02).
            qr_payload (None | str | Unset): EMVCo merchant-presented QR payload with amount and reference (when `qr` was
                not false).
            reference (None | str | Unset):
            review (None | ReviewView | Unset):
            settled_at (None | str | Unset): When the payment settled (`null` before).
            settlement (None | SettlementView | Unset):
            settlement_transaction (None | str | Unset): Ledger transaction that moved the net amount to available.
            success_url (None | str | Unset):
            terminal_id (None | str | Unset):
     """

    allowed_operators: list[str]
    amount_capturable_minor: int
    amount_received_minor: int
    amount_refunded_minor: int
    attempts_count: int
    capture_method: CaptureMethod
    checkout_url: str
    created_at: str
    currency: PaymentIntentViewCurrency
    expires_at: str
    id: str
    late_payments: list[LatePaymentView]
    livemode: bool
    metadata: PaymentIntentViewMetadata
    object_: str
    payment_method_policy: Policy
    rails: list[str]
    refund_status: str
    split_refund_policy: RefundPolicy
    splits: list[SplitInput]
    status: PaymentIntentStatus
    updated_at: str
    account: None | str | Unset = UNSET
    amount_minor: int | None | Unset = UNSET
    application_fee_minor: int | None | Unset = UNSET
    bank_instructions: BankInstructions | None | Unset = UNSET
    cancel_url: None | str | Unset = UNSET
    cancellation_note: None | str | Unset = UNSET
    cancellation_reason: CancellationReason | None | Unset = UNSET
    client_secret: None | str | Unset = UNSET
    collection_transaction: None | str | Unset = UNSET
    customer_country: None | str | Unset = UNSET
    customer_msisdn: None | str | Unset = UNSET
    description: None | str | Unset = UNSET
    fees: Fees | None | Unset = UNSET
    last_attempt: AttemptView | None | Unset = UNSET
    location_id: None | str | Unset = UNSET
    next_action: IntentNextAction | None | Unset = UNSET
    purpose_code: None | PurposeCode | Unset = UNSET
    qr_expires_at: None | str | Unset = UNSET
    qr_payload: None | str | Unset = UNSET
    reference: None | str | Unset = UNSET
    review: None | ReviewView | Unset = UNSET
    settled_at: None | str | Unset = UNSET
    settlement: None | SettlementView | Unset = UNSET
    settlement_transaction: None | str | Unset = UNSET
    success_url: None | str | Unset = UNSET
    terminal_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.attempt_view import AttemptView # noqa: PLC0415
        from ..models.bank_instructions import BankInstructions # noqa: PLC0415
        from ..models.fees import Fees # noqa: PLC0415
        from ..models.intent_next_action import IntentNextAction # noqa: PLC0415
        from ..models.late_payment_view import LatePaymentView # noqa: PLC0415
        from ..models.payment_intent_view_metadata import PaymentIntentViewMetadata # noqa: PLC0415
        from ..models.review_view import ReviewView # noqa: PLC0415
        from ..models.settlement_view import SettlementView # noqa: PLC0415
        from ..models.split_input import SplitInput # noqa: PLC0415
        allowed_operators = self.allowed_operators



        amount_capturable_minor = self.amount_capturable_minor

        amount_received_minor = self.amount_received_minor

        amount_refunded_minor = self.amount_refunded_minor

        attempts_count = self.attempts_count

        capture_method = self.capture_method.value

        checkout_url = self.checkout_url

        created_at = self.created_at

        currency = self.currency.value

        expires_at = self.expires_at

        id = self.id

        late_payments = []
        for late_payments_item_data in self.late_payments:
            late_payments_item = late_payments_item_data.to_dict()
            late_payments.append(late_payments_item)



        livemode = self.livemode

        metadata = self.metadata.to_dict()

        object_ = self.object_

        payment_method_policy = self.payment_method_policy.value

        rails = self.rails



        refund_status = self.refund_status

        split_refund_policy = self.split_refund_policy.value

        splits = []
        for splits_item_data in self.splits:
            splits_item = splits_item_data.to_dict()
            splits.append(splits_item)



        status = self.status.value

        updated_at = self.updated_at

        account: None | str | Unset
        if isinstance(self.account, Unset):
            account = UNSET
        else:
            account = self.account

        amount_minor: int | None | Unset
        if isinstance(self.amount_minor, Unset):
            amount_minor = UNSET
        else:
            amount_minor = self.amount_minor

        application_fee_minor: int | None | Unset
        if isinstance(self.application_fee_minor, Unset):
            application_fee_minor = UNSET
        else:
            application_fee_minor = self.application_fee_minor

        bank_instructions: dict[str, Any] | None | Unset
        if isinstance(self.bank_instructions, Unset):
            bank_instructions = UNSET
        elif isinstance(self.bank_instructions, BankInstructions):
            bank_instructions = self.bank_instructions.to_dict()
        else:
            bank_instructions = self.bank_instructions

        cancel_url: None | str | Unset
        if isinstance(self.cancel_url, Unset):
            cancel_url = UNSET
        else:
            cancel_url = self.cancel_url

        cancellation_note: None | str | Unset
        if isinstance(self.cancellation_note, Unset):
            cancellation_note = UNSET
        else:
            cancellation_note = self.cancellation_note

        cancellation_reason: None | str | Unset
        if isinstance(self.cancellation_reason, Unset):
            cancellation_reason = UNSET
        elif isinstance(self.cancellation_reason, CancellationReason):
            cancellation_reason = self.cancellation_reason.value
        else:
            cancellation_reason = self.cancellation_reason

        client_secret: None | str | Unset
        if isinstance(self.client_secret, Unset):
            client_secret = UNSET
        else:
            client_secret = self.client_secret

        collection_transaction: None | str | Unset
        if isinstance(self.collection_transaction, Unset):
            collection_transaction = UNSET
        else:
            collection_transaction = self.collection_transaction

        customer_country: None | str | Unset
        if isinstance(self.customer_country, Unset):
            customer_country = UNSET
        else:
            customer_country = self.customer_country

        customer_msisdn: None | str | Unset
        if isinstance(self.customer_msisdn, Unset):
            customer_msisdn = UNSET
        else:
            customer_msisdn = self.customer_msisdn

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        fees: dict[str, Any] | None | Unset
        if isinstance(self.fees, Unset):
            fees = UNSET
        elif isinstance(self.fees, Fees):
            fees = self.fees.to_dict()
        else:
            fees = self.fees

        last_attempt: dict[str, Any] | None | Unset
        if isinstance(self.last_attempt, Unset):
            last_attempt = UNSET
        elif isinstance(self.last_attempt, AttemptView):
            last_attempt = self.last_attempt.to_dict()
        else:
            last_attempt = self.last_attempt

        location_id: None | str | Unset
        if isinstance(self.location_id, Unset):
            location_id = UNSET
        else:
            location_id = self.location_id

        next_action: dict[str, Any] | None | Unset
        if isinstance(self.next_action, Unset):
            next_action = UNSET
        elif isinstance(self.next_action, IntentNextAction):
            next_action = self.next_action.to_dict()
        else:
            next_action = self.next_action

        purpose_code: None | str | Unset
        if isinstance(self.purpose_code, Unset):
            purpose_code = UNSET
        elif isinstance(self.purpose_code, PurposeCode):
            purpose_code = self.purpose_code.value
        else:
            purpose_code = self.purpose_code

        qr_expires_at: None | str | Unset
        if isinstance(self.qr_expires_at, Unset):
            qr_expires_at = UNSET
        else:
            qr_expires_at = self.qr_expires_at

        qr_payload: None | str | Unset
        if isinstance(self.qr_payload, Unset):
            qr_payload = UNSET
        else:
            qr_payload = self.qr_payload

        reference: None | str | Unset
        if isinstance(self.reference, Unset):
            reference = UNSET
        else:
            reference = self.reference

        review: dict[str, Any] | None | Unset
        if isinstance(self.review, Unset):
            review = UNSET
        elif isinstance(self.review, ReviewView):
            review = self.review.to_dict()
        else:
            review = self.review

        settled_at: None | str | Unset
        if isinstance(self.settled_at, Unset):
            settled_at = UNSET
        else:
            settled_at = self.settled_at

        settlement: dict[str, Any] | None | Unset
        if isinstance(self.settlement, Unset):
            settlement = UNSET
        elif isinstance(self.settlement, SettlementView):
            settlement = self.settlement.to_dict()
        else:
            settlement = self.settlement

        settlement_transaction: None | str | Unset
        if isinstance(self.settlement_transaction, Unset):
            settlement_transaction = UNSET
        else:
            settlement_transaction = self.settlement_transaction

        success_url: None | str | Unset
        if isinstance(self.success_url, Unset):
            success_url = UNSET
        else:
            success_url = self.success_url

        terminal_id: None | str | Unset
        if isinstance(self.terminal_id, Unset):
            terminal_id = UNSET
        else:
            terminal_id = self.terminal_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "allowed_operators": allowed_operators,
            "amount_capturable_minor": amount_capturable_minor,
            "amount_received_minor": amount_received_minor,
            "amount_refunded_minor": amount_refunded_minor,
            "attempts_count": attempts_count,
            "capture_method": capture_method,
            "checkout_url": checkout_url,
            "created_at": created_at,
            "currency": currency,
            "expires_at": expires_at,
            "id": id,
            "late_payments": late_payments,
            "livemode": livemode,
            "metadata": metadata,
            "object": object_,
            "payment_method_policy": payment_method_policy,
            "rails": rails,
            "refund_status": refund_status,
            "split_refund_policy": split_refund_policy,
            "splits": splits,
            "status": status,
            "updated_at": updated_at,
        })
        if account is not UNSET:
            field_dict["account"] = account
        if amount_minor is not UNSET:
            field_dict["amount_minor"] = amount_minor
        if application_fee_minor is not UNSET:
            field_dict["application_fee_minor"] = application_fee_minor
        if bank_instructions is not UNSET:
            field_dict["bank_instructions"] = bank_instructions
        if cancel_url is not UNSET:
            field_dict["cancel_url"] = cancel_url
        if cancellation_note is not UNSET:
            field_dict["cancellation_note"] = cancellation_note
        if cancellation_reason is not UNSET:
            field_dict["cancellation_reason"] = cancellation_reason
        if client_secret is not UNSET:
            field_dict["client_secret"] = client_secret
        if collection_transaction is not UNSET:
            field_dict["collection_transaction"] = collection_transaction
        if customer_country is not UNSET:
            field_dict["customer_country"] = customer_country
        if customer_msisdn is not UNSET:
            field_dict["customer_msisdn"] = customer_msisdn
        if description is not UNSET:
            field_dict["description"] = description
        if fees is not UNSET:
            field_dict["fees"] = fees
        if last_attempt is not UNSET:
            field_dict["last_attempt"] = last_attempt
        if location_id is not UNSET:
            field_dict["location_id"] = location_id
        if next_action is not UNSET:
            field_dict["next_action"] = next_action
        if purpose_code is not UNSET:
            field_dict["purpose_code"] = purpose_code
        if qr_expires_at is not UNSET:
            field_dict["qr_expires_at"] = qr_expires_at
        if qr_payload is not UNSET:
            field_dict["qr_payload"] = qr_payload
        if reference is not UNSET:
            field_dict["reference"] = reference
        if review is not UNSET:
            field_dict["review"] = review
        if settled_at is not UNSET:
            field_dict["settled_at"] = settled_at
        if settlement is not UNSET:
            field_dict["settlement"] = settlement
        if settlement_transaction is not UNSET:
            field_dict["settlement_transaction"] = settlement_transaction
        if success_url is not UNSET:
            field_dict["success_url"] = success_url
        if terminal_id is not UNSET:
            field_dict["terminal_id"] = terminal_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.attempt_view import AttemptView # noqa: PLC0415
        from ..models.bank_instructions import BankInstructions # noqa: PLC0415
        from ..models.fees import Fees # noqa: PLC0415
        from ..models.intent_next_action import IntentNextAction # noqa: PLC0415
        from ..models.late_payment_view import LatePaymentView # noqa: PLC0415
        from ..models.payment_intent_view_metadata import PaymentIntentViewMetadata # noqa: PLC0415
        from ..models.review_view import ReviewView # noqa: PLC0415
        from ..models.settlement_view import SettlementView # noqa: PLC0415
        from ..models.split_input import SplitInput # noqa: PLC0415
        d = dict(src_dict)
        allowed_operators = cast(list[str], d.pop("allowed_operators"))


        amount_capturable_minor = d.pop("amount_capturable_minor")

        amount_received_minor = d.pop("amount_received_minor")

        amount_refunded_minor = d.pop("amount_refunded_minor")

        attempts_count = d.pop("attempts_count")

        capture_method = CaptureMethod(d.pop("capture_method"))




        checkout_url = d.pop("checkout_url")

        created_at = d.pop("created_at")

        currency = PaymentIntentViewCurrency(d.pop("currency"))




        expires_at = d.pop("expires_at")

        id = d.pop("id")

        late_payments = []
        _late_payments = d.pop("late_payments")
        for late_payments_item_data in (_late_payments):
            late_payments_item = LatePaymentView.from_dict(late_payments_item_data)



            late_payments.append(late_payments_item)


        livemode = d.pop("livemode")

        metadata = PaymentIntentViewMetadata.from_dict(d.pop("metadata"))




        object_ = d.pop("object")

        payment_method_policy = Policy(d.pop("payment_method_policy"))




        rails = cast(list[str], d.pop("rails"))


        refund_status = d.pop("refund_status")

        split_refund_policy = RefundPolicy(d.pop("split_refund_policy"))




        splits = []
        _splits = d.pop("splits")
        for splits_item_data in (_splits):
            splits_item = SplitInput.from_dict(splits_item_data)



            splits.append(splits_item)


        status = PaymentIntentStatus(d.pop("status"))




        updated_at = d.pop("updated_at")

        def _parse_account(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        account = _parse_account(d.pop("account", UNSET))


        def _parse_amount_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount_minor = _parse_amount_minor(d.pop("amount_minor", UNSET))


        def _parse_application_fee_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        application_fee_minor = _parse_application_fee_minor(d.pop("application_fee_minor", UNSET))


        def _parse_bank_instructions(data: object) -> BankInstructions | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                bank_instructions_type_0 = BankInstructions.from_dict(data)



                return bank_instructions_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BankInstructions | None | Unset, data)

        bank_instructions = _parse_bank_instructions(d.pop("bank_instructions", UNSET))


        def _parse_cancel_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cancel_url = _parse_cancel_url(d.pop("cancel_url", UNSET))


        def _parse_cancellation_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cancellation_note = _parse_cancellation_note(d.pop("cancellation_note", UNSET))


        def _parse_cancellation_reason(data: object) -> CancellationReason | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                cancellation_reason_type_0 = CancellationReason(data)



                return cancellation_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CancellationReason | None | Unset, data)

        cancellation_reason = _parse_cancellation_reason(d.pop("cancellation_reason", UNSET))


        def _parse_client_secret(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_secret = _parse_client_secret(d.pop("client_secret", UNSET))


        def _parse_collection_transaction(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        collection_transaction = _parse_collection_transaction(d.pop("collection_transaction", UNSET))


        def _parse_customer_country(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        customer_country = _parse_customer_country(d.pop("customer_country", UNSET))


        def _parse_customer_msisdn(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        customer_msisdn = _parse_customer_msisdn(d.pop("customer_msisdn", UNSET))


        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        def _parse_fees(data: object) -> Fees | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                fees_type_0 = Fees.from_dict(data)



                return fees_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Fees | None | Unset, data)

        fees = _parse_fees(d.pop("fees", UNSET))


        def _parse_last_attempt(data: object) -> AttemptView | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_attempt_type_0 = AttemptView.from_dict(data)



                return last_attempt_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AttemptView | None | Unset, data)

        last_attempt = _parse_last_attempt(d.pop("last_attempt", UNSET))


        def _parse_location_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        location_id = _parse_location_id(d.pop("location_id", UNSET))


        def _parse_next_action(data: object) -> IntentNextAction | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                next_action_type_0 = IntentNextAction.from_dict(data)



                return next_action_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IntentNextAction | None | Unset, data)

        next_action = _parse_next_action(d.pop("next_action", UNSET))


        def _parse_purpose_code(data: object) -> None | PurposeCode | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                purpose_code_type_0 = PurposeCode(data)



                return purpose_code_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PurposeCode | Unset, data)

        purpose_code = _parse_purpose_code(d.pop("purpose_code", UNSET))


        def _parse_qr_expires_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        qr_expires_at = _parse_qr_expires_at(d.pop("qr_expires_at", UNSET))


        def _parse_qr_payload(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        qr_payload = _parse_qr_payload(d.pop("qr_payload", UNSET))


        def _parse_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reference = _parse_reference(d.pop("reference", UNSET))


        def _parse_review(data: object) -> None | ReviewView | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                review_type_0 = ReviewView.from_dict(data)



                return review_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReviewView | Unset, data)

        review = _parse_review(d.pop("review", UNSET))


        def _parse_settled_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        settled_at = _parse_settled_at(d.pop("settled_at", UNSET))


        def _parse_settlement(data: object) -> None | SettlementView | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                settlement_type_0 = SettlementView.from_dict(data)



                return settlement_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SettlementView | Unset, data)

        settlement = _parse_settlement(d.pop("settlement", UNSET))


        def _parse_settlement_transaction(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        settlement_transaction = _parse_settlement_transaction(d.pop("settlement_transaction", UNSET))


        def _parse_success_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        success_url = _parse_success_url(d.pop("success_url", UNSET))


        def _parse_terminal_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        terminal_id = _parse_terminal_id(d.pop("terminal_id", UNSET))


        payment_intent_view = cls(
            allowed_operators=allowed_operators,
            amount_capturable_minor=amount_capturable_minor,
            amount_received_minor=amount_received_minor,
            amount_refunded_minor=amount_refunded_minor,
            attempts_count=attempts_count,
            capture_method=capture_method,
            checkout_url=checkout_url,
            created_at=created_at,
            currency=currency,
            expires_at=expires_at,
            id=id,
            late_payments=late_payments,
            livemode=livemode,
            metadata=metadata,
            object_=object_,
            payment_method_policy=payment_method_policy,
            rails=rails,
            refund_status=refund_status,
            split_refund_policy=split_refund_policy,
            splits=splits,
            status=status,
            updated_at=updated_at,
            account=account,
            amount_minor=amount_minor,
            application_fee_minor=application_fee_minor,
            bank_instructions=bank_instructions,
            cancel_url=cancel_url,
            cancellation_note=cancellation_note,
            cancellation_reason=cancellation_reason,
            client_secret=client_secret,
            collection_transaction=collection_transaction,
            customer_country=customer_country,
            customer_msisdn=customer_msisdn,
            description=description,
            fees=fees,
            last_attempt=last_attempt,
            location_id=location_id,
            next_action=next_action,
            purpose_code=purpose_code,
            qr_expires_at=qr_expires_at,
            qr_payload=qr_payload,
            reference=reference,
            review=review,
            settled_at=settled_at,
            settlement=settlement,
            settlement_transaction=settlement_transaction,
            success_url=success_url,
            terminal_id=terminal_id,
        )


        payment_intent_view.additional_properties = d
        return payment_intent_view

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
