from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="QuotaView")



@_attrs_define
class QuotaView:
    """ 
        Attributes:
            free_quota (int):
            object_ (str): Always `verification_quota`.
            period (str): The calendar month (UTC) the quota counts, `YYYY-MM`.
            price_currency (str): The currency the price is taken in unless the request names another.
            price_minor (int): The price of each verification past the free quota.
            remaining_free (int):
            used (int):
     """

    free_quota: int
    object_: str
    period: str
    price_currency: str
    price_minor: int
    remaining_free: int
    used: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        free_quota = self.free_quota

        object_ = self.object_

        period = self.period

        price_currency = self.price_currency

        price_minor = self.price_minor

        remaining_free = self.remaining_free

        used = self.used


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "free_quota": free_quota,
            "object": object_,
            "period": period,
            "price_currency": price_currency,
            "price_minor": price_minor,
            "remaining_free": remaining_free,
            "used": used,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        free_quota = d.pop("free_quota")

        object_ = d.pop("object")

        period = d.pop("period")

        price_currency = d.pop("price_currency")

        price_minor = d.pop("price_minor")

        remaining_free = d.pop("remaining_free")

        used = d.pop("used")

        quota_view = cls(
            free_quota=free_quota,
            object_=object_,
            period=period,
            price_currency=price_currency,
            price_minor=price_minor,
            remaining_free=remaining_free,
            used=used,
        )


        quota_view.additional_properties = d
        return quota_view

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
