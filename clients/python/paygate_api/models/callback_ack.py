from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="CallbackAck")



@_attrs_define
class CallbackAck:
    """ What the gateway answers a provider's callback.

        Attributes:
            inquiry_queued (bool): A status inquiry about the request it names was brought forward.
            received (bool): Always true: the callback was read (what it says is confirmed by a status inquiry).
     """

    inquiry_queued: bool
    received: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        inquiry_queued = self.inquiry_queued

        received = self.received


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "inquiry_queued": inquiry_queued,
            "received": received,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        inquiry_queued = d.pop("inquiry_queued")

        received = d.pop("received")

        callback_ack = cls(
            inquiry_queued=inquiry_queued,
            received=received,
        )


        callback_ack.additional_properties = d
        return callback_ack

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
