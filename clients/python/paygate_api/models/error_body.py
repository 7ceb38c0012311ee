from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.error_detail import ErrorDetail





T = TypeVar("T", bound="ErrorBody")



@_attrs_define
class ErrorBody:
    """ The error object of spec section 7, with the origin's nested `error`
    object beside its flat fields (the same values), so that clients written
    for either shape read it.

        Attributes:
            bp (str): Stable family code: BP-1xxx auth, 2xxx validation, 3xxx ledger, 4xxx rail, 5xxx compliance, 6xxx
                intelligence.
            code (str): Stable machine-readable code, e.g. `scope_denied`.
            error (ErrorDetail): The nested error object: `code`, `bp` and `message` as above, and `details`.
            message (str): What happened and what to do, for a person.
            param (None | str | Unset): The request field at fault, when there is one.
     """

    bp: str
    code: str
    error: ErrorDetail
    message: str
    param: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.error_detail import ErrorDetail # noqa: PLC0415
        bp = self.bp

        code = self.code

        error = self.error.to_dict()

        message = self.message

        param: None | str | Unset
        if isinstance(self.param, Unset):
            param = UNSET
        else:
            param = self.param


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bp": bp,
            "code": code,
            "error": error,
            "message": message,
        })
        if param is not UNSET:
            field_dict["param"] = param

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.error_detail import ErrorDetail # noqa: PLC0415
        d = dict(src_dict)
        bp = d.pop("bp")

        code = d.pop("code")

        error = ErrorDetail.from_dict(d.pop("error"))




        message = d.pop("message")

        def _parse_param(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        param = _parse_param(d.pop("param", UNSET))


        error_body = cls(
            bp=bp,
            code=code,
            error=error,
            message=message,
            param=param,
        )


        error_body.additional_properties = d
        return error_body

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
