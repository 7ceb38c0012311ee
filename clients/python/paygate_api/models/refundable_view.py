from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.refundable_view_currency import RefundableViewCurrency






T = TypeVar("T", bound="RefundableView")



@_attrs_define
class RefundableView:
    """ 
        Attributes:
            amount_received_minor (int):
            amount_refunded_minor (int):
            amount_reserved_minor (int): Reserved by refunds in progress.
            currency (RefundableViewCurrency):
            object_ (str): Always `refundable`.
            payment_intent (str):
            refundable_minor (int): What a new refund may take: received − refunded − reserved.
     """

    amount_received_minor: int
    amount_refunded_minor: int
    amount_reserved_minor: int
    currency: RefundableViewCurrency
    object_: str
    payment_intent: str
    refundable_minor: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        amount_received_minor = self.amount_received_minor

        amount_refunded_minor = self.amount_refunded_minor

        amount_reserved_minor = self.amount_reserved_minor

        currency = self.currency.value

        object_ = self.object_

        payment_intent = self.payment_intent

        refundable_minor = self.refundable_minor


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount_received_minor": amount_received_minor,
            "amount_refunded_minor": amount_refunded_minor,
            "amount_reserved_minor": amount_reserved_minor,
            "currency": currency,
            "object": object_,
            "payment_intent": payment_intent,
            "refundable_minor": refundable_minor,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount_received_minor = d.pop("amount_received_minor")

        amount_refunded_minor = d.pop("amount_refunded_minor")

        amount_reserved_minor = d.pop("amount_reserved_minor")

        currency = RefundableViewCurrency(d.pop("currency"))




        object_ = d.pop("object")

        payment_intent = d.pop("payment_intent")

        refundable_minor = d.pop("refundable_minor")

        refundable_view = cls(
            amount_received_minor=amount_received_minor,
            amount_refunded_minor=amount_refunded_minor,
            amount_reserved_minor=amount_reserved_minor,
            currency=currency,
            object_=object_,
            payment_intent=payment_intent,
            refundable_minor=refundable_minor,
        )


        refundable_view.additional_properties = d
        return refundable_view

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
