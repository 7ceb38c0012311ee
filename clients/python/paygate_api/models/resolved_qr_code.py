from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.qr_status import QrStatus
from ..models.revoke_reason import RevokeReason
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ResolvedQrCode")



@_attrs_define
class ResolvedQrCode:
    """ 
        Attributes:
            id (str):
            status (QrStatus):
            location (None | str | Unset):
            revocation_reason (None | RevokeReason | Unset):
            terminal (None | str | Unset):
     """

    id: str
    status: QrStatus
    location: None | str | Unset = UNSET
    revocation_reason: None | RevokeReason | Unset = UNSET
    terminal: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        status = self.status.value

        location: None | str | Unset
        if isinstance(self.location, Unset):
            location = UNSET
        else:
            location = self.location

        revocation_reason: None | str | Unset
        if isinstance(self.revocation_reason, Unset):
            revocation_reason = UNSET
        elif isinstance(self.revocation_reason, RevokeReason):
            revocation_reason = self.revocation_reason.value
        else:
            revocation_reason = self.revocation_reason

        terminal: None | str | Unset
        if isinstance(self.terminal, Unset):
            terminal = UNSET
        else:
            terminal = self.terminal


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "status": status,
        })
        if location is not UNSET:
            field_dict["location"] = location
        if revocation_reason is not UNSET:
            field_dict["revocation_reason"] = revocation_reason
        if terminal is not UNSET:
            field_dict["terminal"] = terminal

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        status = QrStatus(d.pop("status"))




        def _parse_location(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        location = _parse_location(d.pop("location", UNSET))


        def _parse_revocation_reason(data: object) -> None | RevokeReason | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                revocation_reason_type_0 = RevokeReason(data)



                return revocation_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RevokeReason | Unset, data)

        revocation_reason = _parse_revocation_reason(d.pop("revocation_reason", UNSET))


        def _parse_terminal(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        terminal = _parse_terminal(d.pop("terminal", UNSET))


        resolved_qr_code = cls(
            id=id,
            status=status,
            location=location,
            revocation_reason=revocation_reason,
            terminal=terminal,
        )


        resolved_qr_code.additional_properties = d
        return resolved_qr_code

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
