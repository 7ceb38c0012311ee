from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.operator import Operator
from ..models.rail_kind import RailKind
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.card_input import CardInput





T = TypeVar("T", bound="ConfirmIntent")



@_attrs_define
class ConfirmIntent:
    """ `POST /payment_intents/{id}/confirm` (an addition to the spec): starts an
    attempt on one rail: mobile money (the default), a card (test mode),
    a bank transfer, or the wallet of another organisation of this gateway.

        Attributes:
            amount_minor (int | None | Unset): The amount of an open-amount intent (status CREATED), set once, with
                its first attempt; refused on any other intent.
            card (CardInput | None | Unset):
            checkout_token (None | str | Unset): `wallet`: the payer is the caller (another organisation of this
                gateway); this is the `t` of the intent's `checkout_url` (from the
                merchant, or from `POST /resolve` of its QR), which lets a key that
                does not own the intent pay it.
            customer_msisdn (None | str | Unset): Mobile money: the payer's number in E.164; defaults to the intent's
                customer_msisdn.
            operator (None | Operator | Unset):
            pin (None | str | Unset): `wallet`, a team member's session in live mode: the member's PIN
                (step-up), as paying from the wallet spends like a transfer.
            rail (None | RailKind | Unset):
     """

    amount_minor: int | None | Unset = UNSET
    card: CardInput | None | Unset = UNSET
    checkout_token: None | str | Unset = UNSET
    customer_msisdn: None | str | Unset = UNSET
    operator: None | Operator | Unset = UNSET
    pin: None | str | Unset = UNSET
    rail: None | RailKind | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.card_input import CardInput # noqa: PLC0415
        amount_minor: int | None | Unset
        if isinstance(self.amount_minor, Unset):
            amount_minor = UNSET
        else:
            amount_minor = self.amount_minor

        card: dict[str, Any] | None | Unset
        if isinstance(self.card, Unset):
            card = UNSET
        elif isinstance(self.card, CardInput):
            card = self.card.to_dict()
        else:
            card = self.card

        checkout_token: None | str | Unset
        if isinstance(self.checkout_token, Unset):
            checkout_token = UNSET
        else:
            checkout_token = self.checkout_token

        customer_msisdn: None | str | Unset
        if isinstance(self.customer_msisdn, Unset):
            customer_msisdn = UNSET
        else:
            customer_msisdn = self.customer_msisdn

        operator: None | str | Unset
        if isinstance(self.operator, Unset):
            operator = UNSET
        elif isinstance(self.operator, Operator):
            operator = self.operator.value
        else:
            operator = self.operator

        pin: None | str | Unset
        if isinstance(self.pin, Unset):
            pin = UNSET
        else:
            pin = self.pin

        rail: None | str | Unset
        if isinstance(self.rail, Unset):
            rail = UNSET
        elif isinstance(self.rail, RailKind):
            rail = self.rail.value
        else:
            rail = self.rail


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if amount_minor is not UNSET:
            field_dict["amount_minor"] = amount_minor
        if card is not UNSET:
            field_dict["card"] = card
        if checkout_token is not UNSET:
            field_dict["checkout_token"] = checkout_token
        if customer_msisdn is not UNSET:
            field_dict["customer_msisdn"] = customer_msisdn
        if operator is not UNSET:
            field_dict["operator"] = operator
        if pin is not UNSET:
            field_dict["pin"] = pin
        if rail is not UNSET:
            field_dict["rail"] = rail

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card_input import CardInput # noqa: PLC0415
        d = dict(src_dict)
        def _parse_amount_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount_minor = _parse_amount_minor(d.pop("amount_minor", UNSET))


        def _parse_card(data: object) -> CardInput | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                card_type_0 = CardInput.from_dict(data)



                return card_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CardInput | None | Unset, data)

        card = _parse_card(d.pop("card", UNSET))


        def _parse_checkout_token(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        checkout_token = _parse_checkout_token(d.pop("checkout_token", UNSET))


        def _parse_customer_msisdn(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        customer_msisdn = _parse_customer_msisdn(d.pop("customer_msisdn", UNSET))


        def _parse_operator(data: object) -> None | Operator | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                operator_type_0 = Operator(data)



                return operator_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Operator | Unset, data)

        operator = _parse_operator(d.pop("operator", UNSET))


        def _parse_pin(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pin = _parse_pin(d.pop("pin", UNSET))


        def _parse_rail(data: object) -> None | RailKind | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rail_type_0 = RailKind(data)



                return rail_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RailKind | Unset, data)

        rail = _parse_rail(d.pop("rail", UNSET))


        confirm_intent = cls(
            amount_minor=amount_minor,
            card=card,
            checkout_token=checkout_token,
            customer_msisdn=customer_msisdn,
            operator=operator,
            pin=pin,
            rail=rail,
        )

        return confirm_intent

