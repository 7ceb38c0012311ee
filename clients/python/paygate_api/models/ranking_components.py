from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="RankingComponents")



@_attrs_define
class RankingComponents:
    """ The five components of a score, each 0 to 100 (the weights of a policy
    are held in the same shape).

        Attributes:
            cost (int): 100 for the cheapest candidate, 0 for the dearest.
            health (int): 80 closed (no probe), 40 half-open, 0 unusable.
            latency (int): 100 − average ms / 150; 70 with no measurement.
            preference (int): 100 − 25 × the place in the gateway's order of preference.
            success (int): 24 h success % − 2 × unknown %; 85 under 5 decided attempts.
     """

    cost: int
    health: int
    latency: int
    preference: int
    success: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        cost = self.cost

        health = self.health

        latency = self.latency

        preference = self.preference

        success = self.success


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "cost": cost,
            "health": health,
            "latency": latency,
            "preference": preference,
            "success": success,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cost = d.pop("cost")

        health = d.pop("health")

        latency = d.pop("latency")

        preference = d.pop("preference")

        success = d.pop("success")

        ranking_components = cls(
            cost=cost,
            health=health,
            latency=latency,
            preference=preference,
            success=success,
        )


        ranking_components.additional_properties = d
        return ranking_components

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
