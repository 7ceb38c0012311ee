from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CancellationView")



@_attrs_define
class CancellationView:
    """ 
        Attributes:
            effective_at (str): When it stops (stopped): now, or the period's end.
            reason (str): `requested` (POST cancel) or `dunning_exhausted`.
            requested_at (str):
            unused_minor (int): At an immediate cancel, the paid recurring amount's unused share
                (prorated by the millisecond, rounded down), refunded at once
                against the payment of the invoice that paid the period (`refund`).
            not_refunded (None | str | Unset): Why `unused_minor` (or part of it) was not refunded: no paid invoice
                covers the period, it was paid without a payment, nothing is left to
                refund on that payment, or the merchant's balance cannot cover it now.
            refund (None | str | Unset): The refund (`re_...`) of `unused_minor`, with its own events.
     """

    effective_at: str
    reason: str
    requested_at: str
    unused_minor: int
    not_refunded: None | str | Unset = UNSET
    refund: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        effective_at = self.effective_at

        reason = self.reason

        requested_at = self.requested_at

        unused_minor = self.unused_minor

        not_refunded: None | str | Unset
        if isinstance(self.not_refunded, Unset):
            not_refunded = UNSET
        else:
            not_refunded = self.not_refunded

        refund: None | str | Unset
        if isinstance(self.refund, Unset):
            refund = UNSET
        else:
            refund = self.refund


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "effective_at": effective_at,
            "reason": reason,
            "requested_at": requested_at,
            "unused_minor": unused_minor,
        })
        if not_refunded is not UNSET:
            field_dict["not_refunded"] = not_refunded
        if refund is not UNSET:
            field_dict["refund"] = refund

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        effective_at = d.pop("effective_at")

        reason = d.pop("reason")

        requested_at = d.pop("requested_at")

        unused_minor = d.pop("unused_minor")

        def _parse_not_refunded(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        not_refunded = _parse_not_refunded(d.pop("not_refunded", UNSET))


        def _parse_refund(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        refund = _parse_refund(d.pop("refund", UNSET))


        cancellation_view = cls(
            effective_at=effective_at,
            reason=reason,
            requested_at=requested_at,
            unused_minor=unused_minor,
            not_refunded=not_refunded,
            refund=refund,
        )


        cancellation_view.additional_properties = d
        return cancellation_view

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
