from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_route_currency import CreateRouteCurrency
from ..models.create_route_target_currency import CreateRouteTargetCurrency
from ..models.purpose_code import PurposeCode
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.route_destination_input import RouteDestinationInput
  from ..models.route_source_input import RouteSourceInput





T = TypeVar("T", bound="CreateRoute")



@_attrs_define
class CreateRoute:
    """ 
        Attributes:
            amount_minor (int): What the sender pays in all, in `currency`: every fee is inside it.
            currency (CreateRouteCurrency):
            destination (RouteDestinationInput): A destination as a request sends it: `method` and that method's fields
                (`mobile_money` and `bank` take those of `POST /payouts`).
            note (None | str | Unset):
            purpose (None | PurposeCode | Unset):
            quote_id (None | str | Unset): The FX quote of `POST /routes/quote` (`fx.id`): the route converts at
                its locked figures. Honoured once, within 120 s.
            source (None | RouteSourceInput | Unset):
            source_of_funds (None | str | Unset): Where the money comes from (salary, savings, sales, ...): required from
                USD 5,000.
            target_currency (CreateRouteTargetCurrency | Unset): Default: the recipient's local currency, else `currency`.
     """

    amount_minor: int
    currency: CreateRouteCurrency
    destination: RouteDestinationInput
    note: None | str | Unset = UNSET
    purpose: None | PurposeCode | Unset = UNSET
    quote_id: None | str | Unset = UNSET
    source: None | RouteSourceInput | Unset = UNSET
    source_of_funds: None | str | Unset = UNSET
    target_currency: CreateRouteTargetCurrency | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.route_destination_input import RouteDestinationInput # noqa: PLC0415
        from ..models.route_source_input import RouteSourceInput # noqa: PLC0415
        amount_minor = self.amount_minor

        currency = self.currency.value

        destination = self.destination.to_dict()

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        purpose: None | str | Unset
        if isinstance(self.purpose, Unset):
            purpose = UNSET
        elif isinstance(self.purpose, PurposeCode):
            purpose = self.purpose.value
        else:
            purpose = self.purpose

        quote_id: None | str | Unset
        if isinstance(self.quote_id, Unset):
            quote_id = UNSET
        else:
            quote_id = self.quote_id

        source: dict[str, Any] | None | Unset
        if isinstance(self.source, Unset):
            source = UNSET
        elif isinstance(self.source, RouteSourceInput):
            source = self.source.to_dict()
        else:
            source = self.source

        source_of_funds: None | str | Unset
        if isinstance(self.source_of_funds, Unset):
            source_of_funds = UNSET
        else:
            source_of_funds = self.source_of_funds

        target_currency: str | Unset = UNSET
        if not isinstance(self.target_currency, Unset):
            target_currency = self.target_currency.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "amount_minor": amount_minor,
            "currency": currency,
            "destination": destination,
        })
        if note is not UNSET:
            field_dict["note"] = note
        if purpose is not UNSET:
            field_dict["purpose"] = purpose
        if quote_id is not UNSET:
            field_dict["quote_id"] = quote_id
        if source is not UNSET:
            field_dict["source"] = source
        if source_of_funds is not UNSET:
            field_dict["source_of_funds"] = source_of_funds
        if target_currency is not UNSET:
            field_dict["target_currency"] = target_currency

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.route_destination_input import RouteDestinationInput # noqa: PLC0415
        from ..models.route_source_input import RouteSourceInput # noqa: PLC0415
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        currency = CreateRouteCurrency(d.pop("currency"))




        destination = RouteDestinationInput.from_dict(d.pop("destination"))




        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))


        def _parse_purpose(data: object) -> None | PurposeCode | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                purpose_type_0 = PurposeCode(data)



                return purpose_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PurposeCode | Unset, data)

        purpose = _parse_purpose(d.pop("purpose", UNSET))


        def _parse_quote_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        quote_id = _parse_quote_id(d.pop("quote_id", UNSET))


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


        def _parse_source_of_funds(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        source_of_funds = _parse_source_of_funds(d.pop("source_of_funds", UNSET))


        _target_currency = d.pop("target_currency", UNSET)
        target_currency: CreateRouteTargetCurrency | Unset
        if isinstance(_target_currency,  Unset):
            target_currency = UNSET
        else:
            target_currency = CreateRouteTargetCurrency(_target_currency)




        create_route = cls(
            amount_minor=amount_minor,
            currency=currency,
            destination=destination,
            note=note,
            purpose=purpose,
            quote_id=quote_id,
            source=source,
            source_of_funds=source_of_funds,
            target_currency=target_currency,
        )

        return create_route

