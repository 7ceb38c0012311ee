from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.verification_criteria_currency import VerificationCriteriaCurrency
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="VerificationCriteria")



@_attrs_define
class VerificationCriteria:
    """ What to look for, validated and normalised (the echo is `criteria`).

        Attributes:
            window_hours (int):
            amount_minor (int | None | Unset):
            currency (VerificationCriteriaCurrency | Unset): Only payments in this currency are candidates.
            msisdn (None | str | Unset): E.164, with its `+`.
            reference (None | str | Unset):
     """

    window_hours: int
    amount_minor: int | None | Unset = UNSET
    currency: VerificationCriteriaCurrency | Unset = UNSET
    msisdn: None | str | Unset = UNSET
    reference: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        window_hours = self.window_hours

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

        reference: None | str | Unset
        if isinstance(self.reference, Unset):
            reference = UNSET
        else:
            reference = self.reference


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "window_hours": window_hours,
        })
        if amount_minor is not UNSET:
            field_dict["amount_minor"] = amount_minor
        if currency is not UNSET:
            field_dict["currency"] = currency
        if msisdn is not UNSET:
            field_dict["msisdn"] = msisdn
        if reference is not UNSET:
            field_dict["reference"] = reference

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        window_hours = d.pop("window_hours")

        def _parse_amount_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount_minor = _parse_amount_minor(d.pop("amount_minor", UNSET))


        _currency = d.pop("currency", UNSET)
        currency: VerificationCriteriaCurrency | Unset
        if isinstance(_currency,  Unset):
            currency = UNSET
        else:
            currency = VerificationCriteriaCurrency(_currency)




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


        verification_criteria = cls(
            window_hours=window_hours,
            amount_minor=amount_minor,
            currency=currency,
            msisdn=msisdn,
            reference=reference,
        )


        verification_criteria.additional_properties = d
        return verification_criteria

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
