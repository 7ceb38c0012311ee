from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ResolveInput")



@_attrs_define
class ResolveInput:
    """ 
        Attributes:
            payload (str): Whatever was scanned: an EMVCo payload (ours or another scheme's), an
                intent's `qr_payload`, or a checkout URL of this gateway.
     """

    payload: str





    def to_dict(self) -> dict[str, Any]:
        payload = self.payload


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "payload": payload,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        payload = d.pop("payload")

        resolve_input = cls(
            payload=payload,
        )

        return resolve_input

