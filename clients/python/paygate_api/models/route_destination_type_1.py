from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.route_destination_type_1_method import RouteDestinationType1Method






T = TypeVar("T", bound="RouteDestinationType1")



@_attrs_define
class RouteDestinationType1:
    """ 
        Attributes:
            method (RouteDestinationType1Method):
            recipient (str): The scanned code's merchant (`org_...`).
     """

    method: RouteDestinationType1Method
    recipient: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        method = self.method.value

        recipient = self.recipient


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "method": method,
            "recipient": recipient,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        method = RouteDestinationType1Method(d.pop("method"))




        recipient = d.pop("recipient")

        route_destination_type_1 = cls(
            method=method,
            recipient=recipient,
        )


        route_destination_type_1.additional_properties = d
        return route_destination_type_1

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
