from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Login")



@_attrs_define
class Login:
    """ 
        Attributes:
            email (str):
            password (str):
            organisation (None | str | Unset): The organisation to sign in to (`org_...`). Needed only when the
                email and password are a member's in several organisations: such a
                login without it is answered 409 `organisation_required`, listing them.
     """

    email: str
    password: str
    organisation: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        email = self.email

        password = self.password

        organisation: None | str | Unset
        if isinstance(self.organisation, Unset):
            organisation = UNSET
        else:
            organisation = self.organisation


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "email": email,
            "password": password,
        })
        if organisation is not UNSET:
            field_dict["organisation"] = organisation

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        password = d.pop("password")

        def _parse_organisation(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        organisation = _parse_organisation(d.pop("organisation", UNSET))


        login = cls(
            email=email,
            password=password,
            organisation=organisation,
        )

        return login

