from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.qr_status import QrStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.outcomes import Outcomes





T = TypeVar("T", bound="CodeScans")



@_attrs_define
class CodeScans:
    """ 
        Attributes:
            outcomes (Outcomes): Resolve outcomes counted per code.
            qr_code (str):
            scans (int):
            status (QrStatus):
            last_scanned_at (None | str | Unset):
            location (None | str | Unset):
            terminal (None | str | Unset):
     """

    outcomes: Outcomes
    qr_code: str
    scans: int
    status: QrStatus
    last_scanned_at: None | str | Unset = UNSET
    location: None | str | Unset = UNSET
    terminal: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.outcomes import Outcomes # noqa: PLC0415
        outcomes = self.outcomes.to_dict()

        qr_code = self.qr_code

        scans = self.scans

        status = self.status.value

        last_scanned_at: None | str | Unset
        if isinstance(self.last_scanned_at, Unset):
            last_scanned_at = UNSET
        else:
            last_scanned_at = self.last_scanned_at

        location: None | str | Unset
        if isinstance(self.location, Unset):
            location = UNSET
        else:
            location = self.location

        terminal: None | str | Unset
        if isinstance(self.terminal, Unset):
            terminal = UNSET
        else:
            terminal = self.terminal


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "outcomes": outcomes,
            "qr_code": qr_code,
            "scans": scans,
            "status": status,
        })
        if last_scanned_at is not UNSET:
            field_dict["last_scanned_at"] = last_scanned_at
        if location is not UNSET:
            field_dict["location"] = location
        if terminal is not UNSET:
            field_dict["terminal"] = terminal

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.outcomes import Outcomes # noqa: PLC0415
        d = dict(src_dict)
        outcomes = Outcomes.from_dict(d.pop("outcomes"))




        qr_code = d.pop("qr_code")

        scans = d.pop("scans")

        status = QrStatus(d.pop("status"))




        def _parse_last_scanned_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_scanned_at = _parse_last_scanned_at(d.pop("last_scanned_at", UNSET))


        def _parse_location(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        location = _parse_location(d.pop("location", UNSET))


        def _parse_terminal(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        terminal = _parse_terminal(d.pop("terminal", UNSET))


        code_scans = cls(
            outcomes=outcomes,
            qr_code=qr_code,
            scans=scans,
            status=status,
            last_scanned_at=last_scanned_at,
            location=location,
            terminal=terminal,
        )


        code_scans.additional_properties = d
        return code_scans

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
