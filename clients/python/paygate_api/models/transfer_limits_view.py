from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="TransferLimitsView")



@_attrs_define
class TransferLimitsView:
    """ The organisation's transfer limits, per currency, in minor units.

        Attributes:
            daily_minor (int):
            object_ (str): Always `transfer_limits`.
            per_transfer_minor (int):
     """

    daily_minor: int
    object_: str
    per_transfer_minor: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        daily_minor = self.daily_minor

        object_ = self.object_

        per_transfer_minor = self.per_transfer_minor


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "daily_minor": daily_minor,
            "object": object_,
            "per_transfer_minor": per_transfer_minor,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        daily_minor = d.pop("daily_minor")

        object_ = d.pop("object")

        per_transfer_minor = d.pop("per_transfer_minor")

        transfer_limits_view = cls(
            daily_minor=daily_minor,
            object_=object_,
            per_transfer_minor=per_transfer_minor,
        )


        transfer_limits_view.additional_properties = d
        return transfer_limits_view

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
