from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.answer import Answer
from ..models.verification_reason import VerificationReason
from typing import cast

if TYPE_CHECKING:
  from ..models.match import Match
  from ..models.verification_criteria import VerificationCriteria





T = TypeVar("T", bound="PaymentResolution")



@_attrs_define
class PaymentResolution:
    """ 
        Attributes:
            answer (Answer): The answer of `GET /payment_resolution` (spec section 3): answers, not
                stored states.
            confidence (int): 0 to 100: the best match's score, capped by the verdict.
            criteria (VerificationCriteria): What to look for, validated and normalised (the echo is `criteria`).
            matches (list[Match]): The candidates, best first (at most 20).
            note (str): The verdict in a sentence, for people.
            object_ (str): Always `payment_resolution`.
            reasons (list[VerificationReason]): The verdict's reason first, then what the best match matched on.
            resolution (Answer): The answer of `GET /payment_resolution` (spec section 3): answers, not
                stored states.
     """

    answer: Answer
    confidence: int
    criteria: VerificationCriteria
    matches: list[Match]
    note: str
    object_: str
    reasons: list[VerificationReason]
    resolution: Answer
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.match import Match # noqa: PLC0415
        from ..models.verification_criteria import VerificationCriteria # noqa: PLC0415
        answer = self.answer.value

        confidence = self.confidence

        criteria = self.criteria.to_dict()

        matches = []
        for matches_item_data in self.matches:
            matches_item = matches_item_data.to_dict()
            matches.append(matches_item)



        note = self.note

        object_ = self.object_

        reasons = []
        for reasons_item_data in self.reasons:
            reasons_item = reasons_item_data.value
            reasons.append(reasons_item)



        resolution = self.resolution.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "answer": answer,
            "confidence": confidence,
            "criteria": criteria,
            "matches": matches,
            "note": note,
            "object": object_,
            "reasons": reasons,
            "resolution": resolution,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.match import Match # noqa: PLC0415
        from ..models.verification_criteria import VerificationCriteria # noqa: PLC0415
        d = dict(src_dict)
        answer = Answer(d.pop("answer"))




        confidence = d.pop("confidence")

        criteria = VerificationCriteria.from_dict(d.pop("criteria"))




        matches = []
        _matches = d.pop("matches")
        for matches_item_data in (_matches):
            matches_item = Match.from_dict(matches_item_data)



            matches.append(matches_item)


        note = d.pop("note")

        object_ = d.pop("object")

        reasons = []
        _reasons = d.pop("reasons")
        for reasons_item_data in (_reasons):
            reasons_item = VerificationReason(reasons_item_data)



            reasons.append(reasons_item)


        resolution = Answer(d.pop("resolution"))




        payment_resolution = cls(
            answer=answer,
            confidence=confidence,
            criteria=criteria,
            matches=matches,
            note=note,
            object_=object_,
            reasons=reasons,
            resolution=resolution,
        )


        payment_resolution.additional_properties = d
        return payment_resolution

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
