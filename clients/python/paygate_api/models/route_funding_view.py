from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.route_source_method import RouteSourceMethod
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="RouteFundingView")



@_attrs_define
class RouteFundingView:
    """ The funding payment of a processor-funded route.

        Attributes:
            method (RouteSourceMethod):
            checkout_url (None | str | Unset): Where the payer pays it (card, bank, or mobile money without a phone).
            payment_intent (None | str | Unset): The funding payment (`pi_...`).
            transaction (None | str | Unset): The posting that moved the money into escrow.
     """

    method: RouteSourceMethod
    checkout_url: None | str | Unset = UNSET
    payment_intent: None | str | Unset = UNSET
    transaction: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        method = self.method.value

        checkout_url: None | str | Unset
        if isinstance(self.checkout_url, Unset):
            checkout_url = UNSET
        else:
            checkout_url = self.checkout_url

        payment_intent: None | str | Unset
        if isinstance(self.payment_intent, Unset):
            payment_intent = UNSET
        else:
            payment_intent = self.payment_intent

        transaction: None | str | Unset
        if isinstance(self.transaction, Unset):
            transaction = UNSET
        else:
            transaction = self.transaction


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "method": method,
        })
        if checkout_url is not UNSET:
            field_dict["checkout_url"] = checkout_url
        if payment_intent is not UNSET:
            field_dict["payment_intent"] = payment_intent
        if transaction is not UNSET:
            field_dict["transaction"] = transaction

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        method = RouteSourceMethod(d.pop("method"))




        def _parse_checkout_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        checkout_url = _parse_checkout_url(d.pop("checkout_url", UNSET))


        def _parse_payment_intent(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        payment_intent = _parse_payment_intent(d.pop("payment_intent", UNSET))


        def _parse_transaction(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        transaction = _parse_transaction(d.pop("transaction", UNSET))


        route_funding_view = cls(
            method=method,
            checkout_url=checkout_url,
            payment_intent=payment_intent,
            transaction=transaction,
        )


        route_funding_view.additional_properties = d
        return route_funding_view

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
