from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.link_status import LinkStatus
from ..models.link_view_currency import LinkViewCurrency
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="LinkView")



@_attrs_define
class LinkView:
    """ 
        Attributes:
            created_at (str):
            currency (LinkViewCurrency):
            id (str):
            livemode (bool):
            object_ (str): Always `payment_link`.
            payments_count (int):
            reusable (bool): Reusable links take any number of payments; single-use links stop after the first.
            status (LinkStatus):
            url (str): The public URL to share.
            amount_minor (int | None | Unset): Fixed amount, or null when the payer chooses it.
            description (None | str | Unset):
            inactive_reason (None | str | Unset): `deactivated` or `used` once inactive.
            maximum_amount_minor (int | None | Unset): The largest amount the payer may choose (a link without
                amount_minor).
            minimum_amount_minor (int | None | Unset): The smallest amount the payer may choose (a link without
                amount_minor).
     """

    created_at: str
    currency: LinkViewCurrency
    id: str
    livemode: bool
    object_: str
    payments_count: int
    reusable: bool
    status: LinkStatus
    url: str
    amount_minor: int | None | Unset = UNSET
    description: None | str | Unset = UNSET
    inactive_reason: None | str | Unset = UNSET
    maximum_amount_minor: int | None | Unset = UNSET
    minimum_amount_minor: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        currency = self.currency.value

        id = self.id

        livemode = self.livemode

        object_ = self.object_

        payments_count = self.payments_count

        reusable = self.reusable

        status = self.status.value

        url = self.url

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

        inactive_reason: None | str | Unset
        if isinstance(self.inactive_reason, Unset):
            inactive_reason = UNSET
        else:
            inactive_reason = self.inactive_reason

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


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created_at": created_at,
            "currency": currency,
            "id": id,
            "livemode": livemode,
            "object": object_,
            "payments_count": payments_count,
            "reusable": reusable,
            "status": status,
            "url": url,
        })
        if amount_minor is not UNSET:
            field_dict["amount_minor"] = amount_minor
        if description is not UNSET:
            field_dict["description"] = description
        if inactive_reason is not UNSET:
            field_dict["inactive_reason"] = inactive_reason
        if maximum_amount_minor is not UNSET:
            field_dict["maximum_amount_minor"] = maximum_amount_minor
        if minimum_amount_minor is not UNSET:
            field_dict["minimum_amount_minor"] = minimum_amount_minor

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = d.pop("created_at")

        currency = LinkViewCurrency(d.pop("currency"))




        id = d.pop("id")

        livemode = d.pop("livemode")

        object_ = d.pop("object")

        payments_count = d.pop("payments_count")

        reusable = d.pop("reusable")

        status = LinkStatus(d.pop("status"))




        url = d.pop("url")

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


        def _parse_inactive_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        inactive_reason = _parse_inactive_reason(d.pop("inactive_reason", UNSET))


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


        link_view = cls(
            created_at=created_at,
            currency=currency,
            id=id,
            livemode=livemode,
            object_=object_,
            payments_count=payments_count,
            reusable=reusable,
            status=status,
            url=url,
            amount_minor=amount_minor,
            description=description,
            inactive_reason=inactive_reason,
            maximum_amount_minor=maximum_amount_minor,
            minimum_amount_minor=minimum_amount_minor,
        )


        link_view.additional_properties = d
        return link_view

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
