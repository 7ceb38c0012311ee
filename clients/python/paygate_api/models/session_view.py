from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.member_view import MemberView





T = TypeVar("T", bound="SessionView")



@_attrs_define
class SessionView:
    """ 
        Attributes:
            created_at (str):
            expires_at (str): Absolute expiry; the session also ends after `idle_timeout_secs` without use.
            id (str):
            idle_timeout_secs (int):
            member (MemberView):
            object_ (str): Always `session`.
            token (None | str | Unset): The bearer token (`sess_...`): in the login response only.
     """

    created_at: str
    expires_at: str
    id: str
    idle_timeout_secs: int
    member: MemberView
    object_: str
    token: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.member_view import MemberView # noqa: PLC0415
        created_at = self.created_at

        expires_at = self.expires_at

        id = self.id

        idle_timeout_secs = self.idle_timeout_secs

        member = self.member.to_dict()

        object_ = self.object_

        token: None | str | Unset
        if isinstance(self.token, Unset):
            token = UNSET
        else:
            token = self.token


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created_at": created_at,
            "expires_at": expires_at,
            "id": id,
            "idle_timeout_secs": idle_timeout_secs,
            "member": member,
            "object": object_,
        })
        if token is not UNSET:
            field_dict["token"] = token

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.member_view import MemberView # noqa: PLC0415
        d = dict(src_dict)
        created_at = d.pop("created_at")

        expires_at = d.pop("expires_at")

        id = d.pop("id")

        idle_timeout_secs = d.pop("idle_timeout_secs")

        member = MemberView.from_dict(d.pop("member"))




        object_ = d.pop("object")

        def _parse_token(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        token = _parse_token(d.pop("token", UNSET))


        session_view = cls(
            created_at=created_at,
            expires_at=expires_at,
            id=id,
            idle_timeout_secs=idle_timeout_secs,
            member=member,
            object_=object_,
            token=token,
        )


        session_view.additional_properties = d
        return session_view

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
