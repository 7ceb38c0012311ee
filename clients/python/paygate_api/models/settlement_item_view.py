from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.settlement_item_kind import SettlementItemKind
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SettlementItemView")



@_attrs_define
class SettlementItemView:
    """ One item of a cycle.

        Attributes:
            amount_minor (int): The change of `pending`: a payment's gross less its fees and splits;
                negative for refunds and holds.
            at (str):
            gross_minor (int):
            kind (SettlementItemKind): What kind of movement of `pending` an item is.
            provider_fee_minor (int):
            service_fee_minor (int):
            source (str): What caused it: `pi_`, `re_`, `dp_`, or for a carried item the cycle `sc_`.
            split_minor (int):
            tax_minor (int):
            payment_intent (None | str | Unset):
            transaction (None | str | Unset): A payment's collection posting.
     """

    amount_minor: int
    at: str
    gross_minor: int
    kind: SettlementItemKind
    provider_fee_minor: int
    service_fee_minor: int
    source: str
    split_minor: int
    tax_minor: int
    payment_intent: None | str | Unset = UNSET
    transaction: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        amount_minor = self.amount_minor

        at = self.at

        gross_minor = self.gross_minor

        kind = self.kind.value

        provider_fee_minor = self.provider_fee_minor

        service_fee_minor = self.service_fee_minor

        source = self.source

        split_minor = self.split_minor

        tax_minor = self.tax_minor

        payment_intent: None | str | Unset
        if isinstance(self.payment_intent, Unset):
            payment_intent = UNSET
        else:
            payment_intent = self.payment_intent

        transaction: None | str | Unset
        if isinstance(self.transaction, Unset):
            transaction = UNSET
        else:
            transaction = self.transaction


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount_minor": amount_minor,
            "at": at,
            "gross_minor": gross_minor,
            "kind": kind,
            "provider_fee_minor": provider_fee_minor,
            "service_fee_minor": service_fee_minor,
            "source": source,
            "split_minor": split_minor,
            "tax_minor": tax_minor,
        })
        if payment_intent is not UNSET:
            field_dict["payment_intent"] = payment_intent
        if transaction is not UNSET:
            field_dict["transaction"] = transaction

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        at = d.pop("at")

        gross_minor = d.pop("gross_minor")

        kind = SettlementItemKind(d.pop("kind"))




        provider_fee_minor = d.pop("provider_fee_minor")

        service_fee_minor = d.pop("service_fee_minor")

        source = d.pop("source")

        split_minor = d.pop("split_minor")

        tax_minor = d.pop("tax_minor")

        def _parse_payment_intent(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        payment_intent = _parse_payment_intent(d.pop("payment_intent", UNSET))


        def _parse_transaction(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        transaction = _parse_transaction(d.pop("transaction", UNSET))


        settlement_item_view = cls(
            amount_minor=amount_minor,
            at=at,
            gross_minor=gross_minor,
            kind=kind,
            provider_fee_minor=provider_fee_minor,
            service_fee_minor=service_fee_minor,
            source=source,
            split_minor=split_minor,
            tax_minor=tax_minor,
            payment_intent=payment_intent,
            transaction=transaction,
        )


        settlement_item_view.additional_properties = d
        return settlement_item_view

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
