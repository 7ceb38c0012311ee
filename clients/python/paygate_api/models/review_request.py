from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.review_decision import ReviewDecision
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.review_evidence import ReviewEvidence





T = TypeVar("T", bound="ReviewRequest")



@_attrs_define
class ReviewRequest:
    """ `POST /{resource}/{id}/review`: the operator's decision on parked money.

        Attributes:
            evidence (ReviewEvidence): What the operator saw.
            outcome (ReviewDecision): What the provider's statement shows.
            pin (None | str | Unset): The member's PIN (step-up): required in live mode.
     """

    evidence: ReviewEvidence
    outcome: ReviewDecision
    pin: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.review_evidence import ReviewEvidence # noqa: PLC0415
        evidence = self.evidence.to_dict()

        outcome = self.outcome.value

        pin: None | str | Unset
        if isinstance(self.pin, Unset):
            pin = UNSET
        else:
            pin = self.pin


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "evidence": evidence,
            "outcome": outcome,
        })
        if pin is not UNSET:
            field_dict["pin"] = pin

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.review_evidence import ReviewEvidence # noqa: PLC0415
        d = dict(src_dict)
        evidence = ReviewEvidence.from_dict(d.pop("evidence"))




        outcome = ReviewDecision(d.pop("outcome"))




        def _parse_pin(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pin = _parse_pin(d.pop("pin", UNSET))


        review_request = cls(
            evidence=evidence,
            outcome=outcome,
            pin=pin,
        )

        return review_request

