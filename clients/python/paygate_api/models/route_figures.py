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






T = TypeVar("T", bound="RouteFigures")



@_attrs_define
class RouteFigures:
    """ A route's figures (its quote), as fixed when it was created.

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
            mid_rate (None | str | Unset):
            rate (None | str | Unset): The customer's rate (mid less margin), as a decimal string; `null` without a
                conversion.
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
    mid_rate: None | str | Unset = UNSET
    rate: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
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
        })
        if mid_rate is not UNSET:
            field_dict["mid_rate"] = mid_rate
        if rate is not UNSET:
            field_dict["rate"] = rate

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
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


        route_figures = cls(
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
            mid_rate=mid_rate,
            rate=rate,
        )


        route_figures.additional_properties = d
        return route_figures

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
