from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="EventTypeView")



@_attrs_define
class EventTypeView:
    """ 
        Attributes:
            emitted_when (str): When the gateway emits it.
            formerly (list[str]): Names the type had before a rename; filters and `GET /events?type=` still accept them.
            notes (str): What a receiver must do with it.
            type_ (str):
     """

    emitted_when: str
    formerly: list[str]
    notes: str
    type_: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        emitted_when = self.emitted_when

        formerly = self.formerly



        notes = self.notes

        type_ = self.type_


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "emitted_when": emitted_when,
            "formerly": formerly,
            "notes": notes,
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        emitted_when = d.pop("emitted_when")

        formerly = cast(list[str], d.pop("formerly"))


        notes = d.pop("notes")

        type_ = d.pop("type")

        event_type_view = cls(
            emitted_when=emitted_when,
            formerly=formerly,
            notes=notes,
            type_=type_,
        )


        event_type_view.additional_properties = d
        return event_type_view

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
