from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.settlement_schedule import SettlementSchedule
from ..models.upsert_settlement_profile_currency import UpsertSettlementProfileCurrency
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.settlement_destination_input import SettlementDestinationInput





T = TypeVar("T", bound="UpsertSettlementProfile")



@_attrs_define
class UpsertSettlementProfile:
    """ `POST /settlement_profiles`: the profile of (`rail`, `currency`) is
    created, or updated when it exists (fields left out keep their values).

        Attributes:
            currency (UpsertSettlementProfileCurrency): ISO 4217: the currency of the payments the profile settles. Example:
                CDF.
            auto_convert (bool | None | Unset): Convert the net into `settlement_currency` at the FX table's rate less
                its margin, disclosed on the cycle. Default false.
            cut_off (None | str | Unset): `HH:MM` in UTC; default `22:00`. Example: 22:00.
            destination (None | SettlementDestinationInput | Unset):
            minimum_minor (int | None | Unset): The least a cycle pays, in `settlement_currency` minor units; under
                it the cycle is FAILED and its net carries into the next one. Default 0.
            rail (None | str | Unset): `mobile_money`, `card`, `bank`, `wallet` or `qr`; left out: every rail
                of the currency that has no profile of its own.
            schedule (None | SettlementSchedule | Unset):
            settlement_currency (None | str | Unset): ISO 4217; default `currency`. Another currency needs `auto_convert:
                true`.
     """

    currency: UpsertSettlementProfileCurrency
    auto_convert: bool | None | Unset = UNSET
    cut_off: None | str | Unset = UNSET
    destination: None | SettlementDestinationInput | Unset = UNSET
    minimum_minor: int | None | Unset = UNSET
    rail: None | str | Unset = UNSET
    schedule: None | SettlementSchedule | Unset = UNSET
    settlement_currency: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.settlement_destination_input import SettlementDestinationInput # noqa: PLC0415
        currency = self.currency.value

        auto_convert: bool | None | Unset
        if isinstance(self.auto_convert, Unset):
            auto_convert = UNSET
        else:
            auto_convert = self.auto_convert

        cut_off: None | str | Unset
        if isinstance(self.cut_off, Unset):
            cut_off = UNSET
        else:
            cut_off = self.cut_off

        destination: dict[str, Any] | None | Unset
        if isinstance(self.destination, Unset):
            destination = UNSET
        elif isinstance(self.destination, SettlementDestinationInput):
            destination = self.destination.to_dict()
        else:
            destination = self.destination

        minimum_minor: int | None | Unset
        if isinstance(self.minimum_minor, Unset):
            minimum_minor = UNSET
        else:
            minimum_minor = self.minimum_minor

        rail: None | str | Unset
        if isinstance(self.rail, Unset):
            rail = UNSET
        else:
            rail = self.rail

        schedule: None | str | Unset
        if isinstance(self.schedule, Unset):
            schedule = UNSET
        elif isinstance(self.schedule, SettlementSchedule):
            schedule = self.schedule.value
        else:
            schedule = self.schedule

        settlement_currency: None | str | Unset
        if isinstance(self.settlement_currency, Unset):
            settlement_currency = UNSET
        else:
            settlement_currency = self.settlement_currency


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "currency": currency,
        })
        if auto_convert is not UNSET:
            field_dict["auto_convert"] = auto_convert
        if cut_off is not UNSET:
            field_dict["cut_off"] = cut_off
        if destination is not UNSET:
            field_dict["destination"] = destination
        if minimum_minor is not UNSET:
            field_dict["minimum_minor"] = minimum_minor
        if rail is not UNSET:
            field_dict["rail"] = rail
        if schedule is not UNSET:
            field_dict["schedule"] = schedule
        if settlement_currency is not UNSET:
            field_dict["settlement_currency"] = settlement_currency

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.settlement_destination_input import SettlementDestinationInput # noqa: PLC0415
        d = dict(src_dict)
        currency = UpsertSettlementProfileCurrency(d.pop("currency"))




        def _parse_auto_convert(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        auto_convert = _parse_auto_convert(d.pop("auto_convert", UNSET))


        def _parse_cut_off(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cut_off = _parse_cut_off(d.pop("cut_off", UNSET))


        def _parse_destination(data: object) -> None | SettlementDestinationInput | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                destination_type_0 = SettlementDestinationInput.from_dict(data)



                return destination_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SettlementDestinationInput | Unset, data)

        destination = _parse_destination(d.pop("destination", UNSET))


        def _parse_minimum_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        minimum_minor = _parse_minimum_minor(d.pop("minimum_minor", UNSET))


        def _parse_rail(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rail = _parse_rail(d.pop("rail", UNSET))


        def _parse_schedule(data: object) -> None | SettlementSchedule | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                schedule_type_0 = SettlementSchedule(data)



                return schedule_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SettlementSchedule | Unset, data)

        schedule = _parse_schedule(d.pop("schedule", UNSET))


        def _parse_settlement_currency(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        settlement_currency = _parse_settlement_currency(d.pop("settlement_currency", UNSET))


        upsert_settlement_profile = cls(
            currency=currency,
            auto_convert=auto_convert,
            cut_off=cut_off,
            destination=destination,
            minimum_minor=minimum_minor,
            rail=rail,
            schedule=schedule,
            settlement_currency=settlement_currency,
        )

        return upsert_settlement_profile

