from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.transfer_status import TransferStatus
from ..models.transfer_view_currency import TransferViewCurrency
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="TransferView")



@_attrs_define
class TransferView:
    """ 
        Attributes:
            amount_minor (int):
            created_at (str):
            currency (TransferViewCurrency):
            direction (str): `outgoing` for the sender, `incoming` for the recipient.
            fee_minor (int): Paid by the sender, on top of the amount.
            from_ (str): The sender's organisation id.
            id (str):
            livemode (bool):
            object_ (str): Always `transfer`.
            received_currency (str):
            received_minor (int): What the recipient got: the amount, or the FX quote's recipient amount.
            status (TransferStatus):
            to (str): The recipient's organisation id.
            transaction (str): The ledger posting.
            note (None | str | Unset):
            quote_id (None | str | Unset): The FX quote the transfer converted with, if any.
     """

    amount_minor: int
    created_at: str
    currency: TransferViewCurrency
    direction: str
    fee_minor: int
    from_: str
    id: str
    livemode: bool
    object_: str
    received_currency: str
    received_minor: int
    status: TransferStatus
    to: str
    transaction: str
    note: None | str | Unset = UNSET
    quote_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        amount_minor = self.amount_minor

        created_at = self.created_at

        currency = self.currency.value

        direction = self.direction

        fee_minor = self.fee_minor

        from_ = self.from_

        id = self.id

        livemode = self.livemode

        object_ = self.object_

        received_currency = self.received_currency

        received_minor = self.received_minor

        status = self.status.value

        to = self.to

        transaction = self.transaction

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        quote_id: None | str | Unset
        if isinstance(self.quote_id, Unset):
            quote_id = UNSET
        else:
            quote_id = self.quote_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount_minor": amount_minor,
            "created_at": created_at,
            "currency": currency,
            "direction": direction,
            "fee_minor": fee_minor,
            "from": from_,
            "id": id,
            "livemode": livemode,
            "object": object_,
            "received_currency": received_currency,
            "received_minor": received_minor,
            "status": status,
            "to": to,
            "transaction": transaction,
        })
        if note is not UNSET:
            field_dict["note"] = note
        if quote_id is not UNSET:
            field_dict["quote_id"] = quote_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        created_at = d.pop("created_at")

        currency = TransferViewCurrency(d.pop("currency"))




        direction = d.pop("direction")

        fee_minor = d.pop("fee_minor")

        from_ = d.pop("from")

        id = d.pop("id")

        livemode = d.pop("livemode")

        object_ = d.pop("object")

        received_currency = d.pop("received_currency")

        received_minor = d.pop("received_minor")

        status = TransferStatus(d.pop("status"))




        to = d.pop("to")

        transaction = d.pop("transaction")

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))


        def _parse_quote_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        quote_id = _parse_quote_id(d.pop("quote_id", UNSET))


        transfer_view = cls(
            amount_minor=amount_minor,
            created_at=created_at,
            currency=currency,
            direction=direction,
            fee_minor=fee_minor,
            from_=from_,
            id=id,
            livemode=livemode,
            object_=object_,
            received_currency=received_currency,
            received_minor=received_minor,
            status=status,
            to=to,
            transaction=transaction,
            note=note,
            quote_id=quote_id,
        )


        transfer_view.additional_properties = d
        return transfer_view

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
