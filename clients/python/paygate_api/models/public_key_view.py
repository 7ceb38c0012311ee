from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.key_status import KeyStatus






T = TypeVar("T", bound="PublicKeyView")



@_attrs_define
class PublicKeyView:
    """ 
        Attributes:
            algorithm (str):
            created_at (str):
            id (str): The `keyId` of `Service-Signature-Ed25519` headers and signed QR codes.
            public_key (str): The raw 32-byte ed25519 public key, base64.
            status (KeyStatus):
     """

    algorithm: str
    created_at: str
    id: str
    public_key: str
    status: KeyStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        algorithm = self.algorithm

        created_at = self.created_at

        id = self.id

        public_key = self.public_key

        status = self.status.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "algorithm": algorithm,
            "created_at": created_at,
            "id": id,
            "public_key": public_key,
            "status": status,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        algorithm = d.pop("algorithm")

        created_at = d.pop("created_at")

        id = d.pop("id")

        public_key = d.pop("public_key")

        status = KeyStatus(d.pop("status"))




        public_key_view = cls(
            algorithm=algorithm,
            created_at=created_at,
            id=id,
            public_key=public_key,
            status=status,
        )


        public_key_view.additional_properties = d
        return public_key_view

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
