from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ConsentInput")



@_attrs_define
class ConsentInput:
    """ 
        Attributes:
            granted_at (int): Unix seconds when the payer consented (a time ahead of the
                gateway's clock by more than 60 s is not a valid consent).
            id (str):
     """

    granted_at: int
    id: str





    def to_dict(self) -> dict[str, Any]:
        granted_at = self.granted_at

        id = self.id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "granted_at": granted_at,
            "id": id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        granted_at = d.pop("granted_at")

        id = d.pop("id")

        consent_input = cls(
            granted_at=granted_at,
            id=id,
        )

        return consent_input

