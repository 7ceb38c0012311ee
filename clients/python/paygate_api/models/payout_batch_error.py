from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PayoutBatchError")



@_attrs_define
class PayoutBatchError:
    """ One row error, with where it is.

        Attributes:
            code (str): `required`, `invalid`, `invalid_amount`, `too_long`, `unknown_method`,
                `unknown_operator`, `currency_not_supported`, `unsupported`,
                `cell_count`, `duplicate`, `recipient_not_found`, `self_payout`,
                `recipient_inactive`.
            line (int): The CSV line (the header is line 1); for JSON rows, the row's position.
            message (str):
            row (int): 1-based among the rows.
            field (None | str | Unset): The column at fault; null for the row as a whole (its cell count).
     """

    code: str
    line: int
    message: str
    row: int
    field: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        code = self.code

        line = self.line

        message = self.message

        row = self.row

        field: None | str | Unset
        if isinstance(self.field, Unset):
            field = UNSET
        else:
            field = self.field


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "code": code,
            "line": line,
            "message": message,
            "row": row,
        })
        if field is not UNSET:
            field_dict["field"] = field

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        line = d.pop("line")

        message = d.pop("message")

        row = d.pop("row")

        def _parse_field(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        field = _parse_field(d.pop("field", UNSET))


        payout_batch_error = cls(
            code=code,
            line=line,
            message=message,
            row=row,
            field=field,
        )


        payout_batch_error.additional_properties = d
        return payout_batch_error

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
