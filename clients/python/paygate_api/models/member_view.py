from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.role import Role
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.platform_view import PlatformView





T = TypeVar("T", bound="MemberView")



@_attrs_define
class MemberView:
    """ 
        Attributes:
            created_at (str):
            email (str):
            has_pin (bool):
            id (str):
            object_ (str): Always `team_member`.
            role (Role):
            status (str): `active` or `disabled`.
            updated_at (str):
            platform (None | PlatformView | Unset):
     """

    created_at: str
    email: str
    has_pin: bool
    id: str
    object_: str
    role: Role
    status: str
    updated_at: str
    platform: None | PlatformView | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.platform_view import PlatformView # noqa: PLC0415
        created_at = self.created_at

        email = self.email

        has_pin = self.has_pin

        id = self.id

        object_ = self.object_

        role = self.role.value

        status = self.status

        updated_at = self.updated_at

        platform: dict[str, Any] | None | Unset
        if isinstance(self.platform, Unset):
            platform = UNSET
        elif isinstance(self.platform, PlatformView):
            platform = self.platform.to_dict()
        else:
            platform = self.platform


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created_at": created_at,
            "email": email,
            "has_pin": has_pin,
            "id": id,
            "object": object_,
            "role": role,
            "status": status,
            "updated_at": updated_at,
        })
        if platform is not UNSET:
            field_dict["platform"] = platform

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.platform_view import PlatformView # noqa: PLC0415
        d = dict(src_dict)
        created_at = d.pop("created_at")

        email = d.pop("email")

        has_pin = d.pop("has_pin")

        id = d.pop("id")

        object_ = d.pop("object")

        role = Role(d.pop("role"))




        status = d.pop("status")

        updated_at = d.pop("updated_at")

        def _parse_platform(data: object) -> None | PlatformView | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                platform_type_0 = PlatformView.from_dict(data)



                return platform_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlatformView | Unset, data)

        platform = _parse_platform(d.pop("platform", UNSET))


        member_view = cls(
            created_at=created_at,
            email=email,
            has_pin=has_pin,
            id=id,
            object_=object_,
            role=role,
            status=status,
            updated_at=updated_at,
            platform=platform,
        )


        member_view.additional_properties = d
        return member_view

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
