from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_offline_qr_currency import CreateOfflineQrCurrency
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CreateOfflineQr")



@_attrs_define
class CreateOfflineQr:
    """ 
        Attributes:
            currency (CreateOfflineQrCurrency):
            device_id (str): The merchant's device the nonce is issued to.
            amount_minor (int | None | Unset): A fixed amount (tag 54); absent: the payer enters it.
            expires_in_seconds (int | None | Unset): 60 to 900; default 900.
     """

    currency: CreateOfflineQrCurrency
    device_id: str
    amount_minor: int | None | Unset = UNSET
    expires_in_seconds: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        currency = self.currency.value

        device_id = self.device_id

        amount_minor: int | None | Unset
        if isinstance(self.amount_minor, Unset):
            amount_minor = UNSET
        else:
            amount_minor = self.amount_minor

        expires_in_seconds: int | None | Unset
        if isinstance(self.expires_in_seconds, Unset):
            expires_in_seconds = UNSET
        else:
            expires_in_seconds = self.expires_in_seconds


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "currency": currency,
            "device_id": device_id,
        })
        if amount_minor is not UNSET:
            field_dict["amount_minor"] = amount_minor
        if expires_in_seconds is not UNSET:
            field_dict["expires_in_seconds"] = expires_in_seconds

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        currency = CreateOfflineQrCurrency(d.pop("currency"))




        device_id = d.pop("device_id")

        def _parse_amount_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount_minor = _parse_amount_minor(d.pop("amount_minor", UNSET))


        def _parse_expires_in_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expires_in_seconds = _parse_expires_in_seconds(d.pop("expires_in_seconds", UNSET))


        create_offline_qr = cls(
            currency=currency,
            device_id=device_id,
            amount_minor=amount_minor,
            expires_in_seconds=expires_in_seconds,
        )

        return create_offline_qr

