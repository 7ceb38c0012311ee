from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.offline_promise_reason import OfflinePromiseReason
from ..models.offline_promise_status import OfflinePromiseStatus
from ..models.offline_promise_view_currency import OfflinePromiseViewCurrency
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="OfflinePromiseView")



@_attrs_define
class OfflinePromiseView:
    """ 
        Attributes:
            amount_minor (int):
            counter (int):
            created_at (str):
            currency (OfflinePromiseViewCurrency):
            expires_at (str):
            hash_ (str): Its SHA-256, lower-case hex.
            id (str): `ofp_...`.
            livemode (bool):
            merchant (str):
            nonce (str):
            object_ (str): Always `offline_promise`.
            payer (str):
            payer_device_id (str):
            promise (str): The promise string as signed.
            status (OfflinePromiseStatus):
            submitted_by (str): The party whose key synced it.
            merchant_device_id (None | str | Unset):
            reason (None | OfflinePromiseReason | Unset):
            receipt (None | str | Unset): SETTLED: the platform's signature over
                `<tag>-RECEIPT|<hash>|<transaction>|<amount_minor>|<CURRENCY>`, base64.
            receipt_key_id (None | str | Unset):
            reference (None | str | Unset):
            restore_minor (int | None | Unset): REJECTED: what the payer's device restores (the amount).
            transaction (None | str | Unset): SETTLED: the ledger posting payer → merchant.
     """

    amount_minor: int
    counter: int
    created_at: str
    currency: OfflinePromiseViewCurrency
    expires_at: str
    hash_: str
    id: str
    livemode: bool
    merchant: str
    nonce: str
    object_: str
    payer: str
    payer_device_id: str
    promise: str
    status: OfflinePromiseStatus
    submitted_by: str
    merchant_device_id: None | str | Unset = UNSET
    reason: None | OfflinePromiseReason | Unset = UNSET
    receipt: None | str | Unset = UNSET
    receipt_key_id: None | str | Unset = UNSET
    reference: None | str | Unset = UNSET
    restore_minor: int | None | Unset = UNSET
    transaction: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        amount_minor = self.amount_minor

        counter = self.counter

        created_at = self.created_at

        currency = self.currency.value

        expires_at = self.expires_at

        hash_ = self.hash_

        id = self.id

        livemode = self.livemode

        merchant = self.merchant

        nonce = self.nonce

        object_ = self.object_

        payer = self.payer

        payer_device_id = self.payer_device_id

        promise = self.promise

        status = self.status.value

        submitted_by = self.submitted_by

        merchant_device_id: None | str | Unset
        if isinstance(self.merchant_device_id, Unset):
            merchant_device_id = UNSET
        else:
            merchant_device_id = self.merchant_device_id

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        elif isinstance(self.reason, OfflinePromiseReason):
            reason = self.reason.value
        else:
            reason = self.reason

        receipt: None | str | Unset
        if isinstance(self.receipt, Unset):
            receipt = UNSET
        else:
            receipt = self.receipt

        receipt_key_id: None | str | Unset
        if isinstance(self.receipt_key_id, Unset):
            receipt_key_id = UNSET
        else:
            receipt_key_id = self.receipt_key_id

        reference: None | str | Unset
        if isinstance(self.reference, Unset):
            reference = UNSET
        else:
            reference = self.reference

        restore_minor: int | None | Unset
        if isinstance(self.restore_minor, Unset):
            restore_minor = UNSET
        else:
            restore_minor = self.restore_minor

        transaction: None | str | Unset
        if isinstance(self.transaction, Unset):
            transaction = UNSET
        else:
            transaction = self.transaction


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount_minor": amount_minor,
            "counter": counter,
            "created_at": created_at,
            "currency": currency,
            "expires_at": expires_at,
            "hash": hash_,
            "id": id,
            "livemode": livemode,
            "merchant": merchant,
            "nonce": nonce,
            "object": object_,
            "payer": payer,
            "payer_device_id": payer_device_id,
            "promise": promise,
            "status": status,
            "submitted_by": submitted_by,
        })
        if merchant_device_id is not UNSET:
            field_dict["merchant_device_id"] = merchant_device_id
        if reason is not UNSET:
            field_dict["reason"] = reason
        if receipt is not UNSET:
            field_dict["receipt"] = receipt
        if receipt_key_id is not UNSET:
            field_dict["receipt_key_id"] = receipt_key_id
        if reference is not UNSET:
            field_dict["reference"] = reference
        if restore_minor is not UNSET:
            field_dict["restore_minor"] = restore_minor
        if transaction is not UNSET:
            field_dict["transaction"] = transaction

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        counter = d.pop("counter")

        created_at = d.pop("created_at")

        currency = OfflinePromiseViewCurrency(d.pop("currency"))




        expires_at = d.pop("expires_at")

        hash_ = d.pop("hash")

        id = d.pop("id")

        livemode = d.pop("livemode")

        merchant = d.pop("merchant")

        nonce = d.pop("nonce")

        object_ = d.pop("object")

        payer = d.pop("payer")

        payer_device_id = d.pop("payer_device_id")

        promise = d.pop("promise")

        status = OfflinePromiseStatus(d.pop("status"))




        submitted_by = d.pop("submitted_by")

        def _parse_merchant_device_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        merchant_device_id = _parse_merchant_device_id(d.pop("merchant_device_id", UNSET))


        def _parse_reason(data: object) -> None | OfflinePromiseReason | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                reason_type_0 = OfflinePromiseReason(data)



                return reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OfflinePromiseReason | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))


        def _parse_receipt(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        receipt = _parse_receipt(d.pop("receipt", UNSET))


        def _parse_receipt_key_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        receipt_key_id = _parse_receipt_key_id(d.pop("receipt_key_id", UNSET))


        def _parse_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reference = _parse_reference(d.pop("reference", UNSET))


        def _parse_restore_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        restore_minor = _parse_restore_minor(d.pop("restore_minor", UNSET))


        def _parse_transaction(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        transaction = _parse_transaction(d.pop("transaction", UNSET))


        offline_promise_view = cls(
            amount_minor=amount_minor,
            counter=counter,
            created_at=created_at,
            currency=currency,
            expires_at=expires_at,
            hash_=hash_,
            id=id,
            livemode=livemode,
            merchant=merchant,
            nonce=nonce,
            object_=object_,
            payer=payer,
            payer_device_id=payer_device_id,
            promise=promise,
            status=status,
            submitted_by=submitted_by,
            merchant_device_id=merchant_device_id,
            reason=reason,
            receipt=receipt,
            receipt_key_id=receipt_key_id,
            reference=reference,
            restore_minor=restore_minor,
            transaction=transaction,
        )


        offline_promise_view.additional_properties = d
        return offline_promise_view

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
