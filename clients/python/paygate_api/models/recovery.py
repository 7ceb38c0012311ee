from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.recovery_status import RecoveryStatus
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Recovery")



@_attrs_define
class Recovery:
    """ What one recipient gives back (or keeps) for one refund.

        Attributes:
            amount_minor (int):
            recipient (str):
            refund (str):
            status (RecoveryStatus):
            failure_reason (None | str | Unset): Why it failed, when it did.
            transaction (None | str | Unset):
     """

    amount_minor: int
    recipient: str
    refund: str
    status: RecoveryStatus
    failure_reason: None | str | Unset = UNSET
    transaction: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        amount_minor = self.amount_minor

        recipient = self.recipient

        refund = self.refund

        status = self.status.value

        failure_reason: None | str | Unset
        if isinstance(self.failure_reason, Unset):
            failure_reason = UNSET
        else:
            failure_reason = self.failure_reason

        transaction: None | str | Unset
        if isinstance(self.transaction, Unset):
            transaction = UNSET
        else:
            transaction = self.transaction


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount_minor": amount_minor,
            "recipient": recipient,
            "refund": refund,
            "status": status,
        })
        if failure_reason is not UNSET:
            field_dict["failure_reason"] = failure_reason
        if transaction is not UNSET:
            field_dict["transaction"] = transaction

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        recipient = d.pop("recipient")

        refund = d.pop("refund")

        status = RecoveryStatus(d.pop("status"))




        def _parse_failure_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        failure_reason = _parse_failure_reason(d.pop("failure_reason", UNSET))


        def _parse_transaction(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        transaction = _parse_transaction(d.pop("transaction", UNSET))


        recovery = cls(
            amount_minor=amount_minor,
            recipient=recipient,
            refund=refund,
            status=status,
            failure_reason=failure_reason,
            transaction=transaction,
        )


        recovery.additional_properties = d
        return recovery

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
