from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.verify_payment_currency import VerifyPaymentCurrency
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="VerifyPayment")



@_attrs_define
class VerifyPayment:
    """ 
        Attributes:
            amount_minor (int | None | Unset):
            currency (VerifyPaymentCurrency | Unset): Only payments in this currency are candidates; also the currency of a
                fee past the free quota.
            msisdn (None | str | Unset): The payer's number, E.164 with or without its `+`; with amount_minor (or a
                reference).
            rail (None | str | Unset): Only payments on this rail are candidates: mobile_money, card, bank, wallet, qr, an
                operator (mpesa, airtel, orange, africell, mtn) or an operator id such as orange_cd
                (both mobile money). Echoed as mobile_money when absent, which narrows nothing.
            reference (None | str | Unset): Your reference, the intent id, or a ledger transaction id of the payment.
            sms (None | str | Unset): An operator's confirmation SMS, pasted as received (see docs/verifications.md): the
                reference, number, amount and currency are read from it, so send none of the first three.
            window_hours (int | None | Unset): How far back to look, 1 to 720 hours; default 72.
     """

    amount_minor: int | None | Unset = UNSET
    currency: VerifyPaymentCurrency | Unset = UNSET
    msisdn: None | str | Unset = UNSET
    rail: None | str | Unset = UNSET
    reference: None | str | Unset = UNSET
    sms: None | str | Unset = UNSET
    window_hours: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        amount_minor: int | None | Unset
        if isinstance(self.amount_minor, Unset):
            amount_minor = UNSET
        else:
            amount_minor = self.amount_minor

        currency: str | Unset = UNSET
        if not isinstance(self.currency, Unset):
            currency = self.currency.value


        msisdn: None | str | Unset
        if isinstance(self.msisdn, Unset):
            msisdn = UNSET
        else:
            msisdn = self.msisdn

        rail: None | str | Unset
        if isinstance(self.rail, Unset):
            rail = UNSET
        else:
            rail = self.rail

        reference: None | str | Unset
        if isinstance(self.reference, Unset):
            reference = UNSET
        else:
            reference = self.reference

        sms: None | str | Unset
        if isinstance(self.sms, Unset):
            sms = UNSET
        else:
            sms = self.sms

        window_hours: int | None | Unset
        if isinstance(self.window_hours, Unset):
            window_hours = UNSET
        else:
            window_hours = self.window_hours


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if amount_minor is not UNSET:
            field_dict["amount_minor"] = amount_minor
        if currency is not UNSET:
            field_dict["currency"] = currency
        if msisdn is not UNSET:
            field_dict["msisdn"] = msisdn
        if rail is not UNSET:
            field_dict["rail"] = rail
        if reference is not UNSET:
            field_dict["reference"] = reference
        if sms is not UNSET:
            field_dict["sms"] = sms
        if window_hours is not UNSET:
            field_dict["window_hours"] = window_hours

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_amount_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount_minor = _parse_amount_minor(d.pop("amount_minor", UNSET))


        _currency = d.pop("currency", UNSET)
        currency: VerifyPaymentCurrency | Unset
        if isinstance(_currency,  Unset):
            currency = UNSET
        else:
            currency = VerifyPaymentCurrency(_currency)




        def _parse_msisdn(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        msisdn = _parse_msisdn(d.pop("msisdn", UNSET))


        def _parse_rail(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rail = _parse_rail(d.pop("rail", UNSET))


        def _parse_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reference = _parse_reference(d.pop("reference", UNSET))


        def _parse_sms(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        sms = _parse_sms(d.pop("sms", UNSET))


        def _parse_window_hours(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        window_hours = _parse_window_hours(d.pop("window_hours", UNSET))


        verify_payment = cls(
            amount_minor=amount_minor,
            currency=currency,
            msisdn=msisdn,
            rail=rail,
            reference=reference,
            sms=sms,
            window_hours=window_hours,
        )

        return verify_payment

