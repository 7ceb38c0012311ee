from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.match_currency import MatchCurrency
from ..models.matched_on import MatchedOn
from ..models.payment_intent_status import PaymentIntentStatus
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Match")



@_attrs_define
class Match:
    """ A candidate payment, with its score.

        Attributes:
            amount_minor (int):
            at (str): When the money was collected, else when the intent was created.
            created_at (str):
            currency (MatchCurrency):
            intent_id (str): The same as `payment_intent` (the origin's name).
            matched_on (list[MatchedOn]):
            payment_intent (str):
            score (int): Points earned: reference 70 (a ledger transaction id 80), msisdn 25, amount 25.
            stage (PaymentIntentStatus):
            status (PaymentIntentStatus):
            collection_transaction (None | str | Unset): The ledger transaction that credited the merchant, when there is
                one.
            credited_minor (int | None | Unset): What that posting credited to the merchant (net of fees).
            customer_msisdn (None | str | Unset):
            reference (None | str | Unset):
            transaction_id (None | str | Unset): The same as `collection_transaction` (the origin's name).
     """

    amount_minor: int
    at: str
    created_at: str
    currency: MatchCurrency
    intent_id: str
    matched_on: list[MatchedOn]
    payment_intent: str
    score: int
    stage: PaymentIntentStatus
    status: PaymentIntentStatus
    collection_transaction: None | str | Unset = UNSET
    credited_minor: int | None | Unset = UNSET
    customer_msisdn: None | str | Unset = UNSET
    reference: None | str | Unset = UNSET
    transaction_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        amount_minor = self.amount_minor

        at = self.at

        created_at = self.created_at

        currency = self.currency.value

        intent_id = self.intent_id

        matched_on = []
        for matched_on_item_data in self.matched_on:
            matched_on_item = matched_on_item_data.value
            matched_on.append(matched_on_item)



        payment_intent = self.payment_intent

        score = self.score

        stage = self.stage.value

        status = self.status.value

        collection_transaction: None | str | Unset
        if isinstance(self.collection_transaction, Unset):
            collection_transaction = UNSET
        else:
            collection_transaction = self.collection_transaction

        credited_minor: int | None | Unset
        if isinstance(self.credited_minor, Unset):
            credited_minor = UNSET
        else:
            credited_minor = self.credited_minor

        customer_msisdn: None | str | Unset
        if isinstance(self.customer_msisdn, Unset):
            customer_msisdn = UNSET
        else:
            customer_msisdn = self.customer_msisdn

        reference: None | str | Unset
        if isinstance(self.reference, Unset):
            reference = UNSET
        else:
            reference = self.reference

        transaction_id: None | str | Unset
        if isinstance(self.transaction_id, Unset):
            transaction_id = UNSET
        else:
            transaction_id = self.transaction_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount_minor": amount_minor,
            "at": at,
            "created_at": created_at,
            "currency": currency,
            "intent_id": intent_id,
            "matched_on": matched_on,
            "payment_intent": payment_intent,
            "score": score,
            "stage": stage,
            "status": status,
        })
        if collection_transaction is not UNSET:
            field_dict["collection_transaction"] = collection_transaction
        if credited_minor is not UNSET:
            field_dict["credited_minor"] = credited_minor
        if customer_msisdn is not UNSET:
            field_dict["customer_msisdn"] = customer_msisdn
        if reference is not UNSET:
            field_dict["reference"] = reference
        if transaction_id is not UNSET:
            field_dict["transaction_id"] = transaction_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        at = d.pop("at")

        created_at = d.pop("created_at")

        currency = MatchCurrency(d.pop("currency"))




        intent_id = d.pop("intent_id")

        matched_on = []
        _matched_on = d.pop("matched_on")
        for matched_on_item_data in (_matched_on):
            matched_on_item = MatchedOn(matched_on_item_data)



            matched_on.append(matched_on_item)


        payment_intent = d.pop("payment_intent")

        score = d.pop("score")

        stage = PaymentIntentStatus(d.pop("stage"))




        status = PaymentIntentStatus(d.pop("status"))




        def _parse_collection_transaction(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        collection_transaction = _parse_collection_transaction(d.pop("collection_transaction", UNSET))


        def _parse_credited_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        credited_minor = _parse_credited_minor(d.pop("credited_minor", UNSET))


        def _parse_customer_msisdn(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        customer_msisdn = _parse_customer_msisdn(d.pop("customer_msisdn", UNSET))


        def _parse_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reference = _parse_reference(d.pop("reference", UNSET))


        def _parse_transaction_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        transaction_id = _parse_transaction_id(d.pop("transaction_id", UNSET))


        match = cls(
            amount_minor=amount_minor,
            at=at,
            created_at=created_at,
            currency=currency,
            intent_id=intent_id,
            matched_on=matched_on,
            payment_intent=payment_intent,
            score=score,
            stage=stage,
            status=status,
            collection_transaction=collection_transaction,
            credited_minor=credited_minor,
            customer_msisdn=customer_msisdn,
            reference=reference,
            transaction_id=transaction_id,
        )


        match.additional_properties = d
        return match

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
