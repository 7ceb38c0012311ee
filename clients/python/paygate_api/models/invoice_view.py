from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.invoice_collection import InvoiceCollection
from ..models.invoice_status import InvoiceStatus
from ..models.invoice_view_currency import InvoiceViewCurrency
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.customer_view import CustomerView
  from ..models.invoice_line_view import InvoiceLineView





T = TypeVar("T", bound="InvoiceView")



@_attrs_define
class InvoiceView:
    """ 
        Attributes:
            attempts (int): Collection attempts so far (at most 4).
            created_at (str):
            currency (InvoiceViewCurrency):
            customer (CustomerView):
            id (str): `inv_...`.
            lines (list[InvoiceLineView]): The recurring line, the usage line (when there was usage), the tax line.
            livemode (bool):
            number (str): `INV-YYYYMM-XXXXXX`: the owner's sequence of the month it was issued.
            object_ (str): Always `invoice`.
            period_end (str):
            period_start (str):
            plan (str):
            status (InvoiceStatus):
            subscription (str):
            subtotal_minor (int): The recurring amount.
            tax_minor (int): `round((subtotal + usage) × tax_bps / 10 000)`, half up.
            total_minor (int):
            usage_minor (int):
            usage_qty (int):
            collection (InvoiceCollection | None | Unset):
            last_error (None | str | Unset): Why the latest attempt failed: `insufficient_funds` (wallet),
                `invalid_msisdn`, `declined`, `provider_unavailable`, `no_answer`.
            next_attempt_at (None | str | Unset): When the next attempt runs (or the running one is judged); none once
                paid, void, or out of attempts.
            paid_at (None | str | Unset):
            paid_from (None | str | Unset): The wallet (organisation) that paid it.
            payment_intent (None | str | Unset): The payment request of the latest attempt (`pi_...`).
            payment_url (None | str | Unset): Where the payer pays that request, while the invoice is OPEN or
                FAILED (until the next attempt replaces it): its checkout page.
            transaction (None | str | Unset): The ledger posting that collected it.
            voided_at (None | str | Unset):
     """

    attempts: int
    created_at: str
    currency: InvoiceViewCurrency
    customer: CustomerView
    id: str
    lines: list[InvoiceLineView]
    livemode: bool
    number: str
    object_: str
    period_end: str
    period_start: str
    plan: str
    status: InvoiceStatus
    subscription: str
    subtotal_minor: int
    tax_minor: int
    total_minor: int
    usage_minor: int
    usage_qty: int
    collection: InvoiceCollection | None | Unset = UNSET
    last_error: None | str | Unset = UNSET
    next_attempt_at: None | str | Unset = UNSET
    paid_at: None | str | Unset = UNSET
    paid_from: None | str | Unset = UNSET
    payment_intent: None | str | Unset = UNSET
    payment_url: None | str | Unset = UNSET
    transaction: None | str | Unset = UNSET
    voided_at: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.customer_view import CustomerView # noqa: PLC0415
        from ..models.invoice_line_view import InvoiceLineView # noqa: PLC0415
        attempts = self.attempts

        created_at = self.created_at

        currency = self.currency.value

        customer = self.customer.to_dict()

        id = self.id

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)



        livemode = self.livemode

        number = self.number

        object_ = self.object_

        period_end = self.period_end

        period_start = self.period_start

        plan = self.plan

        status = self.status.value

        subscription = self.subscription

        subtotal_minor = self.subtotal_minor

        tax_minor = self.tax_minor

        total_minor = self.total_minor

        usage_minor = self.usage_minor

        usage_qty = self.usage_qty

        collection: None | str | Unset
        if isinstance(self.collection, Unset):
            collection = UNSET
        elif isinstance(self.collection, InvoiceCollection):
            collection = self.collection.value
        else:
            collection = self.collection

        last_error: None | str | Unset
        if isinstance(self.last_error, Unset):
            last_error = UNSET
        else:
            last_error = self.last_error

        next_attempt_at: None | str | Unset
        if isinstance(self.next_attempt_at, Unset):
            next_attempt_at = UNSET
        else:
            next_attempt_at = self.next_attempt_at

        paid_at: None | str | Unset
        if isinstance(self.paid_at, Unset):
            paid_at = UNSET
        else:
            paid_at = self.paid_at

        paid_from: None | str | Unset
        if isinstance(self.paid_from, Unset):
            paid_from = UNSET
        else:
            paid_from = self.paid_from

        payment_intent: None | str | Unset
        if isinstance(self.payment_intent, Unset):
            payment_intent = UNSET
        else:
            payment_intent = self.payment_intent

        payment_url: None | str | Unset
        if isinstance(self.payment_url, Unset):
            payment_url = UNSET
        else:
            payment_url = self.payment_url

        transaction: None | str | Unset
        if isinstance(self.transaction, Unset):
            transaction = UNSET
        else:
            transaction = self.transaction

        voided_at: None | str | Unset
        if isinstance(self.voided_at, Unset):
            voided_at = UNSET
        else:
            voided_at = self.voided_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "attempts": attempts,
            "created_at": created_at,
            "currency": currency,
            "customer": customer,
            "id": id,
            "lines": lines,
            "livemode": livemode,
            "number": number,
            "object": object_,
            "period_end": period_end,
            "period_start": period_start,
            "plan": plan,
            "status": status,
            "subscription": subscription,
            "subtotal_minor": subtotal_minor,
            "tax_minor": tax_minor,
            "total_minor": total_minor,
            "usage_minor": usage_minor,
            "usage_qty": usage_qty,
        })
        if collection is not UNSET:
            field_dict["collection"] = collection
        if last_error is not UNSET:
            field_dict["last_error"] = last_error
        if next_attempt_at is not UNSET:
            field_dict["next_attempt_at"] = next_attempt_at
        if paid_at is not UNSET:
            field_dict["paid_at"] = paid_at
        if paid_from is not UNSET:
            field_dict["paid_from"] = paid_from
        if payment_intent is not UNSET:
            field_dict["payment_intent"] = payment_intent
        if payment_url is not UNSET:
            field_dict["payment_url"] = payment_url
        if transaction is not UNSET:
            field_dict["transaction"] = transaction
        if voided_at is not UNSET:
            field_dict["voided_at"] = voided_at

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.customer_view import CustomerView # noqa: PLC0415
        from ..models.invoice_line_view import InvoiceLineView # noqa: PLC0415
        d = dict(src_dict)
        attempts = d.pop("attempts")

        created_at = d.pop("created_at")

        currency = InvoiceViewCurrency(d.pop("currency"))




        customer = CustomerView.from_dict(d.pop("customer"))




        id = d.pop("id")

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in (_lines):
            lines_item = InvoiceLineView.from_dict(lines_item_data)



            lines.append(lines_item)


        livemode = d.pop("livemode")

        number = d.pop("number")

        object_ = d.pop("object")

        period_end = d.pop("period_end")

        period_start = d.pop("period_start")

        plan = d.pop("plan")

        status = InvoiceStatus(d.pop("status"))




        subscription = d.pop("subscription")

        subtotal_minor = d.pop("subtotal_minor")

        tax_minor = d.pop("tax_minor")

        total_minor = d.pop("total_minor")

        usage_minor = d.pop("usage_minor")

        usage_qty = d.pop("usage_qty")

        def _parse_collection(data: object) -> InvoiceCollection | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                collection_type_0 = InvoiceCollection(data)



                return collection_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InvoiceCollection | None | Unset, data)

        collection = _parse_collection(d.pop("collection", UNSET))


        def _parse_last_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_error = _parse_last_error(d.pop("last_error", UNSET))


        def _parse_next_attempt_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at", UNSET))


        def _parse_paid_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        paid_at = _parse_paid_at(d.pop("paid_at", UNSET))


        def _parse_paid_from(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        paid_from = _parse_paid_from(d.pop("paid_from", UNSET))


        def _parse_payment_intent(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        payment_intent = _parse_payment_intent(d.pop("payment_intent", UNSET))


        def _parse_payment_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        payment_url = _parse_payment_url(d.pop("payment_url", UNSET))


        def _parse_transaction(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        transaction = _parse_transaction(d.pop("transaction", UNSET))


        def _parse_voided_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        voided_at = _parse_voided_at(d.pop("voided_at", UNSET))


        invoice_view = cls(
            attempts=attempts,
            created_at=created_at,
            currency=currency,
            customer=customer,
            id=id,
            lines=lines,
            livemode=livemode,
            number=number,
            object_=object_,
            period_end=period_end,
            period_start=period_start,
            plan=plan,
            status=status,
            subscription=subscription,
            subtotal_minor=subtotal_minor,
            tax_minor=tax_minor,
            total_minor=total_minor,
            usage_minor=usage_minor,
            usage_qty=usage_qty,
            collection=collection,
            last_error=last_error,
            next_attempt_at=next_attempt_at,
            paid_at=paid_at,
            paid_from=paid_from,
            payment_intent=payment_intent,
            payment_url=payment_url,
            transaction=transaction,
            voided_at=voided_at,
        )


        invoice_view.additional_properties = d
        return invoice_view

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
