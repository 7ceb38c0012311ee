from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.split_payout_status import SplitPayoutStatus
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SplitPayout")



@_attrs_define
class SplitPayout:
    """ One split's payout from a captured intent.

        Attributes:
            amount_minor (int):
            bps (int):
            fixed_minor (int):
            recipient (str):
            recovered_minor (int): What the recipient gave back on refunds so far.
            status (SplitPayoutStatus):
            label (None | str | Unset):
            transaction (None | str | Unset):
     """

    amount_minor: int
    bps: int
    fixed_minor: int
    recipient: str
    recovered_minor: int
    status: SplitPayoutStatus
    label: None | str | Unset = UNSET
    transaction: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        amount_minor = self.amount_minor

        bps = self.bps

        fixed_minor = self.fixed_minor

        recipient = self.recipient

        recovered_minor = self.recovered_minor

        status = self.status.value

        label: None | str | Unset
        if isinstance(self.label, Unset):
            label = UNSET
        else:
            label = self.label

        transaction: None | str | Unset
        if isinstance(self.transaction, Unset):
            transaction = UNSET
        else:
            transaction = self.transaction


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount_minor": amount_minor,
            "bps": bps,
            "fixed_minor": fixed_minor,
            "recipient": recipient,
            "recovered_minor": recovered_minor,
            "status": status,
        })
        if label is not UNSET:
            field_dict["label"] = label
        if transaction is not UNSET:
            field_dict["transaction"] = transaction

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        bps = d.pop("bps")

        fixed_minor = d.pop("fixed_minor")

        recipient = d.pop("recipient")

        recovered_minor = d.pop("recovered_minor")

        status = SplitPayoutStatus(d.pop("status"))




        def _parse_label(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        label = _parse_label(d.pop("label", UNSET))


        def _parse_transaction(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        transaction = _parse_transaction(d.pop("transaction", UNSET))


        split_payout = cls(
            amount_minor=amount_minor,
            bps=bps,
            fixed_minor=fixed_minor,
            recipient=recipient,
            recovered_minor=recovered_minor,
            status=status,
            label=label,
            transaction=transaction,
        )


        split_payout.additional_properties = d
        return split_payout

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
