from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.error_detail_details import ErrorDetailDetails





T = TypeVar("T", bound="ErrorDetail")



@_attrs_define
class ErrorDetail:
    """ The nested error object: `code`, `bp` and `message` as above, and `details`.

        Attributes:
            bp (str):
            code (str):
            details (ErrorDetailDetails): An object: `param` when a field is at fault, and what else helps a
                program (e.g. `endpoint` when an Idempotency-Key was used on another one).
            message (str):
     """

    bp: str
    code: str
    details: ErrorDetailDetails
    message: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.error_detail_details import ErrorDetailDetails # noqa: PLC0415
        bp = self.bp

        code = self.code

        details = self.details.to_dict()

        message = self.message


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bp": bp,
            "code": code,
            "details": details,
            "message": message,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.error_detail_details import ErrorDetailDetails # noqa: PLC0415
        d = dict(src_dict)
        bp = d.pop("bp")

        code = d.pop("code")

        details = ErrorDetailDetails.from_dict(d.pop("details"))




        message = d.pop("message")

        error_detail = cls(
            bp=bp,
            code=code,
            details=details,
            message=message,
        )


        error_detail.additional_properties = d
        return error_detail

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
