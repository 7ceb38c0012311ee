from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.card_outcome import CardOutcome






T = TypeVar("T", bound="MagicCard")



@_attrs_define
class MagicCard:
    """ A row of `GET /sandbox` `card_numbers`.

        Attributes:
            behaviour (str):
            intent_ends (str):
            last4 (str):
            number (str): A Luhn-valid number to type; any number with the same last four does the same.
            outcome (CardOutcome): What the sandbox does with a card, by its last four digits.
     """

    behaviour: str
    intent_ends: str
    last4: str
    number: str
    outcome: CardOutcome
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        behaviour = self.behaviour

        intent_ends = self.intent_ends

        last4 = self.last4

        number = self.number

        outcome = self.outcome.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "behaviour": behaviour,
            "intent_ends": intent_ends,
            "last4": last4,
            "number": number,
            "outcome": outcome,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        behaviour = d.pop("behaviour")

        intent_ends = d.pop("intent_ends")

        last4 = d.pop("last4")

        number = d.pop("number")

        outcome = CardOutcome(d.pop("outcome"))




        magic_card = cls(
            behaviour=behaviour,
            intent_ends=intent_ends,
            last4=last4,
            number=number,
            outcome=outcome,
        )


        magic_card.additional_properties = d
        return magic_card

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
