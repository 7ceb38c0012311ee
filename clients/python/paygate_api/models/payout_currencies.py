from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.payout_currencies_currency import PayoutCurrenciesCurrency
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.route_destination_input import RouteDestinationInput





T = TypeVar("T", bound="PayoutCurrencies")



@_attrs_define
class PayoutCurrencies:
    """ 
        Attributes:
            amount_minor (int):
            currency (PayoutCurrenciesCurrency):
            destination (RouteDestinationInput): A destination as a request sends it: `method` and that method's fields
                (`mobile_money` and `bank` take those of `POST /payouts`).
            requested (None | str | Unset): A currency the sender would like the recipient paid in.
     """

    amount_minor: int
    currency: PayoutCurrenciesCurrency
    destination: RouteDestinationInput
    requested: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.route_destination_input import RouteDestinationInput # noqa: PLC0415
        amount_minor = self.amount_minor

        currency = self.currency.value

        destination = self.destination.to_dict()

        requested: None | str | Unset
        if isinstance(self.requested, Unset):
            requested = UNSET
        else:
            requested = self.requested


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "amount_minor": amount_minor,
            "currency": currency,
            "destination": destination,
        })
        if requested is not UNSET:
            field_dict["requested"] = requested

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.route_destination_input import RouteDestinationInput # noqa: PLC0415
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        currency = PayoutCurrenciesCurrency(d.pop("currency"))




        destination = RouteDestinationInput.from_dict(d.pop("destination"))




        def _parse_requested(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        requested = _parse_requested(d.pop("requested", UNSET))


        payout_currencies = cls(
            amount_minor=amount_minor,
            currency=currency,
            destination=destination,
            requested=requested,
        )

        return payout_currencies

