from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.route_source_method import RouteSourceMethod
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.route_source_input_card import RouteSourceInputCard





T = TypeVar("T", bound="RouteSourceInput")



@_attrs_define
class RouteSourceInput:
    """ Where the money comes from, as a request sends it (O§20).

        Attributes:
            card (RouteSourceInputCard): Refused: card details are typed on the hosted checkout page, never sent to the API.
            gateway (None | str | Unset): The processor the origin let a payer pick; this gateway's rail serves
                every one (the sandbox in test mode). Stored as sent.
            method (None | RouteSourceMethod | Unset):
            operator_id (None | str | Unset): `mobile_money`: the payer's operator (`mpesa`, `mpesa_cd`, ...).
            phone (None | str | Unset): `mobile_money`: the payer's number (E.164); the prompt is sent at
                once. Without it, the payer pays on the funding payment's checkout page.
            return_url (None | str | Unset): Where the checkout page sends the payer back.
            saved_card_id (None | str | Unset): Refused: this gateway keeps no saved cards.
     """

    card: RouteSourceInputCard
    gateway: None | str | Unset = UNSET
    method: None | RouteSourceMethod | Unset = UNSET
    operator_id: None | str | Unset = UNSET
    phone: None | str | Unset = UNSET
    return_url: None | str | Unset = UNSET
    saved_card_id: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.route_source_input_card import RouteSourceInputCard # noqa: PLC0415
        card = self.card.to_dict()

        gateway: None | str | Unset
        if isinstance(self.gateway, Unset):
            gateway = UNSET
        else:
            gateway = self.gateway

        method: None | str | Unset
        if isinstance(self.method, Unset):
            method = UNSET
        elif isinstance(self.method, RouteSourceMethod):
            method = self.method.value
        else:
            method = self.method

        operator_id: None | str | Unset
        if isinstance(self.operator_id, Unset):
            operator_id = UNSET
        else:
            operator_id = self.operator_id

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone

        return_url: None | str | Unset
        if isinstance(self.return_url, Unset):
            return_url = UNSET
        else:
            return_url = self.return_url

        saved_card_id: None | str | Unset
        if isinstance(self.saved_card_id, Unset):
            saved_card_id = UNSET
        else:
            saved_card_id = self.saved_card_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "card": card,
        })
        if gateway is not UNSET:
            field_dict["gateway"] = gateway
        if method is not UNSET:
            field_dict["method"] = method
        if operator_id is not UNSET:
            field_dict["operator_id"] = operator_id
        if phone is not UNSET:
            field_dict["phone"] = phone
        if return_url is not UNSET:
            field_dict["return_url"] = return_url
        if saved_card_id is not UNSET:
            field_dict["saved_card_id"] = saved_card_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.route_source_input_card import RouteSourceInputCard # noqa: PLC0415
        d = dict(src_dict)
        card = RouteSourceInputCard.from_dict(d.pop("card"))




        def _parse_gateway(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        gateway = _parse_gateway(d.pop("gateway", UNSET))


        def _parse_method(data: object) -> None | RouteSourceMethod | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                method_type_0 = RouteSourceMethod(data)



                return method_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RouteSourceMethod | Unset, data)

        method = _parse_method(d.pop("method", UNSET))


        def _parse_operator_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        operator_id = _parse_operator_id(d.pop("operator_id", UNSET))


        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))


        def _parse_return_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        return_url = _parse_return_url(d.pop("return_url", UNSET))


        def _parse_saved_card_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        saved_card_id = _parse_saved_card_id(d.pop("saved_card_id", UNSET))


        route_source_input = cls(
            card=card,
            gateway=gateway,
            method=method,
            operator_id=operator_id,
            phone=phone,
            return_url=return_url,
            saved_card_id=saved_card_id,
        )

        return route_source_input

