from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.capture_method import CaptureMethod
from ..models.create_intent_currency import CreateIntentCurrency
from ..models.operator import Operator
from ..models.policy import Policy
from ..models.purpose_code import PurposeCode
from ..models.refund_policy import RefundPolicy
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.create_intent_metadata_type_0 import CreateIntentMetadataType0
  from ..models.split_input import SplitInput





T = TypeVar("T", bound="CreateIntent")



@_attrs_define
class CreateIntent:
    """ `POST /payment_intents` (spec section 4.1).

        Attributes:
            currency (CreateIntentCurrency): ISO 4217 code, upper case.
            allowed_operators (list[Operator] | None | Unset): Mobile-money operators the payer may use.
            amount_minor (int | None | Unset): Amount in minor units, greater than 0. Without it the intent is an
                open amount (status CREATED, as the origin): the amount is set once,
                by `confirm`.
            application_fee_minor (int | None | Unset): Platform fee kept when acting for a connected account (needs the
                Service-Account header).
            cancel_url (None | str | Unset):
            capture_method (CaptureMethod | None | Unset):
            confirm (bool | None | Unset): Start a mobile-money attempt with `customer_msisdn` at once (default
                false, as the origin, which never started one at create).
            customer_country (None | str | Unset): ISO 3166-1 alpha-2 country of the payer.
            customer_msisdn (None | str | Unset): The payer's number in E.164 (`+243...`): the default of `confirm`,
                shown on the checkout page. It starts an attempt only with `confirm: true`.
            description (None | str | Unset): At most 200 characters.
            expires_in_minutes (int | None | Unset): 1 to 43 200 minutes (30 days); default 30.
            location_id (None | str | Unset): A location of yours (`loc_...`, `POST /locations`): its name, city,
                country and category go into the QR payload.
            metadata (CreateIntentMetadataType0 | None | Unset): Up to 50 keys of at most 40 characters; values of any JSON
                type, each
                at most 500 characters of JSON and 5 levels deep, 8 KiB in all.
            payment_method_policy (None | Policy | Unset):
            purpose_code (None | PurposeCode | Unset):
            qr (bool | None | Unset): Include an EMVCo QR payload (default true).
            qr_ttl_seconds (int | None | Unset): How long the QR payload may be paid, in seconds: 1 to 86 400, default
                300 (origin), and never past the intent's expiry. Signed into the
                payload (template 80, sub-tag 02); resolve refuses it afterwards.
            rails (list[str] | None | Unset): What the payer may use, in any case: the families `wallet`,
                `mobile_money`, `card`, `bank`, `qr`; an operator `mpesa`, `airtel`,
                `orange`, `africell` or `mtn` (mobile money); an operator id such as
                `orange_cd` (mobile money with that operator only). Default: wallet,
                mobile money, card, bank and qr. Anything else is refused, named. Example: ['wallet', 'mpesa', 'orange_cd',
                'card'].
            reference (None | str | Unset): Your reference, at most 64 characters.
            split_refund_policy (None | RefundPolicy | Unset):
            splits (list[SplitInput] | None | Unset): At most 10; bps add up to at most 10 000 and fixed parts to at most
                the amount.
            success_url (None | str | Unset):
            terminal_id (None | str | Unset): A terminal of yours (`term_...`): its label goes into the QR payload;
                it implies its location.
     """

    currency: CreateIntentCurrency
    allowed_operators: list[Operator] | None | Unset = UNSET
    amount_minor: int | None | Unset = UNSET
    application_fee_minor: int | None | Unset = UNSET
    cancel_url: None | str | Unset = UNSET
    capture_method: CaptureMethod | None | Unset = UNSET
    confirm: bool | None | Unset = UNSET
    customer_country: None | str | Unset = UNSET
    customer_msisdn: None | str | Unset = UNSET
    description: None | str | Unset = UNSET
    expires_in_minutes: int | None | Unset = UNSET
    location_id: None | str | Unset = UNSET
    metadata: CreateIntentMetadataType0 | None | Unset = UNSET
    payment_method_policy: None | Policy | Unset = UNSET
    purpose_code: None | PurposeCode | Unset = UNSET
    qr: bool | None | Unset = UNSET
    qr_ttl_seconds: int | None | Unset = UNSET
    rails: list[str] | None | Unset = UNSET
    reference: None | str | Unset = UNSET
    split_refund_policy: None | RefundPolicy | Unset = UNSET
    splits: list[SplitInput] | None | Unset = UNSET
    success_url: None | str | Unset = UNSET
    terminal_id: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.create_intent_metadata_type_0 import CreateIntentMetadataType0 # noqa: PLC0415
        from ..models.split_input import SplitInput # noqa: PLC0415
        currency = self.currency.value

        allowed_operators: list[str] | None | Unset
        if isinstance(self.allowed_operators, Unset):
            allowed_operators = UNSET
        elif isinstance(self.allowed_operators, list):
            allowed_operators = []
            for allowed_operators_type_0_item_data in self.allowed_operators:
                allowed_operators_type_0_item = allowed_operators_type_0_item_data.value
                allowed_operators.append(allowed_operators_type_0_item)


        else:
            allowed_operators = self.allowed_operators

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

        cancel_url: None | str | Unset
        if isinstance(self.cancel_url, Unset):
            cancel_url = UNSET
        else:
            cancel_url = self.cancel_url

        capture_method: None | str | Unset
        if isinstance(self.capture_method, Unset):
            capture_method = UNSET
        elif isinstance(self.capture_method, CaptureMethod):
            capture_method = self.capture_method.value
        else:
            capture_method = self.capture_method

        confirm: bool | None | Unset
        if isinstance(self.confirm, Unset):
            confirm = UNSET
        else:
            confirm = self.confirm

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

        expires_in_minutes: int | None | Unset
        if isinstance(self.expires_in_minutes, Unset):
            expires_in_minutes = UNSET
        else:
            expires_in_minutes = self.expires_in_minutes

        location_id: None | str | Unset
        if isinstance(self.location_id, Unset):
            location_id = UNSET
        else:
            location_id = self.location_id

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, CreateIntentMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        payment_method_policy: None | str | Unset
        if isinstance(self.payment_method_policy, Unset):
            payment_method_policy = UNSET
        elif isinstance(self.payment_method_policy, Policy):
            payment_method_policy = self.payment_method_policy.value
        else:
            payment_method_policy = self.payment_method_policy

        purpose_code: None | str | Unset
        if isinstance(self.purpose_code, Unset):
            purpose_code = UNSET
        elif isinstance(self.purpose_code, PurposeCode):
            purpose_code = self.purpose_code.value
        else:
            purpose_code = self.purpose_code

        qr: bool | None | Unset
        if isinstance(self.qr, Unset):
            qr = UNSET
        else:
            qr = self.qr

        qr_ttl_seconds: int | None | Unset
        if isinstance(self.qr_ttl_seconds, Unset):
            qr_ttl_seconds = UNSET
        else:
            qr_ttl_seconds = self.qr_ttl_seconds

        rails: list[str] | None | Unset
        if isinstance(self.rails, Unset):
            rails = UNSET
        elif isinstance(self.rails, list):
            rails = self.rails


        else:
            rails = self.rails

        reference: None | str | Unset
        if isinstance(self.reference, Unset):
            reference = UNSET
        else:
            reference = self.reference

        split_refund_policy: None | str | Unset
        if isinstance(self.split_refund_policy, Unset):
            split_refund_policy = UNSET
        elif isinstance(self.split_refund_policy, RefundPolicy):
            split_refund_policy = self.split_refund_policy.value
        else:
            split_refund_policy = self.split_refund_policy

        splits: list[dict[str, Any]] | None | Unset
        if isinstance(self.splits, Unset):
            splits = UNSET
        elif isinstance(self.splits, list):
            splits = []
            for splits_type_0_item_data in self.splits:
                splits_type_0_item = splits_type_0_item_data.to_dict()
                splits.append(splits_type_0_item)


        else:
            splits = self.splits

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

        field_dict.update({
            "currency": currency,
        })
        if allowed_operators is not UNSET:
            field_dict["allowed_operators"] = allowed_operators
        if amount_minor is not UNSET:
            field_dict["amount_minor"] = amount_minor
        if application_fee_minor is not UNSET:
            field_dict["application_fee_minor"] = application_fee_minor
        if cancel_url is not UNSET:
            field_dict["cancel_url"] = cancel_url
        if capture_method is not UNSET:
            field_dict["capture_method"] = capture_method
        if confirm is not UNSET:
            field_dict["confirm"] = confirm
        if customer_country is not UNSET:
            field_dict["customer_country"] = customer_country
        if customer_msisdn is not UNSET:
            field_dict["customer_msisdn"] = customer_msisdn
        if description is not UNSET:
            field_dict["description"] = description
        if expires_in_minutes is not UNSET:
            field_dict["expires_in_minutes"] = expires_in_minutes
        if location_id is not UNSET:
            field_dict["location_id"] = location_id
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if payment_method_policy is not UNSET:
            field_dict["payment_method_policy"] = payment_method_policy
        if purpose_code is not UNSET:
            field_dict["purpose_code"] = purpose_code
        if qr is not UNSET:
            field_dict["qr"] = qr
        if qr_ttl_seconds is not UNSET:
            field_dict["qr_ttl_seconds"] = qr_ttl_seconds
        if rails is not UNSET:
            field_dict["rails"] = rails
        if reference is not UNSET:
            field_dict["reference"] = reference
        if split_refund_policy is not UNSET:
            field_dict["split_refund_policy"] = split_refund_policy
        if splits is not UNSET:
            field_dict["splits"] = splits
        if success_url is not UNSET:
            field_dict["success_url"] = success_url
        if terminal_id is not UNSET:
            field_dict["terminal_id"] = terminal_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_intent_metadata_type_0 import CreateIntentMetadataType0 # noqa: PLC0415
        from ..models.split_input import SplitInput # noqa: PLC0415
        d = dict(src_dict)
        currency = CreateIntentCurrency(d.pop("currency"))




        def _parse_allowed_operators(data: object) -> list[Operator] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                allowed_operators_type_0 = []
                _allowed_operators_type_0 = data
                for allowed_operators_type_0_item_data in (_allowed_operators_type_0):
                    allowed_operators_type_0_item = Operator(allowed_operators_type_0_item_data)



                    allowed_operators_type_0.append(allowed_operators_type_0_item)

                return allowed_operators_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Operator] | None | Unset, data)

        allowed_operators = _parse_allowed_operators(d.pop("allowed_operators", UNSET))


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


        def _parse_cancel_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cancel_url = _parse_cancel_url(d.pop("cancel_url", UNSET))


        def _parse_capture_method(data: object) -> CaptureMethod | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                capture_method_type_0 = CaptureMethod(data)



                return capture_method_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CaptureMethod | None | Unset, data)

        capture_method = _parse_capture_method(d.pop("capture_method", UNSET))


        def _parse_confirm(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        confirm = _parse_confirm(d.pop("confirm", UNSET))


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


        def _parse_expires_in_minutes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expires_in_minutes = _parse_expires_in_minutes(d.pop("expires_in_minutes", UNSET))


        def _parse_location_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        location_id = _parse_location_id(d.pop("location_id", UNSET))


        def _parse_metadata(data: object) -> CreateIntentMetadataType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = CreateIntentMetadataType0.from_dict(data)



                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreateIntentMetadataType0 | None | Unset, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))


        def _parse_payment_method_policy(data: object) -> None | Policy | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                payment_method_policy_type_0 = Policy(data)



                return payment_method_policy_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Policy | Unset, data)

        payment_method_policy = _parse_payment_method_policy(d.pop("payment_method_policy", UNSET))


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


        def _parse_qr(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        qr = _parse_qr(d.pop("qr", UNSET))


        def _parse_qr_ttl_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        qr_ttl_seconds = _parse_qr_ttl_seconds(d.pop("qr_ttl_seconds", UNSET))


        def _parse_rails(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                rails_type_0 = cast(list[str], data)

                return rails_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        rails = _parse_rails(d.pop("rails", UNSET))


        def _parse_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reference = _parse_reference(d.pop("reference", UNSET))


        def _parse_split_refund_policy(data: object) -> None | RefundPolicy | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                split_refund_policy_type_0 = RefundPolicy(data)



                return split_refund_policy_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RefundPolicy | Unset, data)

        split_refund_policy = _parse_split_refund_policy(d.pop("split_refund_policy", UNSET))


        def _parse_splits(data: object) -> list[SplitInput] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                splits_type_0 = []
                _splits_type_0 = data
                for splits_type_0_item_data in (_splits_type_0):
                    splits_type_0_item = SplitInput.from_dict(splits_type_0_item_data)



                    splits_type_0.append(splits_type_0_item)

                return splits_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[SplitInput] | None | Unset, data)

        splits = _parse_splits(d.pop("splits", UNSET))


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


        create_intent = cls(
            currency=currency,
            allowed_operators=allowed_operators,
            amount_minor=amount_minor,
            application_fee_minor=application_fee_minor,
            cancel_url=cancel_url,
            capture_method=capture_method,
            confirm=confirm,
            customer_country=customer_country,
            customer_msisdn=customer_msisdn,
            description=description,
            expires_in_minutes=expires_in_minutes,
            location_id=location_id,
            metadata=metadata,
            payment_method_policy=payment_method_policy,
            purpose_code=purpose_code,
            qr=qr,
            qr_ttl_seconds=qr_ttl_seconds,
            rails=rails,
            reference=reference,
            split_refund_policy=split_refund_policy,
            splits=splits,
            success_url=success_url,
            terminal_id=terminal_id,
        )

        return create_intent

