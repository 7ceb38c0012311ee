from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fx_indicative_reason import FxIndicativeReason
from ..models.fx_quote_status import FxQuoteStatus
from ..models.fx_quote_view_currency import FxQuoteViewCurrency
from ..models.fx_quote_view_target_currency import FxQuoteViewTargetCurrency
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="FxQuoteView")



@_attrs_define
class FxQuoteView:
    """ 
        Attributes:
            amount_minor (int): What is converted, in `currency` minor units (the fee included).
            created_at (str):
            currency (FxQuoteViewCurrency):
            expires_at (str):
            fee_bps (int): The exchange fee, in basis points of `amount_minor`.
            fee_minor (int): The exchange fee in `currency` minor units (half up).
            guaranteed (bool): The rate is guaranteed until `expires_at` (the quote was created LOCKED).
            id (str): `fxq_...`
            livemode (bool):
            margin_bps (int): The margin of the pair, in basis points.
            mid_rate (str): Units of `target_currency` per unit of `currency` at the mid-market
                rate, as an exact decimal string (18 places at most). Example: 2800.
            object_ (str): Always `fx_quote`.
            rate (str): The customer's rate: `mid_rate × (1 − margin_bps / 10 000)`, rounded
                down at 18 places; a decimal string. Example: 2772.
            rate_timestamp (str): When the mid-market rate was set (its oldest leg for a cross rate); a
                sandbox default rate is as of the quote.
            recipient_amount_minor (int): What the recipient gets in `target_currency` minor units:
                `(amount_minor − fee_minor) × rate`, rounded down.
            sandbox_rate (bool): The mid-market rate is the sandbox's built-in one.
            status (FxQuoteStatus):
            target_currency (FxQuoteViewTargetCurrency):
            indicative_reason (FxIndicativeReason | None | Unset):
            used_at (None | str | Unset): When a transfer or a route took it; a quote is honoured once.
     """

    amount_minor: int
    created_at: str
    currency: FxQuoteViewCurrency
    expires_at: str
    fee_bps: int
    fee_minor: int
    guaranteed: bool
    id: str
    livemode: bool
    margin_bps: int
    mid_rate: str
    object_: str
    rate: str
    rate_timestamp: str
    recipient_amount_minor: int
    sandbox_rate: bool
    status: FxQuoteStatus
    target_currency: FxQuoteViewTargetCurrency
    indicative_reason: FxIndicativeReason | None | Unset = UNSET
    used_at: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        amount_minor = self.amount_minor

        created_at = self.created_at

        currency = self.currency.value

        expires_at = self.expires_at

        fee_bps = self.fee_bps

        fee_minor = self.fee_minor

        guaranteed = self.guaranteed

        id = self.id

        livemode = self.livemode

        margin_bps = self.margin_bps

        mid_rate = self.mid_rate

        object_ = self.object_

        rate = self.rate

        rate_timestamp = self.rate_timestamp

        recipient_amount_minor = self.recipient_amount_minor

        sandbox_rate = self.sandbox_rate

        status = self.status.value

        target_currency = self.target_currency.value

        indicative_reason: None | str | Unset
        if isinstance(self.indicative_reason, Unset):
            indicative_reason = UNSET
        elif isinstance(self.indicative_reason, FxIndicativeReason):
            indicative_reason = self.indicative_reason.value
        else:
            indicative_reason = self.indicative_reason

        used_at: None | str | Unset
        if isinstance(self.used_at, Unset):
            used_at = UNSET
        else:
            used_at = self.used_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount_minor": amount_minor,
            "created_at": created_at,
            "currency": currency,
            "expires_at": expires_at,
            "fee_bps": fee_bps,
            "fee_minor": fee_minor,
            "guaranteed": guaranteed,
            "id": id,
            "livemode": livemode,
            "margin_bps": margin_bps,
            "mid_rate": mid_rate,
            "object": object_,
            "rate": rate,
            "rate_timestamp": rate_timestamp,
            "recipient_amount_minor": recipient_amount_minor,
            "sandbox_rate": sandbox_rate,
            "status": status,
            "target_currency": target_currency,
        })
        if indicative_reason is not UNSET:
            field_dict["indicative_reason"] = indicative_reason
        if used_at is not UNSET:
            field_dict["used_at"] = used_at

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        created_at = d.pop("created_at")

        currency = FxQuoteViewCurrency(d.pop("currency"))




        expires_at = d.pop("expires_at")

        fee_bps = d.pop("fee_bps")

        fee_minor = d.pop("fee_minor")

        guaranteed = d.pop("guaranteed")

        id = d.pop("id")

        livemode = d.pop("livemode")

        margin_bps = d.pop("margin_bps")

        mid_rate = d.pop("mid_rate")

        object_ = d.pop("object")

        rate = d.pop("rate")

        rate_timestamp = d.pop("rate_timestamp")

        recipient_amount_minor = d.pop("recipient_amount_minor")

        sandbox_rate = d.pop("sandbox_rate")

        status = FxQuoteStatus(d.pop("status"))




        target_currency = FxQuoteViewTargetCurrency(d.pop("target_currency"))




        def _parse_indicative_reason(data: object) -> FxIndicativeReason | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                indicative_reason_type_0 = FxIndicativeReason(data)



                return indicative_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FxIndicativeReason | None | Unset, data)

        indicative_reason = _parse_indicative_reason(d.pop("indicative_reason", UNSET))


        def _parse_used_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        used_at = _parse_used_at(d.pop("used_at", UNSET))


        fx_quote_view = cls(
            amount_minor=amount_minor,
            created_at=created_at,
            currency=currency,
            expires_at=expires_at,
            fee_bps=fee_bps,
            fee_minor=fee_minor,
            guaranteed=guaranteed,
            id=id,
            livemode=livemode,
            margin_bps=margin_bps,
            mid_rate=mid_rate,
            object_=object_,
            rate=rate,
            rate_timestamp=rate_timestamp,
            recipient_amount_minor=recipient_amount_minor,
            sandbox_rate=sandbox_rate,
            status=status,
            target_currency=target_currency,
            indicative_reason=indicative_reason,
            used_at=used_at,
        )


        fx_quote_view.additional_properties = d
        return fx_quote_view

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
