from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CustomerInput")



@_attrs_define
class CustomerInput:
    """ 
        Attributes:
            email (None | str | Unset):
            msisdn (None | str | Unset): E.164: payment requests go to it.
            reference (None | str | Unset):
     """

    email: None | str | Unset = UNSET
    msisdn: None | str | Unset = UNSET
    reference: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        msisdn: None | str | Unset
        if isinstance(self.msisdn, Unset):
            msisdn = UNSET
        else:
            msisdn = self.msisdn

        reference: None | str | Unset
        if isinstance(self.reference, Unset):
            reference = UNSET
        else:
            reference = self.reference


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if email is not UNSET:
            field_dict["email"] = email
        if msisdn is not UNSET:
            field_dict["msisdn"] = msisdn
        if reference is not UNSET:
            field_dict["reference"] = reference

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))


        def _parse_msisdn(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        msisdn = _parse_msisdn(d.pop("msisdn", UNSET))


        def _parse_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reference = _parse_reference(d.pop("reference", UNSET))


        customer_input = cls(
            email=email,
            msisdn=msisdn,
            reference=reference,
        )

        return customer_input

