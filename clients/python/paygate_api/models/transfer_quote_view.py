from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.policy import Policy
from ..models.transfer_quote_view_currency import TransferQuoteViewCurrency
from ..models.transfer_quote_view_target_currency import TransferQuoteViewTargetCurrency
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.fx_quote_view import FxQuoteView
  from ..models.route import Route





T = TypeVar("T", bound="TransferQuoteView")



@_attrs_define
class TransferQuoteView:
    """ The full disclosure of a transfer before it is made.

        Attributes:
            amount_minor (int):
            currency (TransferQuoteViewCurrency):
            fee_minor (int): The transfer fee, paid on top in `currency` (75 bps, at least 1).
            object_ (str): Always `transfer_quote`.
            policy (Policy): How candidates are ordered (`payment_method_policy` of an intent,
                `policy` of a transfer quote).
            recipient_amount_minor (int): What the recipient gets, in `target_currency`.
            routes (list[Route]): Payout rails of the destination's method, ranked under `policy`
                (none for a wallet: the money stays in this gateway).
            target_currency (TransferQuoteViewTargetCurrency):
            total_minor (int): What the sender's wallet pays in all: amount and fee.
            fx (FxQuoteView | None | Unset):
     """

    amount_minor: int
    currency: TransferQuoteViewCurrency
    fee_minor: int
    object_: str
    policy: Policy
    recipient_amount_minor: int
    routes: list[Route]
    target_currency: TransferQuoteViewTargetCurrency
    total_minor: int
    fx: FxQuoteView | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.fx_quote_view import FxQuoteView # noqa: PLC0415
        from ..models.route import Route # noqa: PLC0415
        amount_minor = self.amount_minor

        currency = self.currency.value

        fee_minor = self.fee_minor

        object_ = self.object_

        policy = self.policy.value

        recipient_amount_minor = self.recipient_amount_minor

        routes = []
        for routes_item_data in self.routes:
            routes_item = routes_item_data.to_dict()
            routes.append(routes_item)



        target_currency = self.target_currency.value

        total_minor = self.total_minor

        fx: dict[str, Any] | None | Unset
        if isinstance(self.fx, Unset):
            fx = UNSET
        elif isinstance(self.fx, FxQuoteView):
            fx = self.fx.to_dict()
        else:
            fx = self.fx


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount_minor": amount_minor,
            "currency": currency,
            "fee_minor": fee_minor,
            "object": object_,
            "policy": policy,
            "recipient_amount_minor": recipient_amount_minor,
            "routes": routes,
            "target_currency": target_currency,
            "total_minor": total_minor,
        })
        if fx is not UNSET:
            field_dict["fx"] = fx

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fx_quote_view import FxQuoteView # noqa: PLC0415
        from ..models.route import Route # noqa: PLC0415
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        currency = TransferQuoteViewCurrency(d.pop("currency"))




        fee_minor = d.pop("fee_minor")

        object_ = d.pop("object")

        policy = Policy(d.pop("policy"))




        recipient_amount_minor = d.pop("recipient_amount_minor")

        routes = []
        _routes = d.pop("routes")
        for routes_item_data in (_routes):
            routes_item = Route.from_dict(routes_item_data)



            routes.append(routes_item)


        target_currency = TransferQuoteViewTargetCurrency(d.pop("target_currency"))




        total_minor = d.pop("total_minor")

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


        transfer_quote_view = cls(
            amount_minor=amount_minor,
            currency=currency,
            fee_minor=fee_minor,
            object_=object_,
            policy=policy,
            recipient_amount_minor=recipient_amount_minor,
            routes=routes,
            target_currency=target_currency,
            total_minor=total_minor,
            fx=fx,
        )


        transfer_quote_view.additional_properties = d
        return transfer_quote_view

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
