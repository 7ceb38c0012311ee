from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.rail_reason import RailReason
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.ranking_components import RankingComponents





T = TypeVar("T", bound="Route")



@_attrs_define
class Route:
    """ A payout route of a transfer quote (origin behaviour section 19 `routes`).

        Attributes:
            components (RankingComponents): The five components of a score, each 0 to 100 (the weights of a policy
                are held in the same shape).
            cost_bps (int): What the rail's provider charges, in basis points.
            estimated_minutes (int):
            name (str):
            rail (str): Its family: `mobile_money` or `bank`.
            rail_id (str): The catalogue rail: `mpesa`, `airtel`, `bank_transfer`, `switch`, ...
            rank (int): 1 for the best.
            score (int): 0 to 100; 0 when unusable.
            usable (bool):
            reason (None | RailReason | Unset):
     """

    components: RankingComponents
    cost_bps: int
    estimated_minutes: int
    name: str
    rail: str
    rail_id: str
    rank: int
    score: int
    usable: bool
    reason: None | RailReason | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ranking_components import RankingComponents # noqa: PLC0415
        components = self.components.to_dict()

        cost_bps = self.cost_bps

        estimated_minutes = self.estimated_minutes

        name = self.name

        rail = self.rail

        rail_id = self.rail_id

        rank = self.rank

        score = self.score

        usable = self.usable

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        elif isinstance(self.reason, RailReason):
            reason = self.reason.value
        else:
            reason = self.reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "components": components,
            "cost_bps": cost_bps,
            "estimated_minutes": estimated_minutes,
            "name": name,
            "rail": rail,
            "rail_id": rail_id,
            "rank": rank,
            "score": score,
            "usable": usable,
        })
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ranking_components import RankingComponents # noqa: PLC0415
        d = dict(src_dict)
        components = RankingComponents.from_dict(d.pop("components"))




        cost_bps = d.pop("cost_bps")

        estimated_minutes = d.pop("estimated_minutes")

        name = d.pop("name")

        rail = d.pop("rail")

        rail_id = d.pop("rail_id")

        rank = d.pop("rank")

        score = d.pop("score")

        usable = d.pop("usable")

        def _parse_reason(data: object) -> None | RailReason | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                reason_type_0 = RailReason(data)



                return reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RailReason | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))


        route = cls(
            components=components,
            cost_bps=cost_bps,
            estimated_minutes=estimated_minutes,
            name=name,
            rail=rail,
            rail_id=rail_id,
            rank=rank,
            score=score,
            usable=usable,
            reason=reason,
        )


        route.additional_properties = d
        return route

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
