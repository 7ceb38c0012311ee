from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_link_currency import CreateLinkCurrency
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CreateLink")



@_attrs_define
class CreateLink:
    """ 
        Attributes:
            currency (CreateLinkCurrency):
            amount_minor (int | None | Unset): A fixed amount; leave it out to let the payer choose.
            description (None | str | Unset):
            maximum_amount_minor (int | None | Unset): The largest amount the payer may choose (only without amount_minor).
            minimum_amount_minor (int | None | Unset): The smallest amount the payer may choose (only without amount_minor).
            reusable (bool | None | Unset): True: any number of payments; false (default): stops after the first success.
            success_url (None | str | Unset):
     """

    currency: CreateLinkCurrency
    amount_minor: int | None | Unset = UNSET
    description: None | str | Unset = UNSET
    maximum_amount_minor: int | None | Unset = UNSET
    minimum_amount_minor: int | None | Unset = UNSET
    reusable: bool | None | Unset = UNSET
    success_url: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        currency = self.currency.value

        amount_minor: int | None | Unset
        if isinstance(self.amount_minor, Unset):
            amount_minor = UNSET
        else:
            amount_minor = self.amount_minor

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        maximum_amount_minor: int | None | Unset
        if isinstance(self.maximum_amount_minor, Unset):
            maximum_amount_minor = UNSET
        else:
            maximum_amount_minor = self.maximum_amount_minor

        minimum_amount_minor: int | None | Unset
        if isinstance(self.minimum_amount_minor, Unset):
            minimum_amount_minor = UNSET
        else:
            minimum_amount_minor = self.minimum_amount_minor

        reusable: bool | None | Unset
        if isinstance(self.reusable, Unset):
            reusable = UNSET
        else:
            reusable = self.reusable

        success_url: None | str | Unset
        if isinstance(self.success_url, Unset):
            success_url = UNSET
        else:
            success_url = self.success_url


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "currency": currency,
        })
        if amount_minor is not UNSET:
            field_dict["amount_minor"] = amount_minor
        if description is not UNSET:
            field_dict["description"] = description
        if maximum_amount_minor is not UNSET:
            field_dict["maximum_amount_minor"] = maximum_amount_minor
        if minimum_amount_minor is not UNSET:
            field_dict["minimum_amount_minor"] = minimum_amount_minor
        if reusable is not UNSET:
            field_dict["reusable"] = reusable
        if success_url is not UNSET:
            field_dict["success_url"] = success_url

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        currency = CreateLinkCurrency(d.pop("currency"))




        def _parse_amount_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount_minor = _parse_amount_minor(d.pop("amount_minor", UNSET))


        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        def _parse_maximum_amount_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        maximum_amount_minor = _parse_maximum_amount_minor(d.pop("maximum_amount_minor", UNSET))


        def _parse_minimum_amount_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        minimum_amount_minor = _parse_minimum_amount_minor(d.pop("minimum_amount_minor", UNSET))


        def _parse_reusable(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        reusable = _parse_reusable(d.pop("reusable", UNSET))


        def _parse_success_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        success_url = _parse_success_url(d.pop("success_url", UNSET))


        create_link = cls(
            currency=currency,
            amount_minor=amount_minor,
            description=description,
            maximum_amount_minor=maximum_amount_minor,
            minimum_amount_minor=minimum_amount_minor,
            reusable=reusable,
            success_url=success_url,
        )

        return create_link

