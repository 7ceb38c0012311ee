from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.column_view import ColumnView
  from ..models.method_columns_view import MethodColumnsView





T = TypeVar("T", bound="BatchColumnsView")



@_attrs_define
class BatchColumnsView:
    """ 
        Attributes:
            columns (list[ColumnView]): In the origin's order, which the export keeps.
            csv_bytes_max (int):
            methods (list[MethodColumnsView]):
            object_ (str): Always `payout_batch_columns`.
            rows_max (int):
     """

    columns: list[ColumnView]
    csv_bytes_max: int
    methods: list[MethodColumnsView]
    object_: str
    rows_max: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.column_view import ColumnView # noqa: PLC0415
        from ..models.method_columns_view import MethodColumnsView # noqa: PLC0415
        columns = []
        for columns_item_data in self.columns:
            columns_item = columns_item_data.to_dict()
            columns.append(columns_item)



        csv_bytes_max = self.csv_bytes_max

        methods = []
        for methods_item_data in self.methods:
            methods_item = methods_item_data.to_dict()
            methods.append(methods_item)



        object_ = self.object_

        rows_max = self.rows_max


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "columns": columns,
            "csv_bytes_max": csv_bytes_max,
            "methods": methods,
            "object": object_,
            "rows_max": rows_max,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.column_view import ColumnView # noqa: PLC0415
        from ..models.method_columns_view import MethodColumnsView # noqa: PLC0415
        d = dict(src_dict)
        columns = []
        _columns = d.pop("columns")
        for columns_item_data in (_columns):
            columns_item = ColumnView.from_dict(columns_item_data)



            columns.append(columns_item)


        csv_bytes_max = d.pop("csv_bytes_max")

        methods = []
        _methods = d.pop("methods")
        for methods_item_data in (_methods):
            methods_item = MethodColumnsView.from_dict(methods_item_data)



            methods.append(methods_item)


        object_ = d.pop("object")

        rows_max = d.pop("rows_max")

        batch_columns_view = cls(
            columns=columns,
            csv_bytes_max=csv_bytes_max,
            methods=methods,
            object_=object_,
            rows_max=rows_max,
        )


        batch_columns_view.additional_properties = d
        return batch_columns_view

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
