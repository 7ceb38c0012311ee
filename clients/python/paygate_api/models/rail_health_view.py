from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.circuit import Circuit
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="RailHealthView")



@_attrs_define
class RailHealthView:
    """ A provider's health, from the answers the dispatcher recorded.

        Attributes:
            circuit (Circuit):
            error_rate (float): Faults per call over the current hour, 0 to 1.
            faults_in_a_row (int):
            last_fault_at (None | str | Unset):
            last_success_at (None | str | Unset):
     """

    circuit: Circuit
    error_rate: float
    faults_in_a_row: int
    last_fault_at: None | str | Unset = UNSET
    last_success_at: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        circuit = self.circuit.value

        error_rate = self.error_rate

        faults_in_a_row = self.faults_in_a_row

        last_fault_at: None | str | Unset
        if isinstance(self.last_fault_at, Unset):
            last_fault_at = UNSET
        else:
            last_fault_at = self.last_fault_at

        last_success_at: None | str | Unset
        if isinstance(self.last_success_at, Unset):
            last_success_at = UNSET
        else:
            last_success_at = self.last_success_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "circuit": circuit,
            "error_rate": error_rate,
            "faults_in_a_row": faults_in_a_row,
        })
        if last_fault_at is not UNSET:
            field_dict["last_fault_at"] = last_fault_at
        if last_success_at is not UNSET:
            field_dict["last_success_at"] = last_success_at

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        circuit = Circuit(d.pop("circuit"))




        error_rate = d.pop("error_rate")

        faults_in_a_row = d.pop("faults_in_a_row")

        def _parse_last_fault_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_fault_at = _parse_last_fault_at(d.pop("last_fault_at", UNSET))


        def _parse_last_success_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_success_at = _parse_last_success_at(d.pop("last_success_at", UNSET))


        rail_health_view = cls(
            circuit=circuit,
            error_rate=error_rate,
            faults_in_a_row=faults_in_a_row,
            last_fault_at=last_fault_at,
            last_success_at=last_success_at,
        )


        rail_health_view.additional_properties = d
        return rail_health_view

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
