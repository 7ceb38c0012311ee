from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="RouteTransactions")



@_attrs_define
class RouteTransactions:
    """ 
        Attributes:
            exchange (None | str | Unset):
            funding (None | str | Unset):
            payout (None | str | Unset):
            return_ (None | str | Unset):
     """

    exchange: None | str | Unset = UNSET
    funding: None | str | Unset = UNSET
    payout: None | str | Unset = UNSET
    return_: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        exchange: None | str | Unset
        if isinstance(self.exchange, Unset):
            exchange = UNSET
        else:
            exchange = self.exchange

        funding: None | str | Unset
        if isinstance(self.funding, Unset):
            funding = UNSET
        else:
            funding = self.funding

        payout: None | str | Unset
        if isinstance(self.payout, Unset):
            payout = UNSET
        else:
            payout = self.payout

        return_: None | str | Unset
        if isinstance(self.return_, Unset):
            return_ = UNSET
        else:
            return_ = self.return_


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if exchange is not UNSET:
            field_dict["exchange"] = exchange
        if funding is not UNSET:
            field_dict["funding"] = funding
        if payout is not UNSET:
            field_dict["payout"] = payout
        if return_ is not UNSET:
            field_dict["return"] = return_

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_exchange(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        exchange = _parse_exchange(d.pop("exchange", UNSET))


        def _parse_funding(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        funding = _parse_funding(d.pop("funding", UNSET))


        def _parse_payout(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        payout = _parse_payout(d.pop("payout", UNSET))


        def _parse_return_(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        return_ = _parse_return_(d.pop("return", UNSET))


        route_transactions = cls(
            exchange=exchange,
            funding=funding,
            payout=payout,
            return_=return_,
        )


        route_transactions.additional_properties = d
        return route_transactions

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
