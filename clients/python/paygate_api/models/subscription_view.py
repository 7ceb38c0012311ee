from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.subscription_status import SubscriptionStatus
from ..models.subscription_view_currency import SubscriptionViewCurrency
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.cancellation_view import CancellationView
  from ..models.customer_view import CustomerView
  from ..models.invoice_view import InvoiceView
  from ..models.subscription_view_metadata import SubscriptionViewMetadata





T = TypeVar("T", bound="SubscriptionView")



@_attrs_define
class SubscriptionView:
    """ 
        Attributes:
            cancel_at_period_end (bool):
            created_at (str):
            currency (SubscriptionViewCurrency):
            current_period_end (str):
            current_period_start (str):
            customer (CustomerView):
            id (str): `sub_...`.
            invoices (list[InvoiceView]): Its latest invoices, newest first (at most 24), on `GET /subscriptions/{id}`.
            livemode (bool):
            metadata (SubscriptionViewMetadata):
            object_ (str): Always `subscription`.
            plan (str): The plan's id.
            plan_code (str):
            status (SubscriptionStatus):
            usage_qty (int): Usage recorded in the current period, billed at its end.
            cancellation (CancellationView | None | Unset):
            latest_invoice (None | str | Unset):
            next_charge_at (None | str | Unset): When the next invoice is issued (the current period's end), while it runs.
            trial_end (None | str | Unset):
     """

    cancel_at_period_end: bool
    created_at: str
    currency: SubscriptionViewCurrency
    current_period_end: str
    current_period_start: str
    customer: CustomerView
    id: str
    invoices: list[InvoiceView]
    livemode: bool
    metadata: SubscriptionViewMetadata
    object_: str
    plan: str
    plan_code: str
    status: SubscriptionStatus
    usage_qty: int
    cancellation: CancellationView | None | Unset = UNSET
    latest_invoice: None | str | Unset = UNSET
    next_charge_at: None | str | Unset = UNSET
    trial_end: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.cancellation_view import CancellationView # noqa: PLC0415
        from ..models.customer_view import CustomerView # noqa: PLC0415
        from ..models.invoice_view import InvoiceView # noqa: PLC0415
        from ..models.subscription_view_metadata import SubscriptionViewMetadata # noqa: PLC0415
        cancel_at_period_end = self.cancel_at_period_end

        created_at = self.created_at

        currency = self.currency.value

        current_period_end = self.current_period_end

        current_period_start = self.current_period_start

        customer = self.customer.to_dict()

        id = self.id

        invoices = []
        for invoices_item_data in self.invoices:
            invoices_item = invoices_item_data.to_dict()
            invoices.append(invoices_item)



        livemode = self.livemode

        metadata = self.metadata.to_dict()

        object_ = self.object_

        plan = self.plan

        plan_code = self.plan_code

        status = self.status.value

        usage_qty = self.usage_qty

        cancellation: dict[str, Any] | None | Unset
        if isinstance(self.cancellation, Unset):
            cancellation = UNSET
        elif isinstance(self.cancellation, CancellationView):
            cancellation = self.cancellation.to_dict()
        else:
            cancellation = self.cancellation

        latest_invoice: None | str | Unset
        if isinstance(self.latest_invoice, Unset):
            latest_invoice = UNSET
        else:
            latest_invoice = self.latest_invoice

        next_charge_at: None | str | Unset
        if isinstance(self.next_charge_at, Unset):
            next_charge_at = UNSET
        else:
            next_charge_at = self.next_charge_at

        trial_end: None | str | Unset
        if isinstance(self.trial_end, Unset):
            trial_end = UNSET
        else:
            trial_end = self.trial_end


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "cancel_at_period_end": cancel_at_period_end,
            "created_at": created_at,
            "currency": currency,
            "current_period_end": current_period_end,
            "current_period_start": current_period_start,
            "customer": customer,
            "id": id,
            "invoices": invoices,
            "livemode": livemode,
            "metadata": metadata,
            "object": object_,
            "plan": plan,
            "plan_code": plan_code,
            "status": status,
            "usage_qty": usage_qty,
        })
        if cancellation is not UNSET:
            field_dict["cancellation"] = cancellation
        if latest_invoice is not UNSET:
            field_dict["latest_invoice"] = latest_invoice
        if next_charge_at is not UNSET:
            field_dict["next_charge_at"] = next_charge_at
        if trial_end is not UNSET:
            field_dict["trial_end"] = trial_end

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cancellation_view import CancellationView # noqa: PLC0415
        from ..models.customer_view import CustomerView # noqa: PLC0415
        from ..models.invoice_view import InvoiceView # noqa: PLC0415
        from ..models.subscription_view_metadata import SubscriptionViewMetadata # noqa: PLC0415
        d = dict(src_dict)
        cancel_at_period_end = d.pop("cancel_at_period_end")

        created_at = d.pop("created_at")

        currency = SubscriptionViewCurrency(d.pop("currency"))




        current_period_end = d.pop("current_period_end")

        current_period_start = d.pop("current_period_start")

        customer = CustomerView.from_dict(d.pop("customer"))




        id = d.pop("id")

        invoices = []
        _invoices = d.pop("invoices")
        for invoices_item_data in (_invoices):
            invoices_item = InvoiceView.from_dict(invoices_item_data)



            invoices.append(invoices_item)


        livemode = d.pop("livemode")

        metadata = SubscriptionViewMetadata.from_dict(d.pop("metadata"))




        object_ = d.pop("object")

        plan = d.pop("plan")

        plan_code = d.pop("plan_code")

        status = SubscriptionStatus(d.pop("status"))




        usage_qty = d.pop("usage_qty")

        def _parse_cancellation(data: object) -> CancellationView | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                cancellation_type_0 = CancellationView.from_dict(data)



                return cancellation_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CancellationView | None | Unset, data)

        cancellation = _parse_cancellation(d.pop("cancellation", UNSET))


        def _parse_latest_invoice(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        latest_invoice = _parse_latest_invoice(d.pop("latest_invoice", UNSET))


        def _parse_next_charge_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        next_charge_at = _parse_next_charge_at(d.pop("next_charge_at", UNSET))


        def _parse_trial_end(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        trial_end = _parse_trial_end(d.pop("trial_end", UNSET))


        subscription_view = cls(
            cancel_at_period_end=cancel_at_period_end,
            created_at=created_at,
            currency=currency,
            current_period_end=current_period_end,
            current_period_start=current_period_start,
            customer=customer,
            id=id,
            invoices=invoices,
            livemode=livemode,
            metadata=metadata,
            object_=object_,
            plan=plan,
            plan_code=plan_code,
            status=status,
            usage_qty=usage_qty,
            cancellation=cancellation,
            latest_invoice=latest_invoice,
            next_charge_at=next_charge_at,
            trial_end=trial_end,
        )


        subscription_view.additional_properties = d
        return subscription_view

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
