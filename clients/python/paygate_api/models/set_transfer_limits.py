from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SetTransferLimits")



@_attrs_define
class SetTransferLimits:
    """ 
        Attributes:
            daily_minor (int | None | Unset):
            per_transfer_minor (int | None | Unset):
     """

    daily_minor: int | None | Unset = UNSET
    per_transfer_minor: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        daily_minor: int | None | Unset
        if isinstance(self.daily_minor, Unset):
            daily_minor = UNSET
        else:
            daily_minor = self.daily_minor

        per_transfer_minor: int | None | Unset
        if isinstance(self.per_transfer_minor, Unset):
            per_transfer_minor = UNSET
        else:
            per_transfer_minor = self.per_transfer_minor


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if daily_minor is not UNSET:
            field_dict["daily_minor"] = daily_minor
        if per_transfer_minor is not UNSET:
            field_dict["per_transfer_minor"] = per_transfer_minor

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_daily_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        daily_minor = _parse_daily_minor(d.pop("daily_minor", UNSET))


        def _parse_per_transfer_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        per_transfer_minor = _parse_per_transfer_minor(d.pop("per_transfer_minor", UNSET))


        set_transfer_limits = cls(
            daily_minor=daily_minor,
            per_transfer_minor=per_transfer_minor,
        )

        return set_transfer_limits

