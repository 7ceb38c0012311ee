from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.purpose_code import PurposeCode
from ..models.remittance_payout_method import RemittancePayoutMethod
from ..models.remittance_status import RemittanceStatus
from ..models.remittance_view_target_currency import RemittanceViewTargetCurrency
from ..models.route_source_method import RouteSourceMethod
from ..models.route_stage import RouteStage
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.remittance_recipient import RemittanceRecipient





T = TypeVar("T", bound="RemittanceView")



@_attrs_define
class RemittanceView:
    """ 
        Attributes:
            created_at (str):
            fee_minor (int): The remittance fee: 100 bps of the amount, on top (at least 1).
            id (str): `rem_...`
            livemode (bool):
            margin_bps (int):
            object_ (str): Always `remittance`.
            payout_method (RemittancePayoutMethod):
            recipient (RemittanceRecipient): Who receives it (spec section 4.7; the origin's fields besides).
            route (str): The route that carries it (`rt_...`): its stages, postings and payout.
            source_amount_minor (int): What is sent, before the fee, in `source_currency`.
            source_currency (str):
            source_method (RouteSourceMethod):
            status (RemittanceStatus):
            target_amount_minor (int): What the recipient gets, in `target_currency`.
            target_currency (RemittanceViewTargetCurrency):
            total_minor (int): What the sender pays in all: amount and fee.
            updated_at (str):
            completed_at (None | str | Unset):
            funding_payment (None | str | Unset): A processor-funded remittance: the funding payment (`pi_...`) and where
                the payer pays it.
            funding_url (None | str | Unset):
            mid_rate (None | str | Unset):
            note (None | str | Unset):
            pickup_code (None | str | Unset): Cash pickup: the code the recipient shows at the agent (`XXXX-XXXX`).
            purpose (None | PurposeCode | Unset):
            rate (None | str | Unset): The customer's rate (mid less margin); `null` without a conversion.
            recipient_organisation (None | str | Unset): The recipient organisation of a wallet remittance (`org_...`).
            route_stage (None | RouteStage | Unset):
     """

    created_at: str
    fee_minor: int
    id: str
    livemode: bool
    margin_bps: int
    object_: str
    payout_method: RemittancePayoutMethod
    recipient: RemittanceRecipient
    route: str
    source_amount_minor: int
    source_currency: str
    source_method: RouteSourceMethod
    status: RemittanceStatus
    target_amount_minor: int
    target_currency: RemittanceViewTargetCurrency
    total_minor: int
    updated_at: str
    completed_at: None | str | Unset = UNSET
    funding_payment: None | str | Unset = UNSET
    funding_url: None | str | Unset = UNSET
    mid_rate: None | str | Unset = UNSET
    note: None | str | Unset = UNSET
    pickup_code: None | str | Unset = UNSET
    purpose: None | PurposeCode | Unset = UNSET
    rate: None | str | Unset = UNSET
    recipient_organisation: None | str | Unset = UNSET
    route_stage: None | RouteStage | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.remittance_recipient import RemittanceRecipient # noqa: PLC0415
        created_at = self.created_at

        fee_minor = self.fee_minor

        id = self.id

        livemode = self.livemode

        margin_bps = self.margin_bps

        object_ = self.object_

        payout_method = self.payout_method.value

        recipient = self.recipient.to_dict()

        route = self.route

        source_amount_minor = self.source_amount_minor

        source_currency = self.source_currency

        source_method = self.source_method.value

        status = self.status.value

        target_amount_minor = self.target_amount_minor

        target_currency = self.target_currency.value

        total_minor = self.total_minor

        updated_at = self.updated_at

        completed_at: None | str | Unset
        if isinstance(self.completed_at, Unset):
            completed_at = UNSET
        else:
            completed_at = self.completed_at

        funding_payment: None | str | Unset
        if isinstance(self.funding_payment, Unset):
            funding_payment = UNSET
        else:
            funding_payment = self.funding_payment

        funding_url: None | str | Unset
        if isinstance(self.funding_url, Unset):
            funding_url = UNSET
        else:
            funding_url = self.funding_url

        mid_rate: None | str | Unset
        if isinstance(self.mid_rate, Unset):
            mid_rate = UNSET
        else:
            mid_rate = self.mid_rate

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        pickup_code: None | str | Unset
        if isinstance(self.pickup_code, Unset):
            pickup_code = UNSET
        else:
            pickup_code = self.pickup_code

        purpose: None | str | Unset
        if isinstance(self.purpose, Unset):
            purpose = UNSET
        elif isinstance(self.purpose, PurposeCode):
            purpose = self.purpose.value
        else:
            purpose = self.purpose

        rate: None | str | Unset
        if isinstance(self.rate, Unset):
            rate = UNSET
        else:
            rate = self.rate

        recipient_organisation: None | str | Unset
        if isinstance(self.recipient_organisation, Unset):
            recipient_organisation = UNSET
        else:
            recipient_organisation = self.recipient_organisation

        route_stage: None | str | Unset
        if isinstance(self.route_stage, Unset):
            route_stage = UNSET
        elif isinstance(self.route_stage, RouteStage):
            route_stage = self.route_stage.value
        else:
            route_stage = self.route_stage


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created_at": created_at,
            "fee_minor": fee_minor,
            "id": id,
            "livemode": livemode,
            "margin_bps": margin_bps,
            "object": object_,
            "payout_method": payout_method,
            "recipient": recipient,
            "route": route,
            "source_amount_minor": source_amount_minor,
            "source_currency": source_currency,
            "source_method": source_method,
            "status": status,
            "target_amount_minor": target_amount_minor,
            "target_currency": target_currency,
            "total_minor": total_minor,
            "updated_at": updated_at,
        })
        if completed_at is not UNSET:
            field_dict["completed_at"] = completed_at
        if funding_payment is not UNSET:
            field_dict["funding_payment"] = funding_payment
        if funding_url is not UNSET:
            field_dict["funding_url"] = funding_url
        if mid_rate is not UNSET:
            field_dict["mid_rate"] = mid_rate
        if note is not UNSET:
            field_dict["note"] = note
        if pickup_code is not UNSET:
            field_dict["pickup_code"] = pickup_code
        if purpose is not UNSET:
            field_dict["purpose"] = purpose
        if rate is not UNSET:
            field_dict["rate"] = rate
        if recipient_organisation is not UNSET:
            field_dict["recipient_organisation"] = recipient_organisation
        if route_stage is not UNSET:
            field_dict["route_stage"] = route_stage

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.remittance_recipient import RemittanceRecipient # noqa: PLC0415
        d = dict(src_dict)
        created_at = d.pop("created_at")

        fee_minor = d.pop("fee_minor")

        id = d.pop("id")

        livemode = d.pop("livemode")

        margin_bps = d.pop("margin_bps")

        object_ = d.pop("object")

        payout_method = RemittancePayoutMethod(d.pop("payout_method"))




        recipient = RemittanceRecipient.from_dict(d.pop("recipient"))




        route = d.pop("route")

        source_amount_minor = d.pop("source_amount_minor")

        source_currency = d.pop("source_currency")

        source_method = RouteSourceMethod(d.pop("source_method"))




        status = RemittanceStatus(d.pop("status"))




        target_amount_minor = d.pop("target_amount_minor")

        target_currency = RemittanceViewTargetCurrency(d.pop("target_currency"))




        total_minor = d.pop("total_minor")

        updated_at = d.pop("updated_at")

        def _parse_completed_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        completed_at = _parse_completed_at(d.pop("completed_at", UNSET))


        def _parse_funding_payment(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        funding_payment = _parse_funding_payment(d.pop("funding_payment", UNSET))


        def _parse_funding_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        funding_url = _parse_funding_url(d.pop("funding_url", UNSET))


        def _parse_mid_rate(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        mid_rate = _parse_mid_rate(d.pop("mid_rate", UNSET))


        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))


        def _parse_pickup_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pickup_code = _parse_pickup_code(d.pop("pickup_code", UNSET))


        def _parse_purpose(data: object) -> None | PurposeCode | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                purpose_type_0 = PurposeCode(data)



                return purpose_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PurposeCode | Unset, data)

        purpose = _parse_purpose(d.pop("purpose", UNSET))


        def _parse_rate(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rate = _parse_rate(d.pop("rate", UNSET))


        def _parse_recipient_organisation(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        recipient_organisation = _parse_recipient_organisation(d.pop("recipient_organisation", UNSET))


        def _parse_route_stage(data: object) -> None | RouteStage | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                route_stage_type_0 = RouteStage(data)



                return route_stage_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RouteStage | Unset, data)

        route_stage = _parse_route_stage(d.pop("route_stage", UNSET))


        remittance_view = cls(
            created_at=created_at,
            fee_minor=fee_minor,
            id=id,
            livemode=livemode,
            margin_bps=margin_bps,
            object_=object_,
            payout_method=payout_method,
            recipient=recipient,
            route=route,
            source_amount_minor=source_amount_minor,
            source_currency=source_currency,
            source_method=source_method,
            status=status,
            target_amount_minor=target_amount_minor,
            target_currency=target_currency,
            total_minor=total_minor,
            updated_at=updated_at,
            completed_at=completed_at,
            funding_payment=funding_payment,
            funding_url=funding_url,
            mid_rate=mid_rate,
            note=note,
            pickup_code=pickup_code,
            purpose=purpose,
            rate=rate,
            recipient_organisation=recipient_organisation,
            route_stage=route_stage,
        )


        remittance_view.additional_properties = d
        return remittance_view

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
