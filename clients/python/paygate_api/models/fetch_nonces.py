from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="FetchNonces")



@_attrs_define
class FetchNonces:
    """ 
        Attributes:
            device_id (str): A device of the caller (the merchant) with a valid subkey.
            count (int | None | Unset): 1 to 100; default 10.
     """

    device_id: str
    count: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        device_id = self.device_id

        count: int | None | Unset
        if isinstance(self.count, Unset):
            count = UNSET
        else:
            count = self.count


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "device_id": device_id,
        })
        if count is not UNSET:
            field_dict["count"] = count

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        device_id = d.pop("device_id")

        def _parse_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        count = _parse_count(d.pop("count", UNSET))


        fetch_nonces = cls(
            device_id=device_id,
            count=count,
        )

        return fetch_nonces

