from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.money_request_status import MoneyRequestStatus
from ..models.money_request_view_currency import MoneyRequestViewCurrency
from ..models.payer_kind import PayerKind
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="MoneyRequestView")



@_attrs_define
class MoneyRequestView:
    """ 
        Attributes:
            amount_minor (int):
            code (str):
            created_at (str):
            currency (MoneyRequestViewCurrency):
            expires_at (str):
            livemode (bool):
            object_ (str): Always `money_request`.
            pay_url (str): Where the payer pays.
            payer (str):
            payer_kind (PayerKind):
            payment_intent (str):
            status (MoneyRequestStatus):
            description (None | str | Unset):
     """

    amount_minor: int
    code: str
    created_at: str
    currency: MoneyRequestViewCurrency
    expires_at: str
    livemode: bool
    object_: str
    pay_url: str
    payer: str
    payer_kind: PayerKind
    payment_intent: str
    status: MoneyRequestStatus
    description: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        amount_minor = self.amount_minor

        code = self.code

        created_at = self.created_at

        currency = self.currency.value

        expires_at = self.expires_at

        livemode = self.livemode

        object_ = self.object_

        pay_url = self.pay_url

        payer = self.payer

        payer_kind = self.payer_kind.value

        payment_intent = self.payment_intent

        status = self.status.value

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount_minor": amount_minor,
            "code": code,
            "created_at": created_at,
            "currency": currency,
            "expires_at": expires_at,
            "livemode": livemode,
            "object": object_,
            "pay_url": pay_url,
            "payer": payer,
            "payer_kind": payer_kind,
            "payment_intent": payment_intent,
            "status": status,
        })
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        code = d.pop("code")

        created_at = d.pop("created_at")

        currency = MoneyRequestViewCurrency(d.pop("currency"))




        expires_at = d.pop("expires_at")

        livemode = d.pop("livemode")

        object_ = d.pop("object")

        pay_url = d.pop("pay_url")

        payer = d.pop("payer")

        payer_kind = PayerKind(d.pop("payer_kind"))




        payment_intent = d.pop("payment_intent")

        status = MoneyRequestStatus(d.pop("status"))




        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        money_request_view = cls(
            amount_minor=amount_minor,
            code=code,
            created_at=created_at,
            currency=currency,
            expires_at=expires_at,
            livemode=livemode,
            object_=object_,
            pay_url=pay_url,
            payer=payer,
            payer_kind=payer_kind,
            payment_intent=payment_intent,
            status=status,
            description=description,
        )


        money_request_view.additional_properties = d
        return money_request_view

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
