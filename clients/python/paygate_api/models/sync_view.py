from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.sync_result import SyncResult





T = TypeVar("T", bound="SyncView")



@_attrs_define
class SyncView:
    """ 
        Attributes:
            duplicates (int):
            object_ (str): Always `offline_sync`.
            rejected (int):
            results (list[SyncResult]): One per promise, in submission order.
            settled (int):
     """

    duplicates: int
    object_: str
    rejected: int
    results: list[SyncResult]
    settled: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.sync_result import SyncResult # noqa: PLC0415
        duplicates = self.duplicates

        object_ = self.object_

        rejected = self.rejected

        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)



        settled = self.settled


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "duplicates": duplicates,
            "object": object_,
            "rejected": rejected,
            "results": results,
            "settled": settled,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sync_result import SyncResult # noqa: PLC0415
        d = dict(src_dict)
        duplicates = d.pop("duplicates")

        object_ = d.pop("object")

        rejected = d.pop("rejected")

        results = []
        _results = d.pop("results")
        for results_item_data in (_results):
            results_item = SyncResult.from_dict(results_item_data)



            results.append(results_item)


        settled = d.pop("settled")

        sync_view = cls(
            duplicates=duplicates,
            object_=object_,
            rejected=rejected,
            results=results,
            settled=settled,
        )


        sync_view.additional_properties = d
        return sync_view

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
