from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.currency_balance import CurrencyBalance





T = TypeVar("T", bound="BalanceView")



@_attrs_define
class BalanceView:
    """ 
        Attributes:
            balances (list[CurrencyBalance]): One entry per currency the owner has ever held, sorted by currency.
            livemode (bool):
            object_ (str): Always `balance`.
     """

    balances: list[CurrencyBalance]
    livemode: bool
    object_: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.currency_balance import CurrencyBalance # noqa: PLC0415
        balances = []
        for balances_item_data in self.balances:
            balances_item = balances_item_data.to_dict()
            balances.append(balances_item)



        livemode = self.livemode

        object_ = self.object_


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "balances": balances,
            "livemode": livemode,
            "object": object_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.currency_balance import CurrencyBalance # noqa: PLC0415
        d = dict(src_dict)
        balances = []
        _balances = d.pop("balances")
        for balances_item_data in (_balances):
            balances_item = CurrencyBalance.from_dict(balances_item_data)



            balances.append(balances_item)


        livemode = d.pop("livemode")

        object_ = d.pop("object")

        balance_view = cls(
            balances=balances,
            livemode=livemode,
            object_=object_,
        )


        balance_view.additional_properties = d
        return balance_view

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
