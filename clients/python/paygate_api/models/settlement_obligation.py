from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.settlement_cycle_status import SettlementCycleStatus
from ..models.settlement_obligation_currency import SettlementObligationCurrency
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SettlementObligation")



@_attrs_define
class SettlementObligation:
    """ A closed cycle waiting to be paid.

        Attributes:
            currency (SettlementObligationCurrency):
            cycle (str):
            net_minor (int):
            settlement_currency (str):
            status (SettlementCycleStatus):
            due_at (None | str | Unset): `null`: manual, paid by `POST /settlement_cycles/{id}/pay`.
     """

    currency: SettlementObligationCurrency
    cycle: str
    net_minor: int
    settlement_currency: str
    status: SettlementCycleStatus
    due_at: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        currency = self.currency.value

        cycle = self.cycle

        net_minor = self.net_minor

        settlement_currency = self.settlement_currency

        status = self.status.value

        due_at: None | str | Unset
        if isinstance(self.due_at, Unset):
            due_at = UNSET
        else:
            due_at = self.due_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "currency": currency,
            "cycle": cycle,
            "net_minor": net_minor,
            "settlement_currency": settlement_currency,
            "status": status,
        })
        if due_at is not UNSET:
            field_dict["due_at"] = due_at

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        currency = SettlementObligationCurrency(d.pop("currency"))




        cycle = d.pop("cycle")

        net_minor = d.pop("net_minor")

        settlement_currency = d.pop("settlement_currency")

        status = SettlementCycleStatus(d.pop("status"))




        def _parse_due_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        due_at = _parse_due_at(d.pop("due_at", UNSET))


        settlement_obligation = cls(
            currency=currency,
            cycle=cycle,
            net_minor=net_minor,
            settlement_currency=settlement_currency,
            status=status,
            due_at=due_at,
        )


        settlement_obligation.additional_properties = d
        return settlement_obligation

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
