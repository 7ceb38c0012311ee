from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ReceiptSignature")



@_attrs_define
class ReceiptSignature:
    """ 
        Attributes:
            algorithm (str): Always `ed25519`.
            key_id (str): The platform key that signed it (`GET /keys`).
            payload (str): The signed bytes, base64.
            signed (str): What was signed: `canonical_json` (of `receipt`).
            value (str): The 64-byte signature, base64.
     """

    algorithm: str
    key_id: str
    payload: str
    signed: str
    value: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        algorithm = self.algorithm

        key_id = self.key_id

        payload = self.payload

        signed = self.signed

        value = self.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "algorithm": algorithm,
            "key_id": key_id,
            "payload": payload,
            "signed": signed,
            "value": value,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        algorithm = d.pop("algorithm")

        key_id = d.pop("key_id")

        payload = d.pop("payload")

        signed = d.pop("signed")

        value = d.pop("value")

        receipt_signature = cls(
            algorithm=algorithm,
            key_id=key_id,
            payload=payload,
            signed=signed,
            value=value,
        )


        receipt_signature.additional_properties = d
        return receipt_signature

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
