from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="StatementSummary")



@_attrs_define
class StatementSummary:
    """ The statement's summary.

        Attributes:
            formats (list[str]): `GET /settlement_cycles/{id}/statement?format=json|csv|pdf`.
            hash_ (str):
            lines (int):
            number (str):
     """

    formats: list[str]
    hash_: str
    lines: int
    number: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        formats = self.formats



        hash_ = self.hash_

        lines = self.lines

        number = self.number


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "formats": formats,
            "hash": hash_,
            "lines": lines,
            "number": number,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        formats = cast(list[str], d.pop("formats"))


        hash_ = d.pop("hash")

        lines = d.pop("lines")

        number = d.pop("number")

        statement_summary = cls(
            formats=formats,
            hash_=hash_,
            lines=lines,
            number=number,
        )


        statement_summary.additional_properties = d
        return statement_summary

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
