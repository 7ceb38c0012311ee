from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_payout_currency import CreatePayoutCurrency
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.payout_destination_input import PayoutDestinationInput





T = TypeVar("T", bound="CreatePayout")



@_attrs_define
class CreatePayout:
    """ `POST /payouts`.

        Attributes:
            amount_minor (int): What the recipient gets, in minor units: 100 or more. The fee (70 bps,
                at least 1) is charged on top.
            currency (CreatePayoutCurrency): ISO 4217. Example: CDF.
            destination (PayoutDestinationInput): A destination as a request sends it: `method`, then the fields of that
                method (mobile money: `operator_id`, `phone`, `name`; bank: `bank_name`,
                `account_name`, `account_number`, `country`, `swift`, or a saved
                `bank_account_id`).
            description (None | str | Unset): At most 200 characters.
            reference (None | str | Unset): The client's own reference, 1 to 64 characters; default: a generated
                `PO` code.
     """

    amount_minor: int
    currency: CreatePayoutCurrency
    destination: PayoutDestinationInput
    description: None | str | Unset = UNSET
    reference: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.payout_destination_input import PayoutDestinationInput # noqa: PLC0415
        amount_minor = self.amount_minor

        currency = self.currency.value

        destination = self.destination.to_dict()

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        reference: None | str | Unset
        if isinstance(self.reference, Unset):
            reference = UNSET
        else:
            reference = self.reference


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "amount_minor": amount_minor,
            "currency": currency,
            "destination": destination,
        })
        if description is not UNSET:
            field_dict["description"] = description
        if reference is not UNSET:
            field_dict["reference"] = reference

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.payout_destination_input import PayoutDestinationInput # noqa: PLC0415
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        currency = CreatePayoutCurrency(d.pop("currency"))




        destination = PayoutDestinationInput.from_dict(d.pop("destination"))




        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        def _parse_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reference = _parse_reference(d.pop("reference", UNSET))


        create_payout = cls(
            amount_minor=amount_minor,
            currency=currency,
            destination=destination,
            description=description,
            reference=reference,
        )

        return create_payout

