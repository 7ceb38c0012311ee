from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.guardian_view import GuardianView
  from ..models.store_view import StoreView





T = TypeVar("T", bound="StatusView")



@_attrs_define
class StatusView:
    """ 
        Attributes:
            api_version (str): Version of the API description.
            degraded_flags (list[str]): Subsystems running in a reduced way; empty when all is well.
            guardian (GuardianView):
            mode (str): The same as `operating_state`, under the origin's name for it.
            object_ (str): Always `status`.
            operating_state (str): `normal`, `degraded` or `halted` (guardian engaged).
            store (StoreView):
            time (str): The gateway's clock (RFC 3339).
            version (str): Version of the gateway binary.
     """

    api_version: str
    degraded_flags: list[str]
    guardian: GuardianView
    mode: str
    object_: str
    operating_state: str
    store: StoreView
    time: str
    version: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.guardian_view import GuardianView # noqa: PLC0415
        from ..models.store_view import StoreView # noqa: PLC0415
        api_version = self.api_version

        degraded_flags = self.degraded_flags



        guardian = self.guardian.to_dict()

        mode = self.mode

        object_ = self.object_

        operating_state = self.operating_state

        store = self.store.to_dict()

        time = self.time

        version = self.version


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "api_version": api_version,
            "degraded_flags": degraded_flags,
            "guardian": guardian,
            "mode": mode,
            "object": object_,
            "operating_state": operating_state,
            "store": store,
            "time": time,
            "version": version,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.guardian_view import GuardianView # noqa: PLC0415
        from ..models.store_view import StoreView # noqa: PLC0415
        d = dict(src_dict)
        api_version = d.pop("api_version")

        degraded_flags = cast(list[str], d.pop("degraded_flags"))


        guardian = GuardianView.from_dict(d.pop("guardian"))




        mode = d.pop("mode")

        object_ = d.pop("object")

        operating_state = d.pop("operating_state")

        store = StoreView.from_dict(d.pop("store"))




        time = d.pop("time")

        version = d.pop("version")

        status_view = cls(
            api_version=api_version,
            degraded_flags=degraded_flags,
            guardian=guardian,
            mode=mode,
            object_=object_,
            operating_state=operating_state,
            store=store,
            time=time,
            version=version,
        )


        status_view.additional_properties = d
        return status_view

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
