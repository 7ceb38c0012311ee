from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PayoutBatchFunds")



@_attrs_define
class PayoutBatchFunds:
    """ 
        Attributes:
            required_minor (int): What approval reserves: the rows still to pay plus their fees.
            sufficient (bool): available ≥ required_minor.
            available_minor (int | None | Unset): The currency's available balance now (after holds); only to a
                caller who may read balances (`balance:read`, issue 44).
            shortfall_minor (int | None | Unset): required − available when short, else 0; only with `available_minor`
                (it would tell the balance).
     """

    required_minor: int
    sufficient: bool
    available_minor: int | None | Unset = UNSET
    shortfall_minor: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        required_minor = self.required_minor

        sufficient = self.sufficient

        available_minor: int | None | Unset
        if isinstance(self.available_minor, Unset):
            available_minor = UNSET
        else:
            available_minor = self.available_minor

        shortfall_minor: int | None | Unset
        if isinstance(self.shortfall_minor, Unset):
            shortfall_minor = UNSET
        else:
            shortfall_minor = self.shortfall_minor


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "required_minor": required_minor,
            "sufficient": sufficient,
        })
        if available_minor is not UNSET:
            field_dict["available_minor"] = available_minor
        if shortfall_minor is not UNSET:
            field_dict["shortfall_minor"] = shortfall_minor

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        required_minor = d.pop("required_minor")

        sufficient = d.pop("sufficient")

        def _parse_available_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        available_minor = _parse_available_minor(d.pop("available_minor", UNSET))


        def _parse_shortfall_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        shortfall_minor = _parse_shortfall_minor(d.pop("shortfall_minor", UNSET))


        payout_batch_funds = cls(
            required_minor=required_minor,
            sufficient=sufficient,
            available_minor=available_minor,
            shortfall_minor=shortfall_minor,
        )


        payout_batch_funds.additional_properties = d
        return payout_batch_funds

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
