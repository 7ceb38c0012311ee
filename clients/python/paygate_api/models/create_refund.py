from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_refund_currency import CreateRefundCurrency
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.create_refund_metadata_type_0 import CreateRefundMetadataType0





T = TypeVar("T", bound="CreateRefund")



@_attrs_define
class CreateRefund:
    """ 
        Attributes:
            payment_intent (str): The captured payment intent (pi_...).
            reason (str): Why, 1 to 200 characters; suggested: `requested_by_customer`,
                `duplicate`, `fraudulent`, `product_not_received`, `other`. Example: requested_by_customer.
            amount_minor (int | None | Unset): At most the refundable amount (captured − refunded − reserved);
                default: all of it.
            currency (CreateRefundCurrency | Unset): Optional; must be the payment's currency.
            metadata (CreateRefundMetadataType0 | None | Unset): Up to 50 keys of at most 40 characters; values of any JSON
                type, each
                at most 500 characters of JSON and 5 levels deep, 8 KiB in all.
            pin (None | str | Unset): A team member's PIN (step-up): a session's refund over 100 000 minor
                units is executed at once with it, and waits for approval without it.
                API keys need none.
     """

    payment_intent: str
    reason: str
    amount_minor: int | None | Unset = UNSET
    currency: CreateRefundCurrency | Unset = UNSET
    metadata: CreateRefundMetadataType0 | None | Unset = UNSET
    pin: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.create_refund_metadata_type_0 import CreateRefundMetadataType0 # noqa: PLC0415
        payment_intent = self.payment_intent

        reason = self.reason

        amount_minor: int | None | Unset
        if isinstance(self.amount_minor, Unset):
            amount_minor = UNSET
        else:
            amount_minor = self.amount_minor

        currency: str | Unset = UNSET
        if not isinstance(self.currency, Unset):
            currency = self.currency.value


        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, CreateRefundMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        pin: None | str | Unset
        if isinstance(self.pin, Unset):
            pin = UNSET
        else:
            pin = self.pin


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "payment_intent": payment_intent,
            "reason": reason,
        })
        if amount_minor is not UNSET:
            field_dict["amount_minor"] = amount_minor
        if currency is not UNSET:
            field_dict["currency"] = currency
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if pin is not UNSET:
            field_dict["pin"] = pin

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_refund_metadata_type_0 import CreateRefundMetadataType0 # noqa: PLC0415
        d = dict(src_dict)
        payment_intent = d.pop("payment_intent")

        reason = d.pop("reason")

        def _parse_amount_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount_minor = _parse_amount_minor(d.pop("amount_minor", UNSET))


        _currency = d.pop("currency", UNSET)
        currency: CreateRefundCurrency | Unset
        if isinstance(_currency,  Unset):
            currency = UNSET
        else:
            currency = CreateRefundCurrency(_currency)




        def _parse_metadata(data: object) -> CreateRefundMetadataType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = CreateRefundMetadataType0.from_dict(data)



                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreateRefundMetadataType0 | None | Unset, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))


        def _parse_pin(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pin = _parse_pin(d.pop("pin", UNSET))


        create_refund = cls(
            payment_intent=payment_intent,
            reason=reason,
            amount_minor=amount_minor,
            currency=currency,
            metadata=metadata,
            pin=pin,
        )

        return create_refund

