from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.corridor_status import CorridorStatus






T = TypeVar("T", bound="RouteCorridorView")



@_attrs_define
class RouteCorridorView:
    """ 
        Attributes:
            automatic (bool): Not configured: the sandbox made it up.
            monthly_limit_minor (int):
            pair (str):
            per_transfer_limit_minor (int):
            status (CorridorStatus): Where a corridor may be used.
     """

    automatic: bool
    monthly_limit_minor: int
    pair: str
    per_transfer_limit_minor: int
    status: CorridorStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        automatic = self.automatic

        monthly_limit_minor = self.monthly_limit_minor

        pair = self.pair

        per_transfer_limit_minor = self.per_transfer_limit_minor

        status = self.status.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "automatic": automatic,
            "monthly_limit_minor": monthly_limit_minor,
            "pair": pair,
            "per_transfer_limit_minor": per_transfer_limit_minor,
            "status": status,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        automatic = d.pop("automatic")

        monthly_limit_minor = d.pop("monthly_limit_minor")

        pair = d.pop("pair")

        per_transfer_limit_minor = d.pop("per_transfer_limit_minor")

        status = CorridorStatus(d.pop("status"))




        route_corridor_view = cls(
            automatic=automatic,
            monthly_limit_minor=monthly_limit_minor,
            pair=pair,
            per_transfer_limit_minor=per_transfer_limit_minor,
            status=status,
        )


        route_corridor_view.additional_properties = d
        return route_corridor_view

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
