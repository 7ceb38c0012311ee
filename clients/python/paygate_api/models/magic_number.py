from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.outcome import Outcome






T = TypeVar("T", bound="MagicNumber")



@_attrs_define
class MagicNumber:
    """ A row of `GET /sandbox`.

        Attributes:
            behaviour (str): What happens to the attempt and the intent.
            intent_ends (str): The intent's status once the sandbox is done.
            msisdn (str): The payer number (`customer_msisdn`), or a pattern such as `*0000`.
            outcome (Outcome): What the sandbox does for a payer number.
     """

    behaviour: str
    intent_ends: str
    msisdn: str
    outcome: Outcome
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        behaviour = self.behaviour

        intent_ends = self.intent_ends

        msisdn = self.msisdn

        outcome = self.outcome.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "behaviour": behaviour,
            "intent_ends": intent_ends,
            "msisdn": msisdn,
            "outcome": outcome,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        behaviour = d.pop("behaviour")

        intent_ends = d.pop("intent_ends")

        msisdn = d.pop("msisdn")

        outcome = Outcome(d.pop("outcome"))




        magic_number = cls(
            behaviour=behaviour,
            intent_ends=intent_ends,
            msisdn=msisdn,
            outcome=outcome,
        )


        magic_number.additional_properties = d
        return magic_number

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
