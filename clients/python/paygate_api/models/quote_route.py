from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.policy import Policy
from ..models.quote_route_currency import QuoteRouteCurrency
from ..models.quote_route_target_currency import QuoteRouteTargetCurrency
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.route_destination_input import RouteDestinationInput
  from ..models.route_source_input import RouteSourceInput





T = TypeVar("T", bound="QuoteRoute")



@_attrs_define
class QuoteRoute:
    """ 
        Attributes:
            amount_minor (int): What the sender pays in all, in `currency`: every fee is inside it.
            currency (QuoteRouteCurrency):
            destination (RouteDestinationInput): A destination as a request sends it: `method` and that method's fields
                (`mobile_money` and `bank` take those of `POST /payouts`).
            policy (None | Policy | Unset):
            source (None | RouteSourceInput | Unset):
            target_currency (QuoteRouteTargetCurrency | Unset): Default: the recipient's local currency (the operator's or
                the bank's country's), else `currency`.
     """

    amount_minor: int
    currency: QuoteRouteCurrency
    destination: RouteDestinationInput
    policy: None | Policy | Unset = UNSET
    source: None | RouteSourceInput | Unset = UNSET
    target_currency: QuoteRouteTargetCurrency | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.route_destination_input import RouteDestinationInput # noqa: PLC0415
        from ..models.route_source_input import RouteSourceInput # noqa: PLC0415
        amount_minor = self.amount_minor

        currency = self.currency.value

        destination = self.destination.to_dict()

        policy: None | str | Unset
        if isinstance(self.policy, Unset):
            policy = UNSET
        elif isinstance(self.policy, Policy):
            policy = self.policy.value
        else:
            policy = self.policy

        source: dict[str, Any] | None | Unset
        if isinstance(self.source, Unset):
            source = UNSET
        elif isinstance(self.source, RouteSourceInput):
            source = self.source.to_dict()
        else:
            source = self.source

        target_currency: str | Unset = UNSET
        if not isinstance(self.target_currency, Unset):
            target_currency = self.target_currency.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "amount_minor": amount_minor,
            "currency": currency,
            "destination": destination,
        })
        if policy is not UNSET:
            field_dict["policy"] = policy
        if source is not UNSET:
            field_dict["source"] = source
        if target_currency is not UNSET:
            field_dict["target_currency"] = target_currency

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.route_destination_input import RouteDestinationInput # noqa: PLC0415
        from ..models.route_source_input import RouteSourceInput # noqa: PLC0415
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        currency = QuoteRouteCurrency(d.pop("currency"))




        destination = RouteDestinationInput.from_dict(d.pop("destination"))




        def _parse_policy(data: object) -> None | Policy | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                policy_type_0 = Policy(data)



                return policy_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Policy | Unset, data)

        policy = _parse_policy(d.pop("policy", UNSET))


        def _parse_source(data: object) -> None | RouteSourceInput | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                source_type_0 = RouteSourceInput.from_dict(data)



                return source_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RouteSourceInput | Unset, data)

        source = _parse_source(d.pop("source", UNSET))


        _target_currency = d.pop("target_currency", UNSET)
        target_currency: QuoteRouteTargetCurrency | Unset
        if isinstance(_target_currency,  Unset):
            target_currency = UNSET
        else:
            target_currency = QuoteRouteTargetCurrency(_target_currency)




        quote_route = cls(
            amount_minor=amount_minor,
            currency=currency,
            destination=destination,
            policy=policy,
            source=source,
            target_currency=target_currency,
        )

        return quote_route

