from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="Outcomes")



@_attrs_define
class Outcomes:
    """ Resolve outcomes counted per code.

        Attributes:
            bad_crc (int | Unset): The CRC did not match: a damaged or altered print. Default: 0.
            invalid_signature (int | Unset):  Default: 0.
            revoked (int | Unset): The code was revoked (whatever its signature). Default: 0.
            trusted (int | Unset): Signature valid against the key registry, code active. Default: 0.
            unknown_key (int | Unset):  Default: 0.
            unsigned (int | Unset):  Default: 0.
     """

    bad_crc: int | Unset = 0
    invalid_signature: int | Unset = 0
    revoked: int | Unset = 0
    trusted: int | Unset = 0
    unknown_key: int | Unset = 0
    unsigned: int | Unset = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        bad_crc = self.bad_crc

        invalid_signature = self.invalid_signature

        revoked = self.revoked

        trusted = self.trusted

        unknown_key = self.unknown_key

        unsigned = self.unsigned


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if bad_crc is not UNSET:
            field_dict["bad_crc"] = bad_crc
        if invalid_signature is not UNSET:
            field_dict["invalid_signature"] = invalid_signature
        if revoked is not UNSET:
            field_dict["revoked"] = revoked
        if trusted is not UNSET:
            field_dict["trusted"] = trusted
        if unknown_key is not UNSET:
            field_dict["unknown_key"] = unknown_key
        if unsigned is not UNSET:
            field_dict["unsigned"] = unsigned

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bad_crc = d.pop("bad_crc", UNSET)

        invalid_signature = d.pop("invalid_signature", UNSET)

        revoked = d.pop("revoked", UNSET)

        trusted = d.pop("trusted", UNSET)

        unknown_key = d.pop("unknown_key", UNSET)

        unsigned = d.pop("unsigned", UNSET)

        outcomes = cls(
            bad_crc=bad_crc,
            invalid_signature=invalid_signature,
            revoked=revoked,
            trusted=trusted,
            unknown_key=unknown_key,
            unsigned=unsigned,
        )


        outcomes.additional_properties = d
        return outcomes

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
