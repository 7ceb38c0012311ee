from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.switch_payment_status import SwitchPaymentStatus
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="FactView")



@_attrs_define
class FactView:
    """ 
        Attributes:
            at (str):
            fact (str): PRINCIPAL_REQUESTED, CONSENT_VALID, CONSENT_REQUIRED, SUBMISSION_DISPATCHED,
                SWITCH_ACCEPTED, AUTHORIZED, BENEFICIARY_CREDITED, SWITCH_REJECTED,
                SUBMISSION_TIMED_OUT, NO_ANSWER, INQUIRY_QUEUED, INQUIRY_SENT,
                INQUIRY_REJECTED, INQUIRY_NOT_RECEIVED, INQUIRIES_EXHAUSTED,
                OPERATOR_REVIEWED, REVIEW_RETURNED, CONSENT_LAPSED, EXPIRED,
                CANCELLED_BY_MERCHANT.
            seq (int):
            status (SwitchPaymentStatus):
            detail (None | str | Unset):
     """

    at: str
    fact: str
    seq: int
    status: SwitchPaymentStatus
    detail: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        at = self.at

        fact = self.fact

        seq = self.seq

        status = self.status.value

        detail: None | str | Unset
        if isinstance(self.detail, Unset):
            detail = UNSET
        else:
            detail = self.detail


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "at": at,
            "fact": fact,
            "seq": seq,
            "status": status,
        })
        if detail is not UNSET:
            field_dict["detail"] = detail

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        at = d.pop("at")

        fact = d.pop("fact")

        seq = d.pop("seq")

        status = SwitchPaymentStatus(d.pop("status"))




        def _parse_detail(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        detail = _parse_detail(d.pop("detail", UNSET))


        fact_view = cls(
            at=at,
            fact=fact,
            seq=seq,
            status=status,
            detail=detail,
        )


        fact_view.additional_properties = d
        return fact_view

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
