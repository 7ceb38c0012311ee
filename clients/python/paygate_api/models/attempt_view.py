from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.attempt_status import AttemptStatus
from ..models.failure_reason import FailureReason
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.card_summary import CardSummary





T = TypeVar("T", bound="AttemptView")



@_attrs_define
class AttemptView:
    """ 
        Attributes:
            id (str):
            rail (str):
            started_at (str):
            status (AttemptStatus):
            card (CardSummary | None | Unset):
            customer_msisdn (None | str | Unset):
            ended_at (None | str | Unset):
            failure_reason (FailureReason | None | Unset):
            operator (None | str | Unset):
            payer (None | str | Unset): A wallet attempt's payer (the organisation whose wallet paid).
     """

    id: str
    rail: str
    started_at: str
    status: AttemptStatus
    card: CardSummary | None | Unset = UNSET
    customer_msisdn: None | str | Unset = UNSET
    ended_at: None | str | Unset = UNSET
    failure_reason: FailureReason | None | Unset = UNSET
    operator: None | str | Unset = UNSET
    payer: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.card_summary import CardSummary # noqa: PLC0415
        id = self.id

        rail = self.rail

        started_at = self.started_at

        status = self.status.value

        card: dict[str, Any] | None | Unset
        if isinstance(self.card, Unset):
            card = UNSET
        elif isinstance(self.card, CardSummary):
            card = self.card.to_dict()
        else:
            card = self.card

        customer_msisdn: None | str | Unset
        if isinstance(self.customer_msisdn, Unset):
            customer_msisdn = UNSET
        else:
            customer_msisdn = self.customer_msisdn

        ended_at: None | str | Unset
        if isinstance(self.ended_at, Unset):
            ended_at = UNSET
        else:
            ended_at = self.ended_at

        failure_reason: None | str | Unset
        if isinstance(self.failure_reason, Unset):
            failure_reason = UNSET
        elif isinstance(self.failure_reason, FailureReason):
            failure_reason = self.failure_reason.value
        else:
            failure_reason = self.failure_reason

        operator: None | str | Unset
        if isinstance(self.operator, Unset):
            operator = UNSET
        else:
            operator = self.operator

        payer: None | str | Unset
        if isinstance(self.payer, Unset):
            payer = UNSET
        else:
            payer = self.payer


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "rail": rail,
            "started_at": started_at,
            "status": status,
        })
        if card is not UNSET:
            field_dict["card"] = card
        if customer_msisdn is not UNSET:
            field_dict["customer_msisdn"] = customer_msisdn
        if ended_at is not UNSET:
            field_dict["ended_at"] = ended_at
        if failure_reason is not UNSET:
            field_dict["failure_reason"] = failure_reason
        if operator is not UNSET:
            field_dict["operator"] = operator
        if payer is not UNSET:
            field_dict["payer"] = payer

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card_summary import CardSummary # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        rail = d.pop("rail")

        started_at = d.pop("started_at")

        status = AttemptStatus(d.pop("status"))




        def _parse_card(data: object) -> CardSummary | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                card_type_0 = CardSummary.from_dict(data)



                return card_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CardSummary | None | Unset, data)

        card = _parse_card(d.pop("card", UNSET))


        def _parse_customer_msisdn(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        customer_msisdn = _parse_customer_msisdn(d.pop("customer_msisdn", UNSET))


        def _parse_ended_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ended_at = _parse_ended_at(d.pop("ended_at", UNSET))


        def _parse_failure_reason(data: object) -> FailureReason | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                failure_reason_type_0 = FailureReason(data)



                return failure_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FailureReason | None | Unset, data)

        failure_reason = _parse_failure_reason(d.pop("failure_reason", UNSET))


        def _parse_operator(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        operator = _parse_operator(d.pop("operator", UNSET))


        def _parse_payer(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        payer = _parse_payer(d.pop("payer", UNSET))


        attempt_view = cls(
            id=id,
            rail=rail,
            started_at=started_at,
            status=status,
            card=card,
            customer_msisdn=customer_msisdn,
            ended_at=ended_at,
            failure_reason=failure_reason,
            operator=operator,
            payer=payer,
        )


        attempt_view.additional_properties = d
        return attempt_view

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
