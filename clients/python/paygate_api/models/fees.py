from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="Fees")



@_attrs_define
class Fees:
    """ 
        Attributes:
            provider_fee_minor (int): Charged by the rail's provider (operator, acquirer, bank).
            service_fee_minor (int): The gateway's own fee.
            tax_minor (int): Tax on the service fee.
     """

    provider_fee_minor: int
    service_fee_minor: int
    tax_minor: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        provider_fee_minor = self.provider_fee_minor

        service_fee_minor = self.service_fee_minor

        tax_minor = self.tax_minor


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "provider_fee_minor": provider_fee_minor,
            "service_fee_minor": service_fee_minor,
            "tax_minor": tax_minor,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        provider_fee_minor = d.pop("provider_fee_minor")

        service_fee_minor = d.pop("service_fee_minor")

        tax_minor = d.pop("tax_minor")

        fees = cls(
            provider_fee_minor=provider_fee_minor,
            service_fee_minor=service_fee_minor,
            tax_minor=tax_minor,
        )


        fees.additional_properties = d
        return fees

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
