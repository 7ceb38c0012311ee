from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="CreateTestClock")



@_attrs_define
class CreateTestClock:
    """ 
        Attributes:
            frozen_time (datetime.datetime): The clock's time, RFC 3339 (`2026-09-01T00:00:00Z`).
            attach (bool | None | Unset): Attach it at once: the organisation's sandbox follows it.
            name (None | str | Unset):
     """

    frozen_time: datetime.datetime
    attach: bool | None | Unset = UNSET
    name: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        frozen_time = self.frozen_time.isoformat()

        attach: bool | None | Unset
        if isinstance(self.attach, Unset):
            attach = UNSET
        else:
            attach = self.attach

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "frozen_time": frozen_time,
        })
        if attach is not UNSET:
            field_dict["attach"] = attach
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        frozen_time = datetime.datetime.fromisoformat(d.pop("frozen_time"))




        def _parse_attach(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        attach = _parse_attach(d.pop("attach", UNSET))


        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))


        create_test_clock = cls(
            frozen_time=frozen_time,
            attach=attach,
            name=name,
        )

        return create_test_clock

