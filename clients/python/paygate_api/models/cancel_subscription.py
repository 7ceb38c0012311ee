from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="CancelSubscription")



@_attrs_define
class CancelSubscription:
    """ 
        Attributes:
            immediately (bool): true: now (CANCELLED, open invoices VOID); false: at the period's end (ENDED then).
     """

    immediately: bool





    def to_dict(self) -> dict[str, Any]:
        immediately = self.immediately


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "immediately": immediately,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        immediately = d.pop("immediately")

        cancel_subscription = cls(
            immediately=immediately,
        )

        return cancel_subscription

