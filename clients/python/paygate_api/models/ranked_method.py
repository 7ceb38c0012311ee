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





T = TypeVar("T", bound="RankedMethod")



@_attrs_define
class RankedMethod:
    """ An intent's method: the answer's shape before ranking (rank, rail,
    operator, name, fee, time, success rate) and the score that ordered it.

        Attributes:
            components (RankingComponents): The five components of a score, each 0 to 100 (the weights of a policy
                are held in the same shape).
            cost_bps (int): The fees in basis points of the amount: what the cost component compares.
            expected_seconds (int):
            fee_minor (int): All fees on the amount (provider, service, tax).
            name (str):
            operator (str):
            rail (str):
            rank (int): 1 for the best.
            score (int): 0 to 100; 0 when unusable.
            success_rate (float): Share of the last 24 h's decided attempts that succeeded, 0..1; 0.85
                (the prior) while fewer than 5 were decided.
            usable (bool): False while its circuit is open, or with no connector in this mode.
            reason (None | RailReason | Unset):
     """

    components: RankingComponents
    cost_bps: int
    expected_seconds: int
    fee_minor: int
    name: str
    operator: str
    rail: str
    rank: int
    score: int
    success_rate: float
    usable: bool
    reason: None | RailReason | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ranking_components import RankingComponents # noqa: PLC0415
        components = self.components.to_dict()

        cost_bps = self.cost_bps

        expected_seconds = self.expected_seconds

        fee_minor = self.fee_minor

        name = self.name

        operator = self.operator

        rail = self.rail

        rank = self.rank

        score = self.score

        success_rate = self.success_rate

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
            "expected_seconds": expected_seconds,
            "fee_minor": fee_minor,
            "name": name,
            "operator": operator,
            "rail": rail,
            "rank": rank,
            "score": score,
            "success_rate": success_rate,
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

        expected_seconds = d.pop("expected_seconds")

        fee_minor = d.pop("fee_minor")

        name = d.pop("name")

        operator = d.pop("operator")

        rail = d.pop("rail")

        rank = d.pop("rank")

        score = d.pop("score")

        success_rate = d.pop("success_rate")

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


        ranked_method = cls(
            components=components,
            cost_bps=cost_bps,
            expected_seconds=expected_seconds,
            fee_minor=fee_minor,
            name=name,
            operator=operator,
            rail=rail,
            rank=rank,
            score=score,
            success_rate=success_rate,
            usable=usable,
            reason=reason,
        )


        ranked_method.additional_properties = d
        return ranked_method

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
