from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.answer import Answer
from ..models.method import Method
from ..models.rail_kind import RailKind
from ..models.verification_currency import VerificationCurrency
from ..models.verification_reason import VerificationReason
from ..models.verification_status import VerificationStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.match import Match





T = TypeVar("T", bound="Verification")



@_attrs_define
class Verification:
    """ 
        Attributes:
            answer (Answer): The answer of `GET /payment_resolution` (spec section 3): answers, not
                stored states.
            charged (bool): Whether this verification cost a fee.
            charged_minor (int): The fee taken for this verification (0 within the free quota).
            confidence (int): 0 to 100: the best match's score, capped by the verdict (AMBIGUOUS 60,
                MISMATCH 40, PENDING 90).
            created_at (str):
            id (str):
            livemode (bool):
            matches (list[Match]): Every candidate, best first (at most 20).
            method (Method): How the criteria were given: an SMS, else a reference (with or without
                a number and amount), else a number with an amount.
            object_ (str): Always `verification`.
            rail (RailKind): A rail, as request bodies name it.
            reasons (list[VerificationReason]): The verdict's reason first, then what the best match matched on.
            status (VerificationStatus): The verdict of `POST /verifications` (`status`).
            window_hours (int):
            amount_minor (int | None | Unset):
            charged_currency (None | str | Unset):
            currency (VerificationCurrency | Unset):
            fee_transaction (None | str | Unset): The ledger transaction of the fee, when one was taken.
            match (Match | None | Unset):
            msisdn (None | str | Unset):
            reference (None | str | Unset):
     """

    answer: Answer
    charged: bool
    charged_minor: int
    confidence: int
    created_at: str
    id: str
    livemode: bool
    matches: list[Match]
    method: Method
    object_: str
    rail: RailKind
    reasons: list[VerificationReason]
    status: VerificationStatus
    window_hours: int
    amount_minor: int | None | Unset = UNSET
    charged_currency: None | str | Unset = UNSET
    currency: VerificationCurrency | Unset = UNSET
    fee_transaction: None | str | Unset = UNSET
    match: Match | None | Unset = UNSET
    msisdn: None | str | Unset = UNSET
    reference: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.match import Match # noqa: PLC0415
        answer = self.answer.value

        charged = self.charged

        charged_minor = self.charged_minor

        confidence = self.confidence

        created_at = self.created_at

        id = self.id

        livemode = self.livemode

        matches = []
        for matches_item_data in self.matches:
            matches_item = matches_item_data.to_dict()
            matches.append(matches_item)



        method = self.method.value

        object_ = self.object_

        rail = self.rail.value

        reasons = []
        for reasons_item_data in self.reasons:
            reasons_item = reasons_item_data.value
            reasons.append(reasons_item)



        status = self.status.value

        window_hours = self.window_hours

        amount_minor: int | None | Unset
        if isinstance(self.amount_minor, Unset):
            amount_minor = UNSET
        else:
            amount_minor = self.amount_minor

        charged_currency: None | str | Unset
        if isinstance(self.charged_currency, Unset):
            charged_currency = UNSET
        else:
            charged_currency = self.charged_currency

        currency: str | Unset = UNSET
        if not isinstance(self.currency, Unset):
            currency = self.currency.value


        fee_transaction: None | str | Unset
        if isinstance(self.fee_transaction, Unset):
            fee_transaction = UNSET
        else:
            fee_transaction = self.fee_transaction

        match: dict[str, Any] | None | Unset
        if isinstance(self.match, Unset):
            match = UNSET
        elif isinstance(self.match, Match):
            match = self.match.to_dict()
        else:
            match = self.match

        msisdn: None | str | Unset
        if isinstance(self.msisdn, Unset):
            msisdn = UNSET
        else:
            msisdn = self.msisdn

        reference: None | str | Unset
        if isinstance(self.reference, Unset):
            reference = UNSET
        else:
            reference = self.reference


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "answer": answer,
            "charged": charged,
            "charged_minor": charged_minor,
            "confidence": confidence,
            "created_at": created_at,
            "id": id,
            "livemode": livemode,
            "matches": matches,
            "method": method,
            "object": object_,
            "rail": rail,
            "reasons": reasons,
            "status": status,
            "window_hours": window_hours,
        })
        if amount_minor is not UNSET:
            field_dict["amount_minor"] = amount_minor
        if charged_currency is not UNSET:
            field_dict["charged_currency"] = charged_currency
        if currency is not UNSET:
            field_dict["currency"] = currency
        if fee_transaction is not UNSET:
            field_dict["fee_transaction"] = fee_transaction
        if match is not UNSET:
            field_dict["match"] = match
        if msisdn is not UNSET:
            field_dict["msisdn"] = msisdn
        if reference is not UNSET:
            field_dict["reference"] = reference

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.match import Match # noqa: PLC0415
        d = dict(src_dict)
        answer = Answer(d.pop("answer"))




        charged = d.pop("charged")

        charged_minor = d.pop("charged_minor")

        confidence = d.pop("confidence")

        created_at = d.pop("created_at")

        id = d.pop("id")

        livemode = d.pop("livemode")

        matches = []
        _matches = d.pop("matches")
        for matches_item_data in (_matches):
            matches_item = Match.from_dict(matches_item_data)



            matches.append(matches_item)


        method = Method(d.pop("method"))




        object_ = d.pop("object")

        rail = RailKind(d.pop("rail"))




        reasons = []
        _reasons = d.pop("reasons")
        for reasons_item_data in (_reasons):
            reasons_item = VerificationReason(reasons_item_data)



            reasons.append(reasons_item)


        status = VerificationStatus(d.pop("status"))




        window_hours = d.pop("window_hours")

        def _parse_amount_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount_minor = _parse_amount_minor(d.pop("amount_minor", UNSET))


        def _parse_charged_currency(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        charged_currency = _parse_charged_currency(d.pop("charged_currency", UNSET))


        _currency = d.pop("currency", UNSET)
        currency: VerificationCurrency | Unset
        if isinstance(_currency,  Unset):
            currency = UNSET
        else:
            currency = VerificationCurrency(_currency)




        def _parse_fee_transaction(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        fee_transaction = _parse_fee_transaction(d.pop("fee_transaction", UNSET))


        def _parse_match(data: object) -> Match | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                match_type_0 = Match.from_dict(data)



                return match_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Match | None | Unset, data)

        match = _parse_match(d.pop("match", UNSET))


        def _parse_msisdn(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        msisdn = _parse_msisdn(d.pop("msisdn", UNSET))


        def _parse_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reference = _parse_reference(d.pop("reference", UNSET))


        verification = cls(
            answer=answer,
            charged=charged,
            charged_minor=charged_minor,
            confidence=confidence,
            created_at=created_at,
            id=id,
            livemode=livemode,
            matches=matches,
            method=method,
            object_=object_,
            rail=rail,
            reasons=reasons,
            status=status,
            window_hours=window_hours,
            amount_minor=amount_minor,
            charged_currency=charged_currency,
            currency=currency,
            fee_transaction=fee_transaction,
            match=match,
            msisdn=msisdn,
            reference=reference,
        )


        verification.additional_properties = d
        return verification

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
