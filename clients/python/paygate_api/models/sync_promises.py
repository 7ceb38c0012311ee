from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.submitted_promise import SubmittedPromise





T = TypeVar("T", bound="SyncPromises")



@_attrs_define
class SyncPromises:
    """ 
        Attributes:
            promises (list[SubmittedPromise]): 1 to 200 promises, processed strictly in this order.
     """

    promises: list[SubmittedPromise]





    def to_dict(self) -> dict[str, Any]:
        from ..models.submitted_promise import SubmittedPromise # noqa: PLC0415
        promises = []
        for promises_item_data in self.promises:
            promises_item = promises_item_data.to_dict()
            promises.append(promises_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "promises": promises,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.submitted_promise import SubmittedPromise # noqa: PLC0415
        d = dict(src_dict)
        promises = []
        _promises = d.pop("promises")
        for promises_item_data in (_promises):
            promises_item = SubmittedPromise.from_dict(promises_item_data)



            promises.append(promises_item)


        sync_promises = cls(
            promises=promises,
        )

        return sync_promises

