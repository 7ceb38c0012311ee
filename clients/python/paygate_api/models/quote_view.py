from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.route_figures_currency import RouteFiguresCurrency
from ..models.route_figures_target_currency import RouteFiguresTargetCurrency
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.destination_preview import DestinationPreview
  from ..models.fx_quote_view import FxQuoteView
  from ..models.leg_view import LegView
  from ..models.payout_currency_option import PayoutCurrencyOption
  from ..models.route import Route
  from ..models.route_corridor_view import RouteCorridorView
  from ..models.route_source import RouteSource





T = TypeVar("T", bound="QuoteView")



@_attrs_define
class QuoteView:
    """ `POST /routes/quote`: the full disclosure before a route is made.

        Attributes:
            amount_minor (int): What the sender pays in all, in `currency`.
            card_fee_minor (int): The part of `funding_fee_minor` a card charges (the origin's `card_fee`).
            converted_minor (int): What the conversion yields, in `target_currency` (the origin's `target_amount`).
            currency (RouteFiguresCurrency):
            exchange_fee_minor (int): The FX leg's fee (80 bps of what it converts), or a remittance's fee; in `currency`.
            funding_fee_minor (int): The funding payment's own fees (provider, service, tax), inside the
                amount; 0 from the wallet.
            margin_bps (int):
            payout_fee_included (bool): A remittance: the payout's own fee is part of the remittance fee.
            payout_fee_minor (int): The destination's fee, inside the converted amount, in `target_currency`.
            platform_fee_minor (int): What the gateway keeps in `currency` (funding and exchange fees, the
                card fee excepted, as the origin counts it).
            recipient_amount_minor (int): What the recipient gets, in `target_currency`.
            sent_minor (int): What enters the conversion, in `currency`.
            target_currency (RouteFiguresTargetCurrency):
            corridor (RouteCorridorView):
            declaration (str): What the sender declares by sending.
            destination (DestinationPreview): Where the money goes, as the quote previews it.
            estimated_delivery_seconds (int):
            legs (list[LegView]):
            livemode (bool):
            object_ (str): Always `route_quote`.
            payout_conditions (str):
            payout_currency (PayoutCurrencyOption): One candidate currency.
            payout_rails (list[Route]): The payout rails of a mobile-money or bank destination, ranked.
            refund_conditions (str):
            source (RouteSource): A checked source, stored on the route.
            source_of_funds_required (bool): The amount is worth USD 5,000 or more: `POST /routes` needs `source_of_funds`.
            mid_rate (None | str | Unset):
            rate (None | str | Unset): The customer's rate (mid less margin), as a decimal string; `null` without a
                conversion.
            fx (FxQuoteView | None | Unset):
            guaranteed_recipient_amount_minor (int | None | Unset): The recipient amount is guaranteed (no conversion, or a
                LOCKED quote) until `quote_expires_at`.
            quote_expires_at (None | str | Unset):
     """

    amount_minor: int
    card_fee_minor: int
    converted_minor: int
    currency: RouteFiguresCurrency
    exchange_fee_minor: int
    funding_fee_minor: int
    margin_bps: int
    payout_fee_included: bool
    payout_fee_minor: int
    platform_fee_minor: int
    recipient_amount_minor: int
    sent_minor: int
    target_currency: RouteFiguresTargetCurrency
    corridor: RouteCorridorView
    declaration: str
    destination: DestinationPreview
    estimated_delivery_seconds: int
    legs: list[LegView]
    livemode: bool
    object_: str
    payout_conditions: str
    payout_currency: PayoutCurrencyOption
    payout_rails: list[Route]
    refund_conditions: str
    source: RouteSource
    source_of_funds_required: bool
    mid_rate: None | str | Unset = UNSET
    rate: None | str | Unset = UNSET
    fx: FxQuoteView | None | Unset = UNSET
    guaranteed_recipient_amount_minor: int | None | Unset = UNSET
    quote_expires_at: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.destination_preview import DestinationPreview # noqa: PLC0415
        from ..models.fx_quote_view import FxQuoteView # noqa: PLC0415
        from ..models.leg_view import LegView # noqa: PLC0415
        from ..models.payout_currency_option import PayoutCurrencyOption # noqa: PLC0415
        from ..models.route import Route # noqa: PLC0415
        from ..models.route_corridor_view import RouteCorridorView # noqa: PLC0415
        from ..models.route_source import RouteSource # noqa: PLC0415
        amount_minor = self.amount_minor

        card_fee_minor = self.card_fee_minor

        converted_minor = self.converted_minor

        currency = self.currency.value

        exchange_fee_minor = self.exchange_fee_minor

        funding_fee_minor = self.funding_fee_minor

        margin_bps = self.margin_bps

        payout_fee_included = self.payout_fee_included

        payout_fee_minor = self.payout_fee_minor

        platform_fee_minor = self.platform_fee_minor

        recipient_amount_minor = self.recipient_amount_minor

        sent_minor = self.sent_minor

        target_currency = self.target_currency.value

        corridor = self.corridor.to_dict()

        declaration = self.declaration

        destination = self.destination.to_dict()

        estimated_delivery_seconds = self.estimated_delivery_seconds

        legs = []
        for legs_item_data in self.legs:
            legs_item = legs_item_data.to_dict()
            legs.append(legs_item)



        livemode = self.livemode

        object_ = self.object_

        payout_conditions = self.payout_conditions

        payout_currency = self.payout_currency.to_dict()

        payout_rails = []
        for payout_rails_item_data in self.payout_rails:
            payout_rails_item = payout_rails_item_data.to_dict()
            payout_rails.append(payout_rails_item)



        refund_conditions = self.refund_conditions

        source = self.source.to_dict()

        source_of_funds_required = self.source_of_funds_required

        mid_rate: None | str | Unset
        if isinstance(self.mid_rate, Unset):
            mid_rate = UNSET
        else:
            mid_rate = self.mid_rate

        rate: None | str | Unset
        if isinstance(self.rate, Unset):
            rate = UNSET
        else:
            rate = self.rate

        fx: dict[str, Any] | None | Unset
        if isinstance(self.fx, Unset):
            fx = UNSET
        elif isinstance(self.fx, FxQuoteView):
            fx = self.fx.to_dict()
        else:
            fx = self.fx

        guaranteed_recipient_amount_minor: int | None | Unset
        if isinstance(self.guaranteed_recipient_amount_minor, Unset):
            guaranteed_recipient_amount_minor = UNSET
        else:
            guaranteed_recipient_amount_minor = self.guaranteed_recipient_amount_minor

        quote_expires_at: None | str | Unset
        if isinstance(self.quote_expires_at, Unset):
            quote_expires_at = UNSET
        else:
            quote_expires_at = self.quote_expires_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount_minor": amount_minor,
            "card_fee_minor": card_fee_minor,
            "converted_minor": converted_minor,
            "currency": currency,
            "exchange_fee_minor": exchange_fee_minor,
            "funding_fee_minor": funding_fee_minor,
            "margin_bps": margin_bps,
            "payout_fee_included": payout_fee_included,
            "payout_fee_minor": payout_fee_minor,
            "platform_fee_minor": platform_fee_minor,
            "recipient_amount_minor": recipient_amount_minor,
            "sent_minor": sent_minor,
            "target_currency": target_currency,
            "corridor": corridor,
            "declaration": declaration,
            "destination": destination,
            "estimated_delivery_seconds": estimated_delivery_seconds,
            "legs": legs,
            "livemode": livemode,
            "object": object_,
            "payout_conditions": payout_conditions,
            "payout_currency": payout_currency,
            "payout_rails": payout_rails,
            "refund_conditions": refund_conditions,
            "source": source,
            "source_of_funds_required": source_of_funds_required,
        })
        if mid_rate is not UNSET:
            field_dict["mid_rate"] = mid_rate
        if rate is not UNSET:
            field_dict["rate"] = rate
        if fx is not UNSET:
            field_dict["fx"] = fx
        if guaranteed_recipient_amount_minor is not UNSET:
            field_dict["guaranteed_recipient_amount_minor"] = guaranteed_recipient_amount_minor
        if quote_expires_at is not UNSET:
            field_dict["quote_expires_at"] = quote_expires_at

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.destination_preview import DestinationPreview # noqa: PLC0415
        from ..models.fx_quote_view import FxQuoteView # noqa: PLC0415
        from ..models.leg_view import LegView # noqa: PLC0415
        from ..models.payout_currency_option import PayoutCurrencyOption # noqa: PLC0415
        from ..models.route import Route # noqa: PLC0415
        from ..models.route_corridor_view import RouteCorridorView # noqa: PLC0415
        from ..models.route_source import RouteSource # noqa: PLC0415
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        card_fee_minor = d.pop("card_fee_minor")

        converted_minor = d.pop("converted_minor")

        currency = RouteFiguresCurrency(d.pop("currency"))




        exchange_fee_minor = d.pop("exchange_fee_minor")

        funding_fee_minor = d.pop("funding_fee_minor")

        margin_bps = d.pop("margin_bps")

        payout_fee_included = d.pop("payout_fee_included")

        payout_fee_minor = d.pop("payout_fee_minor")

        platform_fee_minor = d.pop("platform_fee_minor")

        recipient_amount_minor = d.pop("recipient_amount_minor")

        sent_minor = d.pop("sent_minor")

        target_currency = RouteFiguresTargetCurrency(d.pop("target_currency"))




        corridor = RouteCorridorView.from_dict(d.pop("corridor"))




        declaration = d.pop("declaration")

        destination = DestinationPreview.from_dict(d.pop("destination"))




        estimated_delivery_seconds = d.pop("estimated_delivery_seconds")

        legs = []
        _legs = d.pop("legs")
        for legs_item_data in (_legs):
            legs_item = LegView.from_dict(legs_item_data)



            legs.append(legs_item)


        livemode = d.pop("livemode")

        object_ = d.pop("object")

        payout_conditions = d.pop("payout_conditions")

        payout_currency = PayoutCurrencyOption.from_dict(d.pop("payout_currency"))




        payout_rails = []
        _payout_rails = d.pop("payout_rails")
        for payout_rails_item_data in (_payout_rails):
            payout_rails_item = Route.from_dict(payout_rails_item_data)



            payout_rails.append(payout_rails_item)


        refund_conditions = d.pop("refund_conditions")

        source = RouteSource.from_dict(d.pop("source"))




        source_of_funds_required = d.pop("source_of_funds_required")

        def _parse_mid_rate(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        mid_rate = _parse_mid_rate(d.pop("mid_rate", UNSET))


        def _parse_rate(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rate = _parse_rate(d.pop("rate", UNSET))


        def _parse_fx(data: object) -> FxQuoteView | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                fx_type_0 = FxQuoteView.from_dict(data)



                return fx_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FxQuoteView | None | Unset, data)

        fx = _parse_fx(d.pop("fx", UNSET))


        def _parse_guaranteed_recipient_amount_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        guaranteed_recipient_amount_minor = _parse_guaranteed_recipient_amount_minor(d.pop("guaranteed_recipient_amount_minor", UNSET))


        def _parse_quote_expires_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        quote_expires_at = _parse_quote_expires_at(d.pop("quote_expires_at", UNSET))


        quote_view = cls(
            amount_minor=amount_minor,
            card_fee_minor=card_fee_minor,
            converted_minor=converted_minor,
            currency=currency,
            exchange_fee_minor=exchange_fee_minor,
            funding_fee_minor=funding_fee_minor,
            margin_bps=margin_bps,
            payout_fee_included=payout_fee_included,
            payout_fee_minor=payout_fee_minor,
            platform_fee_minor=platform_fee_minor,
            recipient_amount_minor=recipient_amount_minor,
            sent_minor=sent_minor,
            target_currency=target_currency,
            corridor=corridor,
            declaration=declaration,
            destination=destination,
            estimated_delivery_seconds=estimated_delivery_seconds,
            legs=legs,
            livemode=livemode,
            object_=object_,
            payout_conditions=payout_conditions,
            payout_currency=payout_currency,
            payout_rails=payout_rails,
            refund_conditions=refund_conditions,
            source=source,
            source_of_funds_required=source_of_funds_required,
            mid_rate=mid_rate,
            rate=rate,
            fx=fx,
            guaranteed_recipient_amount_minor=guaranteed_recipient_amount_minor,
            quote_expires_at=quote_expires_at,
        )


        quote_view.additional_properties = d
        return quote_view

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
