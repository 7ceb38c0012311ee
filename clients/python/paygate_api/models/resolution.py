from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.kind import Kind
from ..models.resolution_currency import ResolutionCurrency
from ..models.verdict import Verdict
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.merchant import Merchant
  from ..models.next_action import NextAction
  from ..models.problem import Problem
  from ..models.resolved_intent import ResolvedIntent
  from ..models.resolved_qr_code import ResolvedQrCode
  from ..models.template import Template





T = TypeVar("T", bound="Resolution")



@_attrs_define
class Resolution:
    """ 
        Attributes:
            kind (Kind): What a scanned string is.
            next_action (NextAction):
            object_ (str): Always `resolution`.
            revoked (bool): True when the code was revoked by its merchant.
            templates (list[Template]): Every template of the payload (other schemes' included), as found.
            valid (bool): Well formed (EMVCo structure, mandatory tags and CRC), or a URL this gateway recognises.
            amount_minor (int | None | Unset): For our codes from our records; else tag 54 in minor units when the currency
                is known.
            crc_valid (bool | None | Unset): For EMVCo payloads: whether the CRC (tag 63) matches.
            currency (ResolutionCurrency | Unset):
            initiation (None | str | Unset): Point of initiation: `static` (11) or `dynamic` (12).
            key_id (None | str | Unset): The key id the payload names (template 80).
            livemode (bool | None | Unset):
            merchant (Merchant | None | Unset):
            payment_intent (None | ResolvedIntent | Unset):
            problem (None | Problem | Unset):
            qr_code (None | ResolvedQrCode | Unset):
            reference (None | str | Unset): Tag 62/05.
            signature (None | Unset | Verdict):
     """

    kind: Kind
    next_action: NextAction
    object_: str
    revoked: bool
    templates: list[Template]
    valid: bool
    amount_minor: int | None | Unset = UNSET
    crc_valid: bool | None | Unset = UNSET
    currency: ResolutionCurrency | Unset = UNSET
    initiation: None | str | Unset = UNSET
    key_id: None | str | Unset = UNSET
    livemode: bool | None | Unset = UNSET
    merchant: Merchant | None | Unset = UNSET
    payment_intent: None | ResolvedIntent | Unset = UNSET
    problem: None | Problem | Unset = UNSET
    qr_code: None | ResolvedQrCode | Unset = UNSET
    reference: None | str | Unset = UNSET
    signature: None | Unset | Verdict = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.merchant import Merchant # noqa: PLC0415
        from ..models.next_action import NextAction # noqa: PLC0415
        from ..models.problem import Problem # noqa: PLC0415
        from ..models.resolved_intent import ResolvedIntent # noqa: PLC0415
        from ..models.resolved_qr_code import ResolvedQrCode # noqa: PLC0415
        from ..models.template import Template # noqa: PLC0415
        kind = self.kind.value

        next_action = self.next_action.to_dict()

        object_ = self.object_

        revoked = self.revoked

        templates = []
        for templates_item_data in self.templates:
            templates_item = templates_item_data.to_dict()
            templates.append(templates_item)



        valid = self.valid

        amount_minor: int | None | Unset
        if isinstance(self.amount_minor, Unset):
            amount_minor = UNSET
        else:
            amount_minor = self.amount_minor

        crc_valid: bool | None | Unset
        if isinstance(self.crc_valid, Unset):
            crc_valid = UNSET
        else:
            crc_valid = self.crc_valid

        currency: str | Unset = UNSET
        if not isinstance(self.currency, Unset):
            currency = self.currency.value


        initiation: None | str | Unset
        if isinstance(self.initiation, Unset):
            initiation = UNSET
        else:
            initiation = self.initiation

        key_id: None | str | Unset
        if isinstance(self.key_id, Unset):
            key_id = UNSET
        else:
            key_id = self.key_id

        livemode: bool | None | Unset
        if isinstance(self.livemode, Unset):
            livemode = UNSET
        else:
            livemode = self.livemode

        merchant: dict[str, Any] | None | Unset
        if isinstance(self.merchant, Unset):
            merchant = UNSET
        elif isinstance(self.merchant, Merchant):
            merchant = self.merchant.to_dict()
        else:
            merchant = self.merchant

        payment_intent: dict[str, Any] | None | Unset
        if isinstance(self.payment_intent, Unset):
            payment_intent = UNSET
        elif isinstance(self.payment_intent, ResolvedIntent):
            payment_intent = self.payment_intent.to_dict()
        else:
            payment_intent = self.payment_intent

        problem: dict[str, Any] | None | Unset
        if isinstance(self.problem, Unset):
            problem = UNSET
        elif isinstance(self.problem, Problem):
            problem = self.problem.to_dict()
        else:
            problem = self.problem

        qr_code: dict[str, Any] | None | Unset
        if isinstance(self.qr_code, Unset):
            qr_code = UNSET
        elif isinstance(self.qr_code, ResolvedQrCode):
            qr_code = self.qr_code.to_dict()
        else:
            qr_code = self.qr_code

        reference: None | str | Unset
        if isinstance(self.reference, Unset):
            reference = UNSET
        else:
            reference = self.reference

        signature: None | str | Unset
        if isinstance(self.signature, Unset):
            signature = UNSET
        elif isinstance(self.signature, Verdict):
            signature = self.signature.value
        else:
            signature = self.signature


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "kind": kind,
            "next_action": next_action,
            "object": object_,
            "revoked": revoked,
            "templates": templates,
            "valid": valid,
        })
        if amount_minor is not UNSET:
            field_dict["amount_minor"] = amount_minor
        if crc_valid is not UNSET:
            field_dict["crc_valid"] = crc_valid
        if currency is not UNSET:
            field_dict["currency"] = currency
        if initiation is not UNSET:
            field_dict["initiation"] = initiation
        if key_id is not UNSET:
            field_dict["key_id"] = key_id
        if livemode is not UNSET:
            field_dict["livemode"] = livemode
        if merchant is not UNSET:
            field_dict["merchant"] = merchant
        if payment_intent is not UNSET:
            field_dict["payment_intent"] = payment_intent
        if problem is not UNSET:
            field_dict["problem"] = problem
        if qr_code is not UNSET:
            field_dict["qr_code"] = qr_code
        if reference is not UNSET:
            field_dict["reference"] = reference
        if signature is not UNSET:
            field_dict["signature"] = signature

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.merchant import Merchant # noqa: PLC0415
        from ..models.next_action import NextAction # noqa: PLC0415
        from ..models.problem import Problem # noqa: PLC0415
        from ..models.resolved_intent import ResolvedIntent # noqa: PLC0415
        from ..models.resolved_qr_code import ResolvedQrCode # noqa: PLC0415
        from ..models.template import Template # noqa: PLC0415
        d = dict(src_dict)
        kind = Kind(d.pop("kind"))




        next_action = NextAction.from_dict(d.pop("next_action"))




        object_ = d.pop("object")

        revoked = d.pop("revoked")

        templates = []
        _templates = d.pop("templates")
        for templates_item_data in (_templates):
            templates_item = Template.from_dict(templates_item_data)



            templates.append(templates_item)


        valid = d.pop("valid")

        def _parse_amount_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount_minor = _parse_amount_minor(d.pop("amount_minor", UNSET))


        def _parse_crc_valid(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        crc_valid = _parse_crc_valid(d.pop("crc_valid", UNSET))


        _currency = d.pop("currency", UNSET)
        currency: ResolutionCurrency | Unset
        if isinstance(_currency,  Unset):
            currency = UNSET
        else:
            currency = ResolutionCurrency(_currency)




        def _parse_initiation(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        initiation = _parse_initiation(d.pop("initiation", UNSET))


        def _parse_key_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        key_id = _parse_key_id(d.pop("key_id", UNSET))


        def _parse_livemode(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        livemode = _parse_livemode(d.pop("livemode", UNSET))


        def _parse_merchant(data: object) -> Merchant | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                merchant_type_0 = Merchant.from_dict(data)



                return merchant_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Merchant | None | Unset, data)

        merchant = _parse_merchant(d.pop("merchant", UNSET))


        def _parse_payment_intent(data: object) -> None | ResolvedIntent | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                payment_intent_type_0 = ResolvedIntent.from_dict(data)



                return payment_intent_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ResolvedIntent | Unset, data)

        payment_intent = _parse_payment_intent(d.pop("payment_intent", UNSET))


        def _parse_problem(data: object) -> None | Problem | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                problem_type_0 = Problem.from_dict(data)



                return problem_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Problem | Unset, data)

        problem = _parse_problem(d.pop("problem", UNSET))


        def _parse_qr_code(data: object) -> None | ResolvedQrCode | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                qr_code_type_0 = ResolvedQrCode.from_dict(data)



                return qr_code_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ResolvedQrCode | Unset, data)

        qr_code = _parse_qr_code(d.pop("qr_code", UNSET))


        def _parse_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reference = _parse_reference(d.pop("reference", UNSET))


        def _parse_signature(data: object) -> None | Unset | Verdict:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                signature_type_0 = Verdict(data)



                return signature_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | Verdict, data)

        signature = _parse_signature(d.pop("signature", UNSET))


        resolution = cls(
            kind=kind,
            next_action=next_action,
            object_=object_,
            revoked=revoked,
            templates=templates,
            valid=valid,
            amount_minor=amount_minor,
            crc_valid=crc_valid,
            currency=currency,
            initiation=initiation,
            key_id=key_id,
            livemode=livemode,
            merchant=merchant,
            payment_intent=payment_intent,
            problem=problem,
            qr_code=qr_code,
            reference=reference,
            signature=signature,
        )


        resolution.additional_properties = d
        return resolution

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
