from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.wallet_view_currency import WalletViewCurrency
from typing import cast

if TYPE_CHECKING:
  from ..models.held_by_kind import HeldByKind





T = TypeVar("T", bound="WalletView")



@_attrs_define
class WalletView:
    """ One currency of the organisation's money: a view over its ledger
    accounts, never a second record (`paygate verify` covers it).

        Attributes:
            available_minor (int): What it may spend or send now: after holds.
            balance_minor (int): Everything the organisation holds in the currency, payouts in transit
                excepted (they have left the balance, as Stripe shows them).
            currency (WalletViewCurrency):
            held_by_kind (HeldByKind):
            held_minor (int): Set aside: refund reservations, disputes, holds, frozen money.
            id (str): `wal_<organisation>_<currency>`.
            in_transit_minor (int): Paid out and on its way (`POST /payouts`): not in `balance_minor`; a
                failed payout returns it to `available_minor`.
            livemode (bool):
            object_ (str): Always `wallet`.
            pending_minor (int): Collected, not settled yet.
     """

    available_minor: int
    balance_minor: int
    currency: WalletViewCurrency
    held_by_kind: HeldByKind
    held_minor: int
    id: str
    in_transit_minor: int
    livemode: bool
    object_: str
    pending_minor: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.held_by_kind import HeldByKind # noqa: PLC0415
        available_minor = self.available_minor

        balance_minor = self.balance_minor

        currency = self.currency.value

        held_by_kind = self.held_by_kind.to_dict()

        held_minor = self.held_minor

        id = self.id

        in_transit_minor = self.in_transit_minor

        livemode = self.livemode

        object_ = self.object_

        pending_minor = self.pending_minor


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "available_minor": available_minor,
            "balance_minor": balance_minor,
            "currency": currency,
            "held_by_kind": held_by_kind,
            "held_minor": held_minor,
            "id": id,
            "in_transit_minor": in_transit_minor,
            "livemode": livemode,
            "object": object_,
            "pending_minor": pending_minor,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.held_by_kind import HeldByKind # noqa: PLC0415
        d = dict(src_dict)
        available_minor = d.pop("available_minor")

        balance_minor = d.pop("balance_minor")

        currency = WalletViewCurrency(d.pop("currency"))




        held_by_kind = HeldByKind.from_dict(d.pop("held_by_kind"))




        held_minor = d.pop("held_minor")

        id = d.pop("id")

        in_transit_minor = d.pop("in_transit_minor")

        livemode = d.pop("livemode")

        object_ = d.pop("object")

        pending_minor = d.pop("pending_minor")

        wallet_view = cls(
            available_minor=available_minor,
            balance_minor=balance_minor,
            currency=currency,
            held_by_kind=held_by_kind,
            held_minor=held_minor,
            id=id,
            in_transit_minor=in_transit_minor,
            livemode=livemode,
            object_=object_,
            pending_minor=pending_minor,
        )


        wallet_view.additional_properties = d
        return wallet_view

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
