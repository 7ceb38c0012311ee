from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.role import Role
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="AddMember")



@_attrs_define
class AddMember:
    """ 
        Attributes:
            email (str):
            password (str): The initial password (12 to 256 characters), to hand to the member.
            role (Role):
            pin (None | str | Unset): A 6 to 12 digit PIN for step-up.
     """

    email: str
    password: str
    role: Role
    pin: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        email = self.email

        password = self.password

        role = self.role.value

        pin: None | str | Unset
        if isinstance(self.pin, Unset):
            pin = UNSET
        else:
            pin = self.pin


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "email": email,
            "password": password,
            "role": role,
        })
        if pin is not UNSET:
            field_dict["pin"] = pin

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        password = d.pop("password")

        role = Role(d.pop("role"))




        def _parse_pin(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pin = _parse_pin(d.pop("pin", UNSET))


        add_member = cls(
            email=email,
            password=password,
            role=role,
            pin=pin,
        )

        return add_member

