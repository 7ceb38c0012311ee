from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SubmittedPromise")



@_attrs_define
class SubmittedPromise:
    """ 
        Attributes:
            payer_device_id (str): The payer's device that signed it.
            payer_signature (str): The payer device's ed25519 signature of the promise string, base64.
            promise (str): The promise string (`docs/offline.md`):
                `<tag>|v1|<merchant>|<payer>|<amount_minor>|<CURRENCY>|<nonce>|<expires_at>|<counter>|<reference>`.
            merchant_device_id (None | str | Unset): The merchant's device that countersigned it (or send `qr`).
            merchant_signature (None | str | Unset): The merchant device's ed25519 signature of the promise string, base64.
            qr (None | str | Unset): The signed offline QR the payer scanned, in place of the merchant's signature.
     """

    payer_device_id: str
    payer_signature: str
    promise: str
    merchant_device_id: None | str | Unset = UNSET
    merchant_signature: None | str | Unset = UNSET
    qr: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        payer_device_id = self.payer_device_id

        payer_signature = self.payer_signature

        promise = self.promise

        merchant_device_id: None | str | Unset
        if isinstance(self.merchant_device_id, Unset):
            merchant_device_id = UNSET
        else:
            merchant_device_id = self.merchant_device_id

        merchant_signature: None | str | Unset
        if isinstance(self.merchant_signature, Unset):
            merchant_signature = UNSET
        else:
            merchant_signature = self.merchant_signature

        qr: None | str | Unset
        if isinstance(self.qr, Unset):
            qr = UNSET
        else:
            qr = self.qr


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "payer_device_id": payer_device_id,
            "payer_signature": payer_signature,
            "promise": promise,
        })
        if merchant_device_id is not UNSET:
            field_dict["merchant_device_id"] = merchant_device_id
        if merchant_signature is not UNSET:
            field_dict["merchant_signature"] = merchant_signature
        if qr is not UNSET:
            field_dict["qr"] = qr

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        payer_device_id = d.pop("payer_device_id")

        payer_signature = d.pop("payer_signature")

        promise = d.pop("promise")

        def _parse_merchant_device_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        merchant_device_id = _parse_merchant_device_id(d.pop("merchant_device_id", UNSET))


        def _parse_merchant_signature(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        merchant_signature = _parse_merchant_signature(d.pop("merchant_signature", UNSET))


        def _parse_qr(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        qr = _parse_qr(d.pop("qr", UNSET))


        submitted_promise = cls(
            payer_device_id=payer_device_id,
            payer_signature=payer_signature,
            promise=promise,
            merchant_device_id=merchant_device_id,
            merchant_signature=merchant_signature,
            qr=qr,
        )

        return submitted_promise

