from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="Disclosure")



@_attrs_define
class Disclosure:
    """ 
        Attributes:
            rate_card (str): The rate card the quote was priced from.
            total_source_minor (int): source_minor + fee_minor: what leaves the wallet.
     """

    rate_card: str
    total_source_minor: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        rate_card = self.rate_card

        total_source_minor = self.total_source_minor


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "rate_card": rate_card,
            "total_source_minor": total_source_minor,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rate_card = d.pop("rate_card")

        total_source_minor = d.pop("total_source_minor")

        disclosure = cls(
            rate_card=rate_card,
            total_source_minor=total_source_minor,
        )


        disclosure.additional_properties = d
        return disclosure

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
