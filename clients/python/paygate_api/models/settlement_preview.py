from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.settlement_preview_currency import SettlementPreviewCurrency
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.settlement_period import SettlementPeriod
  from ..models.settlement_totals_view import SettlementTotalsView





T = TypeVar("T", bound="SettlementPreview")



@_attrs_define
class SettlementPreview:
    """ What the next cycle of a profile would settle if its period ended now.

        Attributes:
            currency (SettlementPreviewCurrency):
            items_count (int):
            object_ (str): Always `settlement_preview`.
            pending_minor (int): The `pending` balance of the currency now (every profile's running periods).
            profile (str):
            would_carry_minor (int): What a close now would carry into the next cycle.
            would_settle_minor (int): What a close now would move to `settlement_pending`.
            cycle (None | str | Unset): The running cycle (`null`: nothing accrued since the last close).
            period (None | SettlementPeriod | Unset):
            totals (None | SettlementTotalsView | Unset):
     """

    currency: SettlementPreviewCurrency
    items_count: int
    object_: str
    pending_minor: int
    profile: str
    would_carry_minor: int
    would_settle_minor: int
    cycle: None | str | Unset = UNSET
    period: None | SettlementPeriod | Unset = UNSET
    totals: None | SettlementTotalsView | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.settlement_period import SettlementPeriod # noqa: PLC0415
        from ..models.settlement_totals_view import SettlementTotalsView # noqa: PLC0415
        currency = self.currency.value

        items_count = self.items_count

        object_ = self.object_

        pending_minor = self.pending_minor

        profile = self.profile

        would_carry_minor = self.would_carry_minor

        would_settle_minor = self.would_settle_minor

        cycle: None | str | Unset
        if isinstance(self.cycle, Unset):
            cycle = UNSET
        else:
            cycle = self.cycle

        period: dict[str, Any] | None | Unset
        if isinstance(self.period, Unset):
            period = UNSET
        elif isinstance(self.period, SettlementPeriod):
            period = self.period.to_dict()
        else:
            period = self.period

        totals: dict[str, Any] | None | Unset
        if isinstance(self.totals, Unset):
            totals = UNSET
        elif isinstance(self.totals, SettlementTotalsView):
            totals = self.totals.to_dict()
        else:
            totals = self.totals


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "currency": currency,
            "items_count": items_count,
            "object": object_,
            "pending_minor": pending_minor,
            "profile": profile,
            "would_carry_minor": would_carry_minor,
            "would_settle_minor": would_settle_minor,
        })
        if cycle is not UNSET:
            field_dict["cycle"] = cycle
        if period is not UNSET:
            field_dict["period"] = period
        if totals is not UNSET:
            field_dict["totals"] = totals

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.settlement_period import SettlementPeriod # noqa: PLC0415
        from ..models.settlement_totals_view import SettlementTotalsView # noqa: PLC0415
        d = dict(src_dict)
        currency = SettlementPreviewCurrency(d.pop("currency"))




        items_count = d.pop("items_count")

        object_ = d.pop("object")

        pending_minor = d.pop("pending_minor")

        profile = d.pop("profile")

        would_carry_minor = d.pop("would_carry_minor")

        would_settle_minor = d.pop("would_settle_minor")

        def _parse_cycle(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cycle = _parse_cycle(d.pop("cycle", UNSET))


        def _parse_period(data: object) -> None | SettlementPeriod | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                period_type_0 = SettlementPeriod.from_dict(data)



                return period_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SettlementPeriod | Unset, data)

        period = _parse_period(d.pop("period", UNSET))


        def _parse_totals(data: object) -> None | SettlementTotalsView | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                totals_type_0 = SettlementTotalsView.from_dict(data)



                return totals_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SettlementTotalsView | Unset, data)

        totals = _parse_totals(d.pop("totals", UNSET))


        settlement_preview = cls(
            currency=currency,
            items_count=items_count,
            object_=object_,
            pending_minor=pending_minor,
            profile=profile,
            would_carry_minor=would_carry_minor,
            would_settle_minor=would_settle_minor,
            cycle=cycle,
            period=period,
            totals=totals,
        )


        settlement_preview.additional_properties = d
        return settlement_preview

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
