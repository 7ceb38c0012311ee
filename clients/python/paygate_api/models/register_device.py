from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="RegisterDevice")



@_attrs_define
class RegisterDevice:
    """ 
        Attributes:
            device_id (str): 6 to 80 of `[A-Za-z0-9._:-]`, the organisation's own name for the device.
            public_key (str): The device's ed25519 subkey: SubjectPublicKeyInfo, DER, base64.
            rotation_signature (None | str | Unset): Rotating the key of a registered device: the ed25519 signature
                (base64) by the device's latest subkey (even expired) of
                `paygate-device-rotation|<device_id>|<new raw public key, base64>`.
                Without it, a registered id is 403 `device_taken`.
     """

    device_id: str
    public_key: str
    rotation_signature: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        device_id = self.device_id

        public_key = self.public_key

        rotation_signature: None | str | Unset
        if isinstance(self.rotation_signature, Unset):
            rotation_signature = UNSET
        else:
            rotation_signature = self.rotation_signature


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "device_id": device_id,
            "public_key": public_key,
        })
        if rotation_signature is not UNSET:
            field_dict["rotation_signature"] = rotation_signature

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        device_id = d.pop("device_id")

        public_key = d.pop("public_key")

        def _parse_rotation_signature(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rotation_signature = _parse_rotation_signature(d.pop("rotation_signature", UNSET))


        register_device = cls(
            device_id=device_id,
            public_key=public_key,
            rotation_signature=rotation_signature,
        )

        return register_device

