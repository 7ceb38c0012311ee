from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ReconcileRail")



@_attrs_define
class ReconcileRail:
    """ 
        Attributes:
            statement (str): The provider's transaction report as CSV: a header line naming
                reference, amount, currency and status, then one line per transaction.
     """

    statement: str





    def to_dict(self) -> dict[str, Any]:
        statement = self.statement


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "statement": statement,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        statement = d.pop("statement")

        reconcile_rail = cls(
            statement=statement,
        )

        return reconcile_rail

