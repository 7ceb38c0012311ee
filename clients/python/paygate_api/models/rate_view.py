from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="RateView")



@_attrs_define
class RateView:
    """ 
        Attributes:
            livemode (bool):
            margin_bps (int): The margin policy of the pair, in basis points.
            mid_rate (str): The mid-market rate, an exact decimal string. Example: 2800.
            object_ (str): Always `fx_rate`.
            pair (str): `BASE-QUOTE`: one `BASE` buys `mid_rate` of `QUOTE`. Example: USD-CDF.
            source (str): `sandbox_default` (built in, never stale) or `operator` (set by
                `paygate fx set-rate` or `PUT /fx/rates/{pair}`).
            stale (bool): Older than 24 h: quotes priced from it are INDICATIVE.
            updated_at (None | str | Unset): When an operator set it.
            updated_by (None | str | Unset): Who set it: a member's email, or `cli`.
     """

    livemode: bool
    margin_bps: int
    mid_rate: str
    object_: str
    pair: str
    source: str
    stale: bool
    updated_at: None | str | Unset = UNSET
    updated_by: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        livemode = self.livemode

        margin_bps = self.margin_bps

        mid_rate = self.mid_rate

        object_ = self.object_

        pair = self.pair

        source = self.source

        stale = self.stale

        updated_at: None | str | Unset
        if isinstance(self.updated_at, Unset):
            updated_at = UNSET
        else:
            updated_at = self.updated_at

        updated_by: None | str | Unset
        if isinstance(self.updated_by, Unset):
            updated_by = UNSET
        else:
            updated_by = self.updated_by


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "livemode": livemode,
            "margin_bps": margin_bps,
            "mid_rate": mid_rate,
            "object": object_,
            "pair": pair,
            "source": source,
            "stale": stale,
        })
        if updated_at is not UNSET:
            field_dict["updated_at"] = updated_at
        if updated_by is not UNSET:
            field_dict["updated_by"] = updated_by

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        livemode = d.pop("livemode")

        margin_bps = d.pop("margin_bps")

        mid_rate = d.pop("mid_rate")

        object_ = d.pop("object")

        pair = d.pop("pair")

        source = d.pop("source")

        stale = d.pop("stale")

        def _parse_updated_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        updated_at = _parse_updated_at(d.pop("updated_at", UNSET))


        def _parse_updated_by(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        updated_by = _parse_updated_by(d.pop("updated_by", UNSET))


        rate_view = cls(
            livemode=livemode,
            margin_bps=margin_bps,
            mid_rate=mid_rate,
            object_=object_,
            pair=pair,
            source=source,
            stale=stale,
            updated_at=updated_at,
            updated_by=updated_by,
        )


        rate_view.additional_properties = d
        return rate_view

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
