from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="RailRule")



@_attrs_define
class RailRule:
    """ A row of `GET /sandbox` `rail_rules`: what the sandbox does on the
    rails that have no magic number (bank, wallet, QR).

        Attributes:
            behaviour (str): What happens to the attempt and the intent.
            intent_ends (str):
            rail (str): `bank`, `wallet` or `qr`.
            when (str): What the payer (or the test) does.
     """

    behaviour: str
    intent_ends: str
    rail: str
    when: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        behaviour = self.behaviour

        intent_ends = self.intent_ends

        rail = self.rail

        when = self.when


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "behaviour": behaviour,
            "intent_ends": intent_ends,
            "rail": rail,
            "when": when,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        behaviour = d.pop("behaviour")

        intent_ends = d.pop("intent_ends")

        rail = d.pop("rail")

        when = d.pop("when")

        rail_rule = cls(
            behaviour=behaviour,
            intent_ends=intent_ends,
            rail=rail,
            when=when,
        )


        rail_rule.additional_properties = d
        return rail_rule

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
