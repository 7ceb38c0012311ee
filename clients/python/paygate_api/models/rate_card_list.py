from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.purpose_view import PurposeView
  from ..models.rate_card_view import RateCardView





T = TypeVar("T", bound="RateCardList")



@_attrs_define
class RateCardList:
    """ 
        Attributes:
            data (list[RateCardView]):
            object_ (str): Always `list`.
            purposes (list[PurposeView]):
            restricted (list[str]): The restricted purpose codes.
     """

    data: list[RateCardView]
    object_: str
    purposes: list[PurposeView]
    restricted: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.purpose_view import PurposeView # noqa: PLC0415
        from ..models.rate_card_view import RateCardView # noqa: PLC0415
        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)



        object_ = self.object_

        purposes = []
        for purposes_item_data in self.purposes:
            purposes_item = purposes_item_data.to_dict()
            purposes.append(purposes_item)



        restricted = self.restricted




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "data": data,
            "object": object_,
            "purposes": purposes,
            "restricted": restricted,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.purpose_view import PurposeView # noqa: PLC0415
        from ..models.rate_card_view import RateCardView # noqa: PLC0415
        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in (_data):
            data_item = RateCardView.from_dict(data_item_data)



            data.append(data_item)


        object_ = d.pop("object")

        purposes = []
        _purposes = d.pop("purposes")
        for purposes_item_data in (_purposes):
            purposes_item = PurposeView.from_dict(purposes_item_data)



            purposes.append(purposes_item)


        restricted = cast(list[str], d.pop("restricted"))


        rate_card_list = cls(
            data=data,
            object_=object_,
            purposes=purposes,
            restricted=restricted,
        )


        rate_card_list.additional_properties = d
        return rate_card_list

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
