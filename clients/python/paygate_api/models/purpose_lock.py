from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="PurposeLock")



@_attrs_define
class PurposeLock:
    """ 
        Attributes:
            institution (str):
            institution_name (str):
            purpose_code (str):
            reference (str): The beneficiary reference (a student number, an invoice).
     """

    institution: str
    institution_name: str
    purpose_code: str
    reference: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        institution = self.institution

        institution_name = self.institution_name

        purpose_code = self.purpose_code

        reference = self.reference


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "institution": institution,
            "institution_name": institution_name,
            "purpose_code": purpose_code,
            "reference": reference,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        institution = d.pop("institution")

        institution_name = d.pop("institution_name")

        purpose_code = d.pop("purpose_code")

        reference = d.pop("reference")

        purpose_lock = cls(
            institution=institution,
            institution_name=institution_name,
            purpose_code=purpose_code,
            reference=reference,
        )


        purpose_lock.additional_properties = d
        return purpose_lock

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
