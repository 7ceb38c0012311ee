from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.settlement_view_currency import SettlementViewCurrency
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SettlementView")



@_attrs_define
class SettlementView:
    """ Where a settled intent's money went: the posting that moved the net
    from pending to available.

        Attributes:
            currency (SettlementViewCurrency):
            net_minor (int): What moved to available: the net of fees, less split payouts and refunds taken from pending.
            settled_at (str):
            transaction (str): The settlement's ledger transaction (`txn_...`).
            id (None | str | Unset): The settlement cycle that paid it (`sc_...`; `null` for payments
                settled one by one before cycles existed).
     """

    currency: SettlementViewCurrency
    net_minor: int
    settled_at: str
    transaction: str
    id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        currency = self.currency.value

        net_minor = self.net_minor

        settled_at = self.settled_at

        transaction = self.transaction

        id: None | str | Unset
        if isinstance(self.id, Unset):
            id = UNSET
        else:
            id = self.id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "currency": currency,
            "net_minor": net_minor,
            "settled_at": settled_at,
            "transaction": transaction,
        })
        if id is not UNSET:
            field_dict["id"] = id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        currency = SettlementViewCurrency(d.pop("currency"))




        net_minor = d.pop("net_minor")

        settled_at = d.pop("settled_at")

        transaction = d.pop("transaction")

        def _parse_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        id = _parse_id(d.pop("id", UNSET))


        settlement_view = cls(
            currency=currency,
            net_minor=net_minor,
            settled_at=settled_at,
            transaction=transaction,
            id=id,
        )


        settlement_view.additional_properties = d
        return settlement_view

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
