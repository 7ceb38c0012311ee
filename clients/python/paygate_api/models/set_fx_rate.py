from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SetFxRate")



@_attrs_define
class SetFxRate:
    """ 
        Attributes:
            rate (str): Units of the pair's second currency per unit of its first, as a
                decimal string (0.000001 to 1,000,000, at most 18 decimals). Example: 2800.5.
            margin_bps (int | None | Unset): The pair's margin policy in basis points, 0 to 1,000 (default 100).
     """

    rate: str
    margin_bps: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        rate = self.rate

        margin_bps: int | None | Unset
        if isinstance(self.margin_bps, Unset):
            margin_bps = UNSET
        else:
            margin_bps = self.margin_bps


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "rate": rate,
        })
        if margin_bps is not UNSET:
            field_dict["margin_bps"] = margin_bps

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rate = d.pop("rate")

        def _parse_margin_bps(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        margin_bps = _parse_margin_bps(d.pop("margin_bps", UNSET))


        set_fx_rate = cls(
            rate=rate,
            margin_bps=margin_bps,
        )

        return set_fx_rate

