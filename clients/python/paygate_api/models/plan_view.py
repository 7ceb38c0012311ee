from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.dunning_exhausted import DunningExhausted
from ..models.plan_interval import PlanInterval
from ..models.plan_status import PlanStatus
from ..models.plan_view_currency import PlanViewCurrency
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PlanView")



@_attrs_define
class PlanView:
    """ 
        Attributes:
            amount_minor (int): The recurring amount of one period, before tax.
            code (str): Names the plan across the gateway, and its hosted page.
            created_at (str):
            currency (PlanViewCurrency):
            dunning_exhausted (DunningExhausted): When an invoice's dunning runs out (Stripe's "subscription status after
                all retries fail").
            id (str): `plan_...`.
            interval (PlanInterval): How often a plan bills (`interval_count` of them per period).
            interval_count (int):
            livemode (bool):
            monthly_recurring_minor (int): The recurring amount normalised to a month (day ×30, week ×4, year ÷12).
            name (str):
            object_ (str): Always `plan`.
            status (PlanStatus):
            subscribe_url (str): The hosted page where a payer subscribes.
            tax_bps (int): Tax on each invoice's recurring and usage lines, in basis points.
            trial_days (int):
            usage_price_minor (int):
            archived_at (None | str | Unset):
            description (None | str | Unset):
            tax_label (None | str | Unset):
            usage_unit (None | str | Unset): What usage is counted in (`POST /subscriptions/{id}/usage`); none: no usage.
     """

    amount_minor: int
    code: str
    created_at: str
    currency: PlanViewCurrency
    dunning_exhausted: DunningExhausted
    id: str
    interval: PlanInterval
    interval_count: int
    livemode: bool
    monthly_recurring_minor: int
    name: str
    object_: str
    status: PlanStatus
    subscribe_url: str
    tax_bps: int
    trial_days: int
    usage_price_minor: int
    archived_at: None | str | Unset = UNSET
    description: None | str | Unset = UNSET
    tax_label: None | str | Unset = UNSET
    usage_unit: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        amount_minor = self.amount_minor

        code = self.code

        created_at = self.created_at

        currency = self.currency.value

        dunning_exhausted = self.dunning_exhausted.value

        id = self.id

        interval = self.interval.value

        interval_count = self.interval_count

        livemode = self.livemode

        monthly_recurring_minor = self.monthly_recurring_minor

        name = self.name

        object_ = self.object_

        status = self.status.value

        subscribe_url = self.subscribe_url

        tax_bps = self.tax_bps

        trial_days = self.trial_days

        usage_price_minor = self.usage_price_minor

        archived_at: None | str | Unset
        if isinstance(self.archived_at, Unset):
            archived_at = UNSET
        else:
            archived_at = self.archived_at

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        tax_label: None | str | Unset
        if isinstance(self.tax_label, Unset):
            tax_label = UNSET
        else:
            tax_label = self.tax_label

        usage_unit: None | str | Unset
        if isinstance(self.usage_unit, Unset):
            usage_unit = UNSET
        else:
            usage_unit = self.usage_unit


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount_minor": amount_minor,
            "code": code,
            "created_at": created_at,
            "currency": currency,
            "dunning_exhausted": dunning_exhausted,
            "id": id,
            "interval": interval,
            "interval_count": interval_count,
            "livemode": livemode,
            "monthly_recurring_minor": monthly_recurring_minor,
            "name": name,
            "object": object_,
            "status": status,
            "subscribe_url": subscribe_url,
            "tax_bps": tax_bps,
            "trial_days": trial_days,
            "usage_price_minor": usage_price_minor,
        })
        if archived_at is not UNSET:
            field_dict["archived_at"] = archived_at
        if description is not UNSET:
            field_dict["description"] = description
        if tax_label is not UNSET:
            field_dict["tax_label"] = tax_label
        if usage_unit is not UNSET:
            field_dict["usage_unit"] = usage_unit

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        code = d.pop("code")

        created_at = d.pop("created_at")

        currency = PlanViewCurrency(d.pop("currency"))




        dunning_exhausted = DunningExhausted(d.pop("dunning_exhausted"))




        id = d.pop("id")

        interval = PlanInterval(d.pop("interval"))




        interval_count = d.pop("interval_count")

        livemode = d.pop("livemode")

        monthly_recurring_minor = d.pop("monthly_recurring_minor")

        name = d.pop("name")

        object_ = d.pop("object")

        status = PlanStatus(d.pop("status"))




        subscribe_url = d.pop("subscribe_url")

        tax_bps = d.pop("tax_bps")

        trial_days = d.pop("trial_days")

        usage_price_minor = d.pop("usage_price_minor")

        def _parse_archived_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        archived_at = _parse_archived_at(d.pop("archived_at", UNSET))


        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        def _parse_tax_label(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tax_label = _parse_tax_label(d.pop("tax_label", UNSET))


        def _parse_usage_unit(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        usage_unit = _parse_usage_unit(d.pop("usage_unit", UNSET))


        plan_view = cls(
            amount_minor=amount_minor,
            code=code,
            created_at=created_at,
            currency=currency,
            dunning_exhausted=dunning_exhausted,
            id=id,
            interval=interval,
            interval_count=interval_count,
            livemode=livemode,
            monthly_recurring_minor=monthly_recurring_minor,
            name=name,
            object_=object_,
            status=status,
            subscribe_url=subscribe_url,
            tax_bps=tax_bps,
            trial_days=trial_days,
            usage_price_minor=usage_price_minor,
            archived_at=archived_at,
            description=description,
            tax_label=tax_label,
            usage_unit=usage_unit,
        )


        plan_view.additional_properties = d
        return plan_view

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
