from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="HeldByKind")



@_attrs_define
class HeldByKind:
    """ 
        Attributes:
            disputed_minor (int):
            escrow_minor (int):
            frozen_minor (int):
            held_minor (int):
            reserved_minor (int):
     """

    disputed_minor: int
    escrow_minor: int
    frozen_minor: int
    held_minor: int
    reserved_minor: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        disputed_minor = self.disputed_minor

        escrow_minor = self.escrow_minor

        frozen_minor = self.frozen_minor

        held_minor = self.held_minor

        reserved_minor = self.reserved_minor


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "disputed_minor": disputed_minor,
            "escrow_minor": escrow_minor,
            "frozen_minor": frozen_minor,
            "held_minor": held_minor,
            "reserved_minor": reserved_minor,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        disputed_minor = d.pop("disputed_minor")

        escrow_minor = d.pop("escrow_minor")

        frozen_minor = d.pop("frozen_minor")

        held_minor = d.pop("held_minor")

        reserved_minor = d.pop("reserved_minor")

        held_by_kind = cls(
            disputed_minor=disputed_minor,
            escrow_minor=escrow_minor,
            frozen_minor=frozen_minor,
            held_minor=held_minor,
            reserved_minor=reserved_minor,
        )


        held_by_kind.additional_properties = d
        return held_by_kind

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
