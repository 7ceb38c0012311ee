from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.diaspora_quote_status import DiasporaQuoteStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.disclosure import Disclosure
  from ..models.purpose_lock import PurposeLock





T = TypeVar("T", bound="DiasporaQuoteView")



@_attrs_define
class DiasporaQuoteView:
    """ 
        Attributes:
            created_at (str):
            customer_rate (str): Destination units per source unit, a decimal string (8 decimals).
            dest_currency (str):
            dest_minor (int): What the institution receives.
            disclosure (Disclosure):
            expires_at (str):
            fee_minor (int):
            id (str):
            livemode (bool):
            lock (PurposeLock):
            object_ (str): Always `diaspora_quote`.
            payer (str): The payer's organisation.
            purpose_code (str):
            rate_card (str):
            reference (str):
            source_currency (str):
            source_minor (int): Paid from the source-currency wallet, with `fee_minor` on top.
            status (DiasporaQuoteStatus):
            paid_at (None | str | Unset):
            transaction (None | str | Unset): The ledger posting, once PAID.
     """

    created_at: str
    customer_rate: str
    dest_currency: str
    dest_minor: int
    disclosure: Disclosure
    expires_at: str
    fee_minor: int
    id: str
    livemode: bool
    lock: PurposeLock
    object_: str
    payer: str
    purpose_code: str
    rate_card: str
    reference: str
    source_currency: str
    source_minor: int
    status: DiasporaQuoteStatus
    paid_at: None | str | Unset = UNSET
    transaction: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.disclosure import Disclosure # noqa: PLC0415
        from ..models.purpose_lock import PurposeLock # noqa: PLC0415
        created_at = self.created_at

        customer_rate = self.customer_rate

        dest_currency = self.dest_currency

        dest_minor = self.dest_minor

        disclosure = self.disclosure.to_dict()

        expires_at = self.expires_at

        fee_minor = self.fee_minor

        id = self.id

        livemode = self.livemode

        lock = self.lock.to_dict()

        object_ = self.object_

        payer = self.payer

        purpose_code = self.purpose_code

        rate_card = self.rate_card

        reference = self.reference

        source_currency = self.source_currency

        source_minor = self.source_minor

        status = self.status.value

        paid_at: None | str | Unset
        if isinstance(self.paid_at, Unset):
            paid_at = UNSET
        else:
            paid_at = self.paid_at

        transaction: None | str | Unset
        if isinstance(self.transaction, Unset):
            transaction = UNSET
        else:
            transaction = self.transaction


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created_at": created_at,
            "customer_rate": customer_rate,
            "dest_currency": dest_currency,
            "dest_minor": dest_minor,
            "disclosure": disclosure,
            "expires_at": expires_at,
            "fee_minor": fee_minor,
            "id": id,
            "livemode": livemode,
            "lock": lock,
            "object": object_,
            "payer": payer,
            "purpose_code": purpose_code,
            "rate_card": rate_card,
            "reference": reference,
            "source_currency": source_currency,
            "source_minor": source_minor,
            "status": status,
        })
        if paid_at is not UNSET:
            field_dict["paid_at"] = paid_at
        if transaction is not UNSET:
            field_dict["transaction"] = transaction

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.disclosure import Disclosure # noqa: PLC0415
        from ..models.purpose_lock import PurposeLock # noqa: PLC0415
        d = dict(src_dict)
        created_at = d.pop("created_at")

        customer_rate = d.pop("customer_rate")

        dest_currency = d.pop("dest_currency")

        dest_minor = d.pop("dest_minor")

        disclosure = Disclosure.from_dict(d.pop("disclosure"))




        expires_at = d.pop("expires_at")

        fee_minor = d.pop("fee_minor")

        id = d.pop("id")

        livemode = d.pop("livemode")

        lock = PurposeLock.from_dict(d.pop("lock"))




        object_ = d.pop("object")

        payer = d.pop("payer")

        purpose_code = d.pop("purpose_code")

        rate_card = d.pop("rate_card")

        reference = d.pop("reference")

        source_currency = d.pop("source_currency")

        source_minor = d.pop("source_minor")

        status = DiasporaQuoteStatus(d.pop("status"))




        def _parse_paid_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        paid_at = _parse_paid_at(d.pop("paid_at", UNSET))


        def _parse_transaction(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        transaction = _parse_transaction(d.pop("transaction", UNSET))


        diaspora_quote_view = cls(
            created_at=created_at,
            customer_rate=customer_rate,
            dest_currency=dest_currency,
            dest_minor=dest_minor,
            disclosure=disclosure,
            expires_at=expires_at,
            fee_minor=fee_minor,
            id=id,
            livemode=livemode,
            lock=lock,
            object_=object_,
            payer=payer,
            purpose_code=purpose_code,
            rate_card=rate_card,
            reference=reference,
            source_currency=source_currency,
            source_minor=source_minor,
            status=status,
            paid_at=paid_at,
            transaction=transaction,
        )


        diaspora_quote_view.additional_properties = d
        return diaspora_quote_view

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
