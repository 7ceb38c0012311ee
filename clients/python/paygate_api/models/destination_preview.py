from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.route_destination_method import RouteDestinationMethod
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="DestinationPreview")



@_attrs_define
class DestinationPreview:
    """ Where the money goes, as the quote previews it.

        Attributes:
            instant (bool): Paid within a minute or so once funded.
            label (str):
            method (RouteDestinationMethod):
            recipient (None | str | Unset): The organisation of this gateway it pays (wallet, QR).
     """

    instant: bool
    label: str
    method: RouteDestinationMethod
    recipient: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        instant = self.instant

        label = self.label

        method = self.method.value

        recipient: None | str | Unset
        if isinstance(self.recipient, Unset):
            recipient = UNSET
        else:
            recipient = self.recipient


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "instant": instant,
            "label": label,
            "method": method,
        })
        if recipient is not UNSET:
            field_dict["recipient"] = recipient

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        instant = d.pop("instant")

        label = d.pop("label")

        method = RouteDestinationMethod(d.pop("method"))




        def _parse_recipient(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        recipient = _parse_recipient(d.pop("recipient", UNSET))


        destination_preview = cls(
            instant=instant,
            label=label,
            method=method,
            recipient=recipient,
        )


        destination_preview.additional_properties = d
        return destination_preview

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
