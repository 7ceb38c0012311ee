from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.entry_view_currency import EntryViewCurrency






T = TypeVar("T", bound="EntryView")



@_attrs_define
class EntryView:
    """ 
        Attributes:
            amount_minor (int): Signed change of the account's balance.
            class_ (str): Balance class (`available`, `pending`, ...) or `system`.
            currency (EntryViewCurrency):
            owner (str): Whose account: an `org_`/`acct_` id, or `sys.<name>` for the outside world.
     """

    amount_minor: int
    class_: str
    currency: EntryViewCurrency
    owner: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        amount_minor = self.amount_minor

        class_ = self.class_

        currency = self.currency.value

        owner = self.owner


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount_minor": amount_minor,
            "class": class_,
            "currency": currency,
            "owner": owner,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        class_ = d.pop("class")

        currency = EntryViewCurrency(d.pop("currency"))




        owner = d.pop("owner")

        entry_view = cls(
            amount_minor=amount_minor,
            class_=class_,
            currency=currency,
            owner=owner,
        )


        entry_view.additional_properties = d
        return entry_view

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
