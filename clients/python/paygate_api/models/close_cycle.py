from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.close_cycle_currency import CloseCycleCurrency
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CloseCycle")



@_attrs_define
class CloseCycle:
    """ `POST /settlement_cycles`: which running period to close.

        Attributes:
            currency (CloseCycleCurrency | Unset): ISO 4217, when `profile` is left out. Example: CDF.
            pay (bool | None | Unset): Pay it at once too, whatever its schedule says. Default false.
            profile (None | str | Unset): The profile whose period to close (`stp_...`); or name `currency`
                (and `rail`) for the period the defaults or a profile of them govern.
            rail (None | str | Unset): `mobile_money`, `card`, `bank`, `wallet` or `qr`; left out: the
                currency's every-rail period.
     """

    currency: CloseCycleCurrency | Unset = UNSET
    pay: bool | None | Unset = UNSET
    profile: None | str | Unset = UNSET
    rail: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        currency: str | Unset = UNSET
        if not isinstance(self.currency, Unset):
            currency = self.currency.value


        pay: bool | None | Unset
        if isinstance(self.pay, Unset):
            pay = UNSET
        else:
            pay = self.pay

        profile: None | str | Unset
        if isinstance(self.profile, Unset):
            profile = UNSET
        else:
            profile = self.profile

        rail: None | str | Unset
        if isinstance(self.rail, Unset):
            rail = UNSET
        else:
            rail = self.rail


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if currency is not UNSET:
            field_dict["currency"] = currency
        if pay is not UNSET:
            field_dict["pay"] = pay
        if profile is not UNSET:
            field_dict["profile"] = profile
        if rail is not UNSET:
            field_dict["rail"] = rail

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _currency = d.pop("currency", UNSET)
        currency: CloseCycleCurrency | Unset
        if isinstance(_currency,  Unset):
            currency = UNSET
        else:
            currency = CloseCycleCurrency(_currency)




        def _parse_pay(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        pay = _parse_pay(d.pop("pay", UNSET))


        def _parse_profile(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        profile = _parse_profile(d.pop("profile", UNSET))


        def _parse_rail(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rail = _parse_rail(d.pop("rail", UNSET))


        close_cycle = cls(
            currency=currency,
            pay=pay,
            profile=profile,
            rail=rail,
        )

        return close_cycle

