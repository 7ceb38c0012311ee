from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_remittance_currency import CreateRemittanceCurrency
from ..models.create_remittance_target_currency import CreateRemittanceTargetCurrency
from ..models.purpose_code import PurposeCode
from ..models.remittance_payout_method import RemittancePayoutMethod
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.remittance_recipient import RemittanceRecipient
  from ..models.route_source_input import RouteSourceInput





T = TypeVar("T", bound="CreateRemittance")



@_attrs_define
class CreateRemittance:
    """ 
        Attributes:
            amount_minor (int): What is sent, before the fee (100 bps, on top).
            payout_method (RemittancePayoutMethod):
            recipient (RemittanceRecipient): Who receives it (spec section 4.7; the origin's fields besides).
            currency (CreateRemittanceCurrency | Unset): Default USD.
            note (None | str | Unset):
            pin (None | str | Unset): The origin's PIN: sessions send it; API keys need none. Ignored.
            purpose (None | PurposeCode | Unset):
            source (None | RouteSourceInput | Unset):
            target_currency (CreateRemittanceTargetCurrency | Unset): Default: the recipient's country's currency, else
                `currency`.
     """

    amount_minor: int
    payout_method: RemittancePayoutMethod
    recipient: RemittanceRecipient
    currency: CreateRemittanceCurrency | Unset = UNSET
    note: None | str | Unset = UNSET
    pin: None | str | Unset = UNSET
    purpose: None | PurposeCode | Unset = UNSET
    source: None | RouteSourceInput | Unset = UNSET
    target_currency: CreateRemittanceTargetCurrency | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.remittance_recipient import RemittanceRecipient # noqa: PLC0415
        from ..models.route_source_input import RouteSourceInput # noqa: PLC0415
        amount_minor = self.amount_minor

        payout_method = self.payout_method.value

        recipient = self.recipient.to_dict()

        currency: str | Unset = UNSET
        if not isinstance(self.currency, Unset):
            currency = self.currency.value


        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        pin: None | str | Unset
        if isinstance(self.pin, Unset):
            pin = UNSET
        else:
            pin = self.pin

        purpose: None | str | Unset
        if isinstance(self.purpose, Unset):
            purpose = UNSET
        elif isinstance(self.purpose, PurposeCode):
            purpose = self.purpose.value
        else:
            purpose = self.purpose

        source: dict[str, Any] | None | Unset
        if isinstance(self.source, Unset):
            source = UNSET
        elif isinstance(self.source, RouteSourceInput):
            source = self.source.to_dict()
        else:
            source = self.source

        target_currency: str | Unset = UNSET
        if not isinstance(self.target_currency, Unset):
            target_currency = self.target_currency.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "amount_minor": amount_minor,
            "payout_method": payout_method,
            "recipient": recipient,
        })
        if currency is not UNSET:
            field_dict["currency"] = currency
        if note is not UNSET:
            field_dict["note"] = note
        if pin is not UNSET:
            field_dict["pin"] = pin
        if purpose is not UNSET:
            field_dict["purpose"] = purpose
        if source is not UNSET:
            field_dict["source"] = source
        if target_currency is not UNSET:
            field_dict["target_currency"] = target_currency

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.remittance_recipient import RemittanceRecipient # noqa: PLC0415
        from ..models.route_source_input import RouteSourceInput # noqa: PLC0415
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        payout_method = RemittancePayoutMethod(d.pop("payout_method"))




        recipient = RemittanceRecipient.from_dict(d.pop("recipient"))




        _currency = d.pop("currency", UNSET)
        currency: CreateRemittanceCurrency | Unset
        if isinstance(_currency,  Unset):
            currency = UNSET
        else:
            currency = CreateRemittanceCurrency(_currency)




        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))


        def _parse_pin(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pin = _parse_pin(d.pop("pin", UNSET))


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


        def _parse_source(data: object) -> None | RouteSourceInput | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                source_type_0 = RouteSourceInput.from_dict(data)



                return source_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RouteSourceInput | Unset, data)

        source = _parse_source(d.pop("source", UNSET))


        _target_currency = d.pop("target_currency", UNSET)
        target_currency: CreateRemittanceTargetCurrency | Unset
        if isinstance(_target_currency,  Unset):
            target_currency = UNSET
        else:
            target_currency = CreateRemittanceTargetCurrency(_target_currency)




        create_remittance = cls(
            amount_minor=amount_minor,
            payout_method=payout_method,
            recipient=recipient,
            currency=currency,
            note=note,
            pin=pin,
            purpose=purpose,
            source=source,
            target_currency=target_currency,
        )

        return create_remittance

