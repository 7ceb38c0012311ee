from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.offline_qr_view_currency import OfflineQrViewCurrency
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="OfflineQrView")



@_attrs_define
class OfflineQrView:
    """ 
        Attributes:
            currency (OfflineQrViewCurrency):
            device_id (str):
            expires_at (str):
            key_id (str):
            livemode (bool):
            merchant (str):
            nonce (str):
            object_ (str): Always `offline_qr`.
            payload (str): The EMVCo payload: the nonce in 80/03, the expiry in 80/02, signed in
                81 by the key `key_id` of `GET /keys`.
            amount_minor (int | None | Unset):
     """

    currency: OfflineQrViewCurrency
    device_id: str
    expires_at: str
    key_id: str
    livemode: bool
    merchant: str
    nonce: str
    object_: str
    payload: str
    amount_minor: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        currency = self.currency.value

        device_id = self.device_id

        expires_at = self.expires_at

        key_id = self.key_id

        livemode = self.livemode

        merchant = self.merchant

        nonce = self.nonce

        object_ = self.object_

        payload = self.payload

        amount_minor: int | None | Unset
        if isinstance(self.amount_minor, Unset):
            amount_minor = UNSET
        else:
            amount_minor = self.amount_minor


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "currency": currency,
            "device_id": device_id,
            "expires_at": expires_at,
            "key_id": key_id,
            "livemode": livemode,
            "merchant": merchant,
            "nonce": nonce,
            "object": object_,
            "payload": payload,
        })
        if amount_minor is not UNSET:
            field_dict["amount_minor"] = amount_minor

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        currency = OfflineQrViewCurrency(d.pop("currency"))




        device_id = d.pop("device_id")

        expires_at = d.pop("expires_at")

        key_id = d.pop("key_id")

        livemode = d.pop("livemode")

        merchant = d.pop("merchant")

        nonce = d.pop("nonce")

        object_ = d.pop("object")

        payload = d.pop("payload")

        def _parse_amount_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount_minor = _parse_amount_minor(d.pop("amount_minor", UNSET))


        offline_qr_view = cls(
            currency=currency,
            device_id=device_id,
            expires_at=expires_at,
            key_id=key_id,
            livemode=livemode,
            merchant=merchant,
            nonce=nonce,
            object_=object_,
            payload=payload,
            amount_minor=amount_minor,
        )


        offline_qr_view.additional_properties = d
        return offline_qr_view

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
