from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.credit_consent_status import CreditConsentStatus
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CreditConsentView")



@_attrs_define
class CreditConsentView:
    """ What the API shows of a consent (the code only in the creating answer).

        Attributes:
            code_last4 (str):
            created_at (str):
            days (int):
            expires_at (str):
            id (str):
            livemode (bool):
            object_ (str): Always `credit_consent`.
            status (CreditConsentStatus):
            code (None | str | Unset): `CR-XXXXXX-XXXXXX`: shown once, in the answer that creates it.
            revoked_at (None | str | Unset):
     """

    code_last4: str
    created_at: str
    days: int
    expires_at: str
    id: str
    livemode: bool
    object_: str
    status: CreditConsentStatus
    code: None | str | Unset = UNSET
    revoked_at: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        code_last4 = self.code_last4

        created_at = self.created_at

        days = self.days

        expires_at = self.expires_at

        id = self.id

        livemode = self.livemode

        object_ = self.object_

        status = self.status.value

        code: None | str | Unset
        if isinstance(self.code, Unset):
            code = UNSET
        else:
            code = self.code

        revoked_at: None | str | Unset
        if isinstance(self.revoked_at, Unset):
            revoked_at = UNSET
        else:
            revoked_at = self.revoked_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "code_last4": code_last4,
            "created_at": created_at,
            "days": days,
            "expires_at": expires_at,
            "id": id,
            "livemode": livemode,
            "object": object_,
            "status": status,
        })
        if code is not UNSET:
            field_dict["code"] = code
        if revoked_at is not UNSET:
            field_dict["revoked_at"] = revoked_at

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code_last4 = d.pop("code_last4")

        created_at = d.pop("created_at")

        days = d.pop("days")

        expires_at = d.pop("expires_at")

        id = d.pop("id")

        livemode = d.pop("livemode")

        object_ = d.pop("object")

        status = CreditConsentStatus(d.pop("status"))




        def _parse_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        code = _parse_code(d.pop("code", UNSET))


        def _parse_revoked_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        revoked_at = _parse_revoked_at(d.pop("revoked_at", UNSET))


        credit_consent_view = cls(
            code_last4=code_last4,
            created_at=created_at,
            days=days,
            expires_at=expires_at,
            id=id,
            livemode=livemode,
            object_=object_,
            status=status,
            code=code,
            revoked_at=revoked_at,
        )


        credit_consent_view.additional_properties = d
        return credit_consent_view

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
