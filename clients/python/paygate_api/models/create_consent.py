from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CreateConsent")



@_attrs_define
class CreateConsent:
    """ 
        Attributes:
            days (int | None | Unset): How long the code works: 1 to 365 days, default 90.
     """

    days: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        days: int | None | Unset
        if isinstance(self.days, Unset):
            days = UNSET
        else:
            days = self.days


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if days is not UNSET:
            field_dict["days"] = days

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_days(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        days = _parse_days(d.pop("days", UNSET))


        create_consent = cls(
            days=days,
        )

        return create_consent

