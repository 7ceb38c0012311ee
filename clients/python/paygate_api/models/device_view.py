from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="DeviceView")



@_attrs_define
class DeviceView:
    """ 
        Attributes:
            expires_at (str): 72 hours after registration (spec section 8).
            id (str): The device id, as registered.
            livemode (bool):
            object_ (str): Always `offline_device`.
            party (str): The organisation that registered it.
            public_key (str): The current subkey: ed25519 SubjectPublicKeyInfo, DER, base64.
            registered_at (str):
            rotated (bool): True when this registration replaced an earlier key of the device.
     """

    expires_at: str
    id: str
    livemode: bool
    object_: str
    party: str
    public_key: str
    registered_at: str
    rotated: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        expires_at = self.expires_at

        id = self.id

        livemode = self.livemode

        object_ = self.object_

        party = self.party

        public_key = self.public_key

        registered_at = self.registered_at

        rotated = self.rotated


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "expires_at": expires_at,
            "id": id,
            "livemode": livemode,
            "object": object_,
            "party": party,
            "public_key": public_key,
            "registered_at": registered_at,
            "rotated": rotated,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        expires_at = d.pop("expires_at")

        id = d.pop("id")

        livemode = d.pop("livemode")

        object_ = d.pop("object")

        party = d.pop("party")

        public_key = d.pop("public_key")

        registered_at = d.pop("registered_at")

        rotated = d.pop("rotated")

        device_view = cls(
            expires_at=expires_at,
            id=id,
            livemode=livemode,
            object_=object_,
            party=party,
            public_key=public_key,
            registered_at=registered_at,
            rotated=rotated,
        )


        device_view.additional_properties = d
        return device_view

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
