from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_payment_currency import CreatePaymentCurrency
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.consent_input import ConsentInput





T = TypeVar("T", bound="CreatePayment")



@_attrs_define
class CreatePayment:
    """ 
        Attributes:
            amount_minor (int):
            currency (CreatePaymentCurrency): CDF or USD. Example: CDF.
            merchant_order_id (str): The merchant's order: one payment per order (IDM-002).
            payer_binding (str): The payer's account binding at the switch. Sandbox: `bind_sandbox_reject`,
                `bind_sandbox_timeout`, `bind_sandbox_timeout_unsent`,
                `bind_sandbox_no_answer` choose those outcomes; any other binding is
                accepted and completed.
            product (str): Always `MERCHANT_PAYMENT`. Example: MERCHANT_PAYMENT.
            consent (ConsentInput | None | Unset):
            description (None | str | Unset):
     """

    amount_minor: int
    currency: CreatePaymentCurrency
    merchant_order_id: str
    payer_binding: str
    product: str
    consent: ConsentInput | None | Unset = UNSET
    description: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.consent_input import ConsentInput # noqa: PLC0415
        amount_minor = self.amount_minor

        currency = self.currency.value

        merchant_order_id = self.merchant_order_id

        payer_binding = self.payer_binding

        product = self.product

        consent: dict[str, Any] | None | Unset
        if isinstance(self.consent, Unset):
            consent = UNSET
        elif isinstance(self.consent, ConsentInput):
            consent = self.consent.to_dict()
        else:
            consent = self.consent

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "amount_minor": amount_minor,
            "currency": currency,
            "merchant_order_id": merchant_order_id,
            "payer_binding": payer_binding,
            "product": product,
        })
        if consent is not UNSET:
            field_dict["consent"] = consent
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.consent_input import ConsentInput # noqa: PLC0415
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        currency = CreatePaymentCurrency(d.pop("currency"))




        merchant_order_id = d.pop("merchant_order_id")

        payer_binding = d.pop("payer_binding")

        product = d.pop("product")

        def _parse_consent(data: object) -> ConsentInput | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                consent_type_0 = ConsentInput.from_dict(data)



                return consent_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ConsentInput | None | Unset, data)

        consent = _parse_consent(d.pop("consent", UNSET))


        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        create_payment = cls(
            amount_minor=amount_minor,
            currency=currency,
            merchant_order_id=merchant_order_id,
            payer_binding=payer_binding,
            product=product,
            consent=consent,
            description=description,
        )

        return create_payment

