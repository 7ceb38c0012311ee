from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.payout_destination_type_0_method import PayoutDestinationType0Method
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PayoutDestinationType0")



@_attrs_define
class PayoutDestinationType0:
    """ 
        Attributes:
            method (PayoutDestinationType0Method):
            operator (str): The operator of the rail catalogue (`mpesa`).
            operator_id (str): As sent, lower-cased (`mpesa_cd`).
            phone (str): E.164 with its `+`.
            name (None | str | Unset):
     """

    method: PayoutDestinationType0Method
    operator: str
    operator_id: str
    phone: str
    name: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        method = self.method.value

        operator = self.operator

        operator_id = self.operator_id

        phone = self.phone

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "method": method,
            "operator": operator,
            "operator_id": operator_id,
            "phone": phone,
        })
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        method = PayoutDestinationType0Method(d.pop("method"))




        operator = d.pop("operator")

        operator_id = d.pop("operator_id")

        phone = d.pop("phone")

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))


        payout_destination_type_0 = cls(
            method=method,
            operator=operator,
            operator_id=operator_id,
            phone=phone,
            name=name,
        )


        payout_destination_type_0.additional_properties = d
        return payout_destination_type_0

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
