from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="AccountLinkView")



@_attrs_define
class AccountLinkView:
    """ `POST /accounts/{id}/account_links`: the claim URL is shown once.

        Attributes:
            account (str):
            created_at (str):
            expires_at (str):
            object_ (str): Always `account_link`.
            url (str): The hosted claim page; one use; hand it to the customer.
     """

    account: str
    created_at: str
    expires_at: str
    object_: str
    url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        account = self.account

        created_at = self.created_at

        expires_at = self.expires_at

        object_ = self.object_

        url = self.url


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "account": account,
            "created_at": created_at,
            "expires_at": expires_at,
            "object": object_,
            "url": url,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        account = d.pop("account")

        created_at = d.pop("created_at")

        expires_at = d.pop("expires_at")

        object_ = d.pop("object")

        url = d.pop("url")

        account_link_view = cls(
            account=account,
            created_at=created_at,
            expires_at=expires_at,
            object_=object_,
            url=url,
        )


        account_link_view.additional_properties = d
        return account_link_view

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
