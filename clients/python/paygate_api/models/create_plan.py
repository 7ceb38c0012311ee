from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_plan_currency import CreatePlanCurrency
from ..models.dunning_exhausted import DunningExhausted
from ..models.plan_interval import PlanInterval
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CreatePlan")



@_attrs_define
class CreatePlan:
    """ 
        Attributes:
            amount_minor (int): The recurring amount of one period, before tax.
            currency (CreatePlanCurrency):
            interval (PlanInterval): How often a plan bills (`interval_count` of them per period).
            name (str):
            code (None | str | Unset): 2 to 40 of a-z, 0-9 and -, free across the gateway; default: the
                name's slug and 4 characters.
            description (None | str | Unset):
            dunning_exhausted (DunningExhausted | None | Unset):
            interval_count (int | None | Unset): Intervals per period: 1 to 12; default 1.
            tax_bps (int | None | Unset): 0 to 5 000; default 0.
            tax_label (None | str | Unset):
            trial_days (int | None | Unset): 0 to 365; default 0.
            usage_price_minor (int | None | Unset):
            usage_unit (None | str | Unset): What usage is counted in; without it the plan bills no usage.
     """

    amount_minor: int
    currency: CreatePlanCurrency
    interval: PlanInterval
    name: str
    code: None | str | Unset = UNSET
    description: None | str | Unset = UNSET
    dunning_exhausted: DunningExhausted | None | Unset = UNSET
    interval_count: int | None | Unset = UNSET
    tax_bps: int | None | Unset = UNSET
    tax_label: None | str | Unset = UNSET
    trial_days: int | None | Unset = UNSET
    usage_price_minor: int | None | Unset = UNSET
    usage_unit: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        amount_minor = self.amount_minor

        currency = self.currency.value

        interval = self.interval.value

        name = self.name

        code: None | str | Unset
        if isinstance(self.code, Unset):
            code = UNSET
        else:
            code = self.code

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        dunning_exhausted: None | str | Unset
        if isinstance(self.dunning_exhausted, Unset):
            dunning_exhausted = UNSET
        elif isinstance(self.dunning_exhausted, DunningExhausted):
            dunning_exhausted = self.dunning_exhausted.value
        else:
            dunning_exhausted = self.dunning_exhausted

        interval_count: int | None | Unset
        if isinstance(self.interval_count, Unset):
            interval_count = UNSET
        else:
            interval_count = self.interval_count

        tax_bps: int | None | Unset
        if isinstance(self.tax_bps, Unset):
            tax_bps = UNSET
        else:
            tax_bps = self.tax_bps

        tax_label: None | str | Unset
        if isinstance(self.tax_label, Unset):
            tax_label = UNSET
        else:
            tax_label = self.tax_label

        trial_days: int | None | Unset
        if isinstance(self.trial_days, Unset):
            trial_days = UNSET
        else:
            trial_days = self.trial_days

        usage_price_minor: int | None | Unset
        if isinstance(self.usage_price_minor, Unset):
            usage_price_minor = UNSET
        else:
            usage_price_minor = self.usage_price_minor

        usage_unit: None | str | Unset
        if isinstance(self.usage_unit, Unset):
            usage_unit = UNSET
        else:
            usage_unit = self.usage_unit


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "amount_minor": amount_minor,
            "currency": currency,
            "interval": interval,
            "name": name,
        })
        if code is not UNSET:
            field_dict["code"] = code
        if description is not UNSET:
            field_dict["description"] = description
        if dunning_exhausted is not UNSET:
            field_dict["dunning_exhausted"] = dunning_exhausted
        if interval_count is not UNSET:
            field_dict["interval_count"] = interval_count
        if tax_bps is not UNSET:
            field_dict["tax_bps"] = tax_bps
        if tax_label is not UNSET:
            field_dict["tax_label"] = tax_label
        if trial_days is not UNSET:
            field_dict["trial_days"] = trial_days
        if usage_price_minor is not UNSET:
            field_dict["usage_price_minor"] = usage_price_minor
        if usage_unit is not UNSET:
            field_dict["usage_unit"] = usage_unit

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        currency = CreatePlanCurrency(d.pop("currency"))




        interval = PlanInterval(d.pop("interval"))




        name = d.pop("name")

        def _parse_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        code = _parse_code(d.pop("code", UNSET))


        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        def _parse_dunning_exhausted(data: object) -> DunningExhausted | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                dunning_exhausted_type_0 = DunningExhausted(data)



                return dunning_exhausted_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DunningExhausted | None | Unset, data)

        dunning_exhausted = _parse_dunning_exhausted(d.pop("dunning_exhausted", UNSET))


        def _parse_interval_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        interval_count = _parse_interval_count(d.pop("interval_count", UNSET))


        def _parse_tax_bps(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        tax_bps = _parse_tax_bps(d.pop("tax_bps", UNSET))


        def _parse_tax_label(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tax_label = _parse_tax_label(d.pop("tax_label", UNSET))


        def _parse_trial_days(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        trial_days = _parse_trial_days(d.pop("trial_days", UNSET))


        def _parse_usage_price_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        usage_price_minor = _parse_usage_price_minor(d.pop("usage_price_minor", UNSET))


        def _parse_usage_unit(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        usage_unit = _parse_usage_unit(d.pop("usage_unit", UNSET))


        create_plan = cls(
            amount_minor=amount_minor,
            currency=currency,
            interval=interval,
            name=name,
            code=code,
            description=description,
            dunning_exhausted=dunning_exhausted,
            interval_count=interval_count,
            tax_bps=tax_bps,
            tax_label=tax_label,
            trial_days=trial_days,
            usage_price_minor=usage_price_minor,
            usage_unit=usage_unit,
        )

        return create_plan

