from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bank_credit_outcome import BankCreditOutcome
from ..models.bank_credit_view_currency import BankCreditViewCurrency
from typing import cast

if TYPE_CHECKING:
  from ..models.payment_intent_view import PaymentIntentView





T = TypeVar("T", bound="BankCreditView")



@_attrs_define
class BankCreditView:
    """ 
        Attributes:
            amount_minor (int):
            applied_minor (int): Counted towards the intent's amount.
            currency (BankCreditViewCurrency):
            object_ (str): Always `bank_credit`.
            outcome (BankCreditOutcome): What a bank credit did.
            payment_intent (PaymentIntentView):
            reference (str):
            returned_minor (int): Sent back to the payer at once.
            review_minor (int): Held for review.
     """

    amount_minor: int
    applied_minor: int
    currency: BankCreditViewCurrency
    object_: str
    outcome: BankCreditOutcome
    payment_intent: PaymentIntentView
    reference: str
    returned_minor: int
    review_minor: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.payment_intent_view import PaymentIntentView # noqa: PLC0415
        amount_minor = self.amount_minor

        applied_minor = self.applied_minor

        currency = self.currency.value

        object_ = self.object_

        outcome = self.outcome.value

        payment_intent = self.payment_intent.to_dict()

        reference = self.reference

        returned_minor = self.returned_minor

        review_minor = self.review_minor


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount_minor": amount_minor,
            "applied_minor": applied_minor,
            "currency": currency,
            "object": object_,
            "outcome": outcome,
            "payment_intent": payment_intent,
            "reference": reference,
            "returned_minor": returned_minor,
            "review_minor": review_minor,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.payment_intent_view import PaymentIntentView # noqa: PLC0415
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        applied_minor = d.pop("applied_minor")

        currency = BankCreditViewCurrency(d.pop("currency"))




        object_ = d.pop("object")

        outcome = BankCreditOutcome(d.pop("outcome"))




        payment_intent = PaymentIntentView.from_dict(d.pop("payment_intent"))




        reference = d.pop("reference")

        returned_minor = d.pop("returned_minor")

        review_minor = d.pop("review_minor")

        bank_credit_view = cls(
            amount_minor=amount_minor,
            applied_minor=applied_minor,
            currency=currency,
            object_=object_,
            outcome=outcome,
            payment_intent=payment_intent,
            reference=reference,
            returned_minor=returned_minor,
            review_minor=review_minor,
        )


        bank_credit_view.additional_properties = d
        return bank_credit_view

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
