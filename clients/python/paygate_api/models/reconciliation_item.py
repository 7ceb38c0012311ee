from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ReconciliationItem")



@_attrs_define
class ReconciliationItem:
    """ One difference.

        Attributes:
            reason (str): What differs: `not_in_report`, `not_in_gateway`, `amount`,
                `currency`, `outcome`, `not_in_ledger`.
            reference (str): The request id (the report's `reference`).
            gateway_amount_minor (int | None | Unset):
            gateway_status (None | str | Unset): The gateway's status of the request (`SUCCEEDED`, `FAILED`, ...).
            line (int | None | Unset): The report's line, when the report has it.
            report_amount_minor (int | None | Unset):
            target (None | str | Unset): The payment intent or payout it served.
     """

    reason: str
    reference: str
    gateway_amount_minor: int | None | Unset = UNSET
    gateway_status: None | str | Unset = UNSET
    line: int | None | Unset = UNSET
    report_amount_minor: int | None | Unset = UNSET
    target: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        reason = self.reason

        reference = self.reference

        gateway_amount_minor: int | None | Unset
        if isinstance(self.gateway_amount_minor, Unset):
            gateway_amount_minor = UNSET
        else:
            gateway_amount_minor = self.gateway_amount_minor

        gateway_status: None | str | Unset
        if isinstance(self.gateway_status, Unset):
            gateway_status = UNSET
        else:
            gateway_status = self.gateway_status

        line: int | None | Unset
        if isinstance(self.line, Unset):
            line = UNSET
        else:
            line = self.line

        report_amount_minor: int | None | Unset
        if isinstance(self.report_amount_minor, Unset):
            report_amount_minor = UNSET
        else:
            report_amount_minor = self.report_amount_minor

        target: None | str | Unset
        if isinstance(self.target, Unset):
            target = UNSET
        else:
            target = self.target


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "reason": reason,
            "reference": reference,
        })
        if gateway_amount_minor is not UNSET:
            field_dict["gateway_amount_minor"] = gateway_amount_minor
        if gateway_status is not UNSET:
            field_dict["gateway_status"] = gateway_status
        if line is not UNSET:
            field_dict["line"] = line
        if report_amount_minor is not UNSET:
            field_dict["report_amount_minor"] = report_amount_minor
        if target is not UNSET:
            field_dict["target"] = target

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reason = d.pop("reason")

        reference = d.pop("reference")

        def _parse_gateway_amount_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        gateway_amount_minor = _parse_gateway_amount_minor(d.pop("gateway_amount_minor", UNSET))


        def _parse_gateway_status(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        gateway_status = _parse_gateway_status(d.pop("gateway_status", UNSET))


        def _parse_line(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        line = _parse_line(d.pop("line", UNSET))


        def _parse_report_amount_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        report_amount_minor = _parse_report_amount_minor(d.pop("report_amount_minor", UNSET))


        def _parse_target(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        target = _parse_target(d.pop("target", UNSET))


        reconciliation_item = cls(
            reason=reason,
            reference=reference,
            gateway_amount_minor=gateway_amount_minor,
            gateway_status=gateway_status,
            line=line,
            report_amount_minor=report_amount_minor,
            target=target,
        )


        reconciliation_item.additional_properties = d
        return reconciliation_item

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
