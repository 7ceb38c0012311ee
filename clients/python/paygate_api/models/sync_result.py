from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.offline_promise_outcome import OfflinePromiseOutcome
from ..models.offline_promise_reason import OfflinePromiseReason
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SyncResult")



@_attrs_define
class SyncResult:
    """ One promise's answer.

        Attributes:
            hash_ (str): SHA-256 of the promise string, lower-case hex.
            index (int): Its position in the request, from 0.
            status (OfflinePromiseOutcome): What became of one promise in a sync.
            promise (None | str | Unset): The stored promise (`ofp_...`), when it was recorded.
            reason (None | OfflinePromiseReason | Unset):
            receipt (None | str | Unset): SETTLED: the platform's ed25519 signature (base64) over
                `<tag>-RECEIPT|<hash>|<transaction>|<amount_minor>|<CURRENCY>`.
            receipt_key_id (None | str | Unset): The `GET /keys` key that signed the receipt.
            restoreMinor (int | None | Unset): The same, under the spec's name.
            restore_minor (int | None | Unset): REJECTED: what the payer's device restores to its offline balance (the
                amount).
            transaction (None | str | Unset): SETTLED: the ledger posting.
     """

    hash_: str
    index: int
    status: OfflinePromiseOutcome
    promise: None | str | Unset = UNSET
    reason: None | OfflinePromiseReason | Unset = UNSET
    receipt: None | str | Unset = UNSET
    receipt_key_id: None | str | Unset = UNSET
    restoreMinor: int | None | Unset = UNSET
    restore_minor: int | None | Unset = UNSET
    transaction: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        hash_ = self.hash_

        index = self.index

        status = self.status.value

        promise: None | str | Unset
        if isinstance(self.promise, Unset):
            promise = UNSET
        else:
            promise = self.promise

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

        restoreMinor: int | None | Unset
        if isinstance(self.restoreMinor, Unset):
            restoreMinor = UNSET
        else:
            restoreMinor = self.restoreMinor

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
            "hash": hash_,
            "index": index,
            "status": status,
        })
        if promise is not UNSET:
            field_dict["promise"] = promise
        if reason is not UNSET:
            field_dict["reason"] = reason
        if receipt is not UNSET:
            field_dict["receipt"] = receipt
        if receipt_key_id is not UNSET:
            field_dict["receipt_key_id"] = receipt_key_id
        if restoreMinor is not UNSET:
            field_dict["restoreMinor"] = restoreMinor
        if restore_minor is not UNSET:
            field_dict["restore_minor"] = restore_minor
        if transaction is not UNSET:
            field_dict["transaction"] = transaction

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hash_ = d.pop("hash")

        index = d.pop("index")

        status = OfflinePromiseOutcome(d.pop("status"))




        def _parse_promise(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        promise = _parse_promise(d.pop("promise", UNSET))


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


        def _parse_restoreMinor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        restoreMinor = _parse_restoreMinor(d.pop("restoreMinor", UNSET))


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


        sync_result = cls(
            hash_=hash_,
            index=index,
            status=status,
            promise=promise,
            reason=reason,
            receipt=receipt,
            receipt_key_id=receipt_key_id,
            restoreMinor=restoreMinor,
            restore_minor=restore_minor,
            transaction=transaction,
        )


        sync_result.additional_properties = d
        return sync_result

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
