from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.leg_view_currency import LegViewCurrency
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="LegView")



@_attrs_define
class LegView:
    """ One leg of a quoted route.

        Attributes:
            amount_minor (int):
            currency (LegViewCurrency):
            estimated_seconds (int):
            fee_minor (int):
            leg (str): `funding`, `exchange` or `payout`.
            method (str): The rail or method: `wallet`, `mobile_money`, `card`, `bank`, `fx`, `qr`, `agent`, `keep`.
            rail_id (None | str | Unset): The catalogue rail that carries it (`mpesa`, `switch`, ...), when one does.
     """

    amount_minor: int
    currency: LegViewCurrency
    estimated_seconds: int
    fee_minor: int
    leg: str
    method: str
    rail_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        amount_minor = self.amount_minor

        currency = self.currency.value

        estimated_seconds = self.estimated_seconds

        fee_minor = self.fee_minor

        leg = self.leg

        method = self.method

        rail_id: None | str | Unset
        if isinstance(self.rail_id, Unset):
            rail_id = UNSET
        else:
            rail_id = self.rail_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount_minor": amount_minor,
            "currency": currency,
            "estimated_seconds": estimated_seconds,
            "fee_minor": fee_minor,
            "leg": leg,
            "method": method,
        })
        if rail_id is not UNSET:
            field_dict["rail_id"] = rail_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        currency = LegViewCurrency(d.pop("currency"))




        estimated_seconds = d.pop("estimated_seconds")

        fee_minor = d.pop("fee_minor")

        leg = d.pop("leg")

        method = d.pop("method")

        def _parse_rail_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rail_id = _parse_rail_id(d.pop("rail_id", UNSET))


        leg_view = cls(
            amount_minor=amount_minor,
            currency=currency,
            estimated_seconds=estimated_seconds,
            fee_minor=fee_minor,
            leg=leg,
            method=method,
            rail_id=rail_id,
        )


        leg_view.additional_properties = d
        return leg_view

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
