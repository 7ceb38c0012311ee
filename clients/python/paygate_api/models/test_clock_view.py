from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.test_clock_status import TestClockStatus
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="TestClockView")



@_attrs_define
class TestClockView:
    """ 
        Attributes:
            attached (bool): Whether the organisation's sandbox follows this clock.
            created_at (str):
            frozen_time (str): The sandbox's "now" while the clock is attached.
            id (str):
            livemode (bool): Always false: test clocks exist in test mode only.
            object_ (str): Always `test_clock`.
            status (TestClockStatus):
            timers_fired (int): Timers fired by the last advance.
            advancing_to (None | str | Unset): While `advancing`: the time the advance goes to.
            name (None | str | Unset):
     """

    attached: bool
    created_at: str
    frozen_time: str
    id: str
    livemode: bool
    object_: str
    status: TestClockStatus
    timers_fired: int
    advancing_to: None | str | Unset = UNSET
    name: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        attached = self.attached

        created_at = self.created_at

        frozen_time = self.frozen_time

        id = self.id

        livemode = self.livemode

        object_ = self.object_

        status = self.status.value

        timers_fired = self.timers_fired

        advancing_to: None | str | Unset
        if isinstance(self.advancing_to, Unset):
            advancing_to = UNSET
        else:
            advancing_to = self.advancing_to

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "attached": attached,
            "created_at": created_at,
            "frozen_time": frozen_time,
            "id": id,
            "livemode": livemode,
            "object": object_,
            "status": status,
            "timers_fired": timers_fired,
        })
        if advancing_to is not UNSET:
            field_dict["advancing_to"] = advancing_to
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        attached = d.pop("attached")

        created_at = d.pop("created_at")

        frozen_time = d.pop("frozen_time")

        id = d.pop("id")

        livemode = d.pop("livemode")

        object_ = d.pop("object")

        status = TestClockStatus(d.pop("status"))




        timers_fired = d.pop("timers_fired")

        def _parse_advancing_to(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        advancing_to = _parse_advancing_to(d.pop("advancing_to", UNSET))


        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))


        test_clock_view = cls(
            attached=attached,
            created_at=created_at,
            frozen_time=frozen_time,
            id=id,
            livemode=livemode,
            object_=object_,
            status=status,
            timers_fired=timers_fired,
            advancing_to=advancing_to,
            name=name,
        )


        test_clock_view.additional_properties = d
        return test_clock_view

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
