from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.terminal_view_metadata import TerminalViewMetadata





T = TypeVar("T", bound="TerminalView")



@_attrs_define
class TerminalView:
    """ 
        Attributes:
            created_at (str):
            id (str):
            label (str): Printed as the terminal label (EMVCo 62/07).
            livemode (bool):
            location (str):
            metadata (TerminalViewMetadata):
            object_ (str): Always `terminal`.
     """

    created_at: str
    id: str
    label: str
    livemode: bool
    location: str
    metadata: TerminalViewMetadata
    object_: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.terminal_view_metadata import TerminalViewMetadata # noqa: PLC0415
        created_at = self.created_at

        id = self.id

        label = self.label

        livemode = self.livemode

        location = self.location

        metadata = self.metadata.to_dict()

        object_ = self.object_


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created_at": created_at,
            "id": id,
            "label": label,
            "livemode": livemode,
            "location": location,
            "metadata": metadata,
            "object": object_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.terminal_view_metadata import TerminalViewMetadata # noqa: PLC0415
        d = dict(src_dict)
        created_at = d.pop("created_at")

        id = d.pop("id")

        label = d.pop("label")

        livemode = d.pop("livemode")

        location = d.pop("location")

        metadata = TerminalViewMetadata.from_dict(d.pop("metadata"))




        object_ = d.pop("object")

        terminal_view = cls(
            created_at=created_at,
            id=id,
            label=label,
            livemode=livemode,
            location=location,
            metadata=metadata,
            object_=object_,
        )


        terminal_view.additional_properties = d
        return terminal_view

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
