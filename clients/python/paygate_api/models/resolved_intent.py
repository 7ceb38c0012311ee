from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.payment_intent_status import PaymentIntentStatus
from ..models.resolved_intent_currency import ResolvedIntentCurrency
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ResolvedIntent")



@_attrs_define
class ResolvedIntent:
    """ 
        Attributes:
            checkout_url (str):
            currency (ResolvedIntentCurrency):
            expires_at (str):
            id (str):
            status (PaymentIntentStatus):
            amount_minor (int | None | Unset): `null` while an open amount is not set (CREATED): the payer enters it.
     """

    checkout_url: str
    currency: ResolvedIntentCurrency
    expires_at: str
    id: str
    status: PaymentIntentStatus
    amount_minor: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        checkout_url = self.checkout_url

        currency = self.currency.value

        expires_at = self.expires_at

        id = self.id

        status = self.status.value

        amount_minor: int | None | Unset
        if isinstance(self.amount_minor, Unset):
            amount_minor = UNSET
        else:
            amount_minor = self.amount_minor


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "checkout_url": checkout_url,
            "currency": currency,
            "expires_at": expires_at,
            "id": id,
            "status": status,
        })
        if amount_minor is not UNSET:
            field_dict["amount_minor"] = amount_minor

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        checkout_url = d.pop("checkout_url")

        currency = ResolvedIntentCurrency(d.pop("currency"))




        expires_at = d.pop("expires_at")

        id = d.pop("id")

        status = PaymentIntentStatus(d.pop("status"))




        def _parse_amount_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount_minor = _parse_amount_minor(d.pop("amount_minor", UNSET))


        resolved_intent = cls(
            checkout_url=checkout_url,
            currency=currency,
            expires_at=expires_at,
            id=id,
            status=status,
            amount_minor=amount_minor,
        )


        resolved_intent.additional_properties = d
        return resolved_intent

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
