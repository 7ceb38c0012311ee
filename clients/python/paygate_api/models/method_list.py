from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.policy import Policy
from typing import cast

if TYPE_CHECKING:
  from ..models.ranked_method import RankedMethod





T = TypeVar("T", bound="MethodList")



@_attrs_define
class MethodList:
    """ 
        Attributes:
            data (list[RankedMethod]): Usable methods first, then best score first under `policy` (docs/ranking.md).
            object_ (str): Always `list`.
            payment_intent (str):
            policy (Policy): How candidates are ordered (`payment_method_policy` of an intent,
                `policy` of a transfer quote).
     """

    data: list[RankedMethod]
    object_: str
    payment_intent: str
    policy: Policy
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ranked_method import RankedMethod # noqa: PLC0415
        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)



        object_ = self.object_

        payment_intent = self.payment_intent

        policy = self.policy.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "data": data,
            "object": object_,
            "payment_intent": payment_intent,
            "policy": policy,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ranked_method import RankedMethod # noqa: PLC0415
        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in (_data):
            data_item = RankedMethod.from_dict(data_item_data)



            data.append(data_item)


        object_ = d.pop("object")

        payment_intent = d.pop("payment_intent")

        policy = Policy(d.pop("policy"))




        method_list = cls(
            data=data,
            object_=object_,
            payment_intent=payment_intent,
            policy=policy,
        )


        method_list.additional_properties = d
        return method_list

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
