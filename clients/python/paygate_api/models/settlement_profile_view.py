from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.settlement_profile_view_currency import SettlementProfileViewCurrency
from ..models.settlement_schedule import SettlementSchedule
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.payout_destination_type_0 import PayoutDestinationType0
  from ..models.payout_destination_type_1 import PayoutDestinationType1
  from ..models.settlement_destination_type_0 import SettlementDestinationType0





T = TypeVar("T", bound="SettlementProfileView")



@_attrs_define
class SettlementProfileView:
    """ 
        Attributes:
            auto_convert (bool):
            created_at (str):
            currency (SettlementProfileViewCurrency):
            cut_off (str): `HH:MM`, UTC.
            destination (PayoutDestinationType0 | PayoutDestinationType1 | SettlementDestinationType0): Where a settlement
                goes: `{"method": "wallet"}` (the available balance),
                or a payout destination as `POST /payouts` shows it.
            id (str):
            livemode (bool):
            minimum_minor (int):
            object_ (str): Always `settlement_profile`.
            schedule (SettlementSchedule): How often a profile's periods end and when their cycles are paid.
            settlement_currency (str):
            updated_at (str):
            next_cut_off_at (None | str | Unset): The next cut-off from now (`null` for `manual`).
            rail (None | str | Unset): `null`: every rail of the currency without a profile of its own.
     """

    auto_convert: bool
    created_at: str
    currency: SettlementProfileViewCurrency
    cut_off: str
    destination: PayoutDestinationType0 | PayoutDestinationType1 | SettlementDestinationType0
    id: str
    livemode: bool
    minimum_minor: int
    object_: str
    schedule: SettlementSchedule
    settlement_currency: str
    updated_at: str
    next_cut_off_at: None | str | Unset = UNSET
    rail: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.payout_destination_type_0 import PayoutDestinationType0 # noqa: PLC0415
        from ..models.payout_destination_type_1 import PayoutDestinationType1 # noqa: PLC0415
        from ..models.settlement_destination_type_0 import SettlementDestinationType0 # noqa: PLC0415
        auto_convert = self.auto_convert

        created_at = self.created_at

        currency = self.currency.value

        cut_off = self.cut_off

        destination: dict[str, Any]
        if isinstance(self.destination, SettlementDestinationType0):
            destination = self.destination.to_dict()
        elif isinstance(self.destination, PayoutDestinationType0):
            destination = self.destination.to_dict()
        else:
            destination = self.destination.to_dict()


        id = self.id

        livemode = self.livemode

        minimum_minor = self.minimum_minor

        object_ = self.object_

        schedule = self.schedule.value

        settlement_currency = self.settlement_currency

        updated_at = self.updated_at

        next_cut_off_at: None | str | Unset
        if isinstance(self.next_cut_off_at, Unset):
            next_cut_off_at = UNSET
        else:
            next_cut_off_at = self.next_cut_off_at

        rail: None | str | Unset
        if isinstance(self.rail, Unset):
            rail = UNSET
        else:
            rail = self.rail


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "auto_convert": auto_convert,
            "created_at": created_at,
            "currency": currency,
            "cut_off": cut_off,
            "destination": destination,
            "id": id,
            "livemode": livemode,
            "minimum_minor": minimum_minor,
            "object": object_,
            "schedule": schedule,
            "settlement_currency": settlement_currency,
            "updated_at": updated_at,
        })
        if next_cut_off_at is not UNSET:
            field_dict["next_cut_off_at"] = next_cut_off_at
        if rail is not UNSET:
            field_dict["rail"] = rail

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.payout_destination_type_0 import PayoutDestinationType0 # noqa: PLC0415
        from ..models.payout_destination_type_1 import PayoutDestinationType1 # noqa: PLC0415
        from ..models.settlement_destination_type_0 import SettlementDestinationType0 # noqa: PLC0415
        d = dict(src_dict)
        auto_convert = d.pop("auto_convert")

        created_at = d.pop("created_at")

        currency = SettlementProfileViewCurrency(d.pop("currency"))




        cut_off = d.pop("cut_off")

        def _parse_destination(data: object) -> PayoutDestinationType0 | PayoutDestinationType1 | SettlementDestinationType0:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_settlement_destination_type_0 = SettlementDestinationType0.from_dict(data)



                return componentsschemas_settlement_destination_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_payout_destination_type_0 = PayoutDestinationType0.from_dict(data)



                return componentsschemas_payout_destination_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_payout_destination_type_1 = PayoutDestinationType1.from_dict(data)



            return componentsschemas_payout_destination_type_1

        destination = _parse_destination(d.pop("destination"))


        id = d.pop("id")

        livemode = d.pop("livemode")

        minimum_minor = d.pop("minimum_minor")

        object_ = d.pop("object")

        schedule = SettlementSchedule(d.pop("schedule"))




        settlement_currency = d.pop("settlement_currency")

        updated_at = d.pop("updated_at")

        def _parse_next_cut_off_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        next_cut_off_at = _parse_next_cut_off_at(d.pop("next_cut_off_at", UNSET))


        def _parse_rail(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rail = _parse_rail(d.pop("rail", UNSET))


        settlement_profile_view = cls(
            auto_convert=auto_convert,
            created_at=created_at,
            currency=currency,
            cut_off=cut_off,
            destination=destination,
            id=id,
            livemode=livemode,
            minimum_minor=minimum_minor,
            object_=object_,
            schedule=schedule,
            settlement_currency=settlement_currency,
            updated_at=updated_at,
            next_cut_off_at=next_cut_off_at,
            rail=rail,
        )


        settlement_profile_view.additional_properties = d
        return settlement_profile_view

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
