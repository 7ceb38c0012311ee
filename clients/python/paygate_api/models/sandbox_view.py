from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.magic_card import MagicCard
  from ..models.magic_number import MagicNumber
  from ..models.payout_number import PayoutNumber
  from ..models.rail_rule import RailRule
  from ..models.sandbox_bank_account import SandboxBankAccount





T = TypeVar("T", bound="SandboxView")



@_attrs_define
class SandboxView:
    """ 
        Attributes:
            bank_account (SandboxBankAccount):
            card_numbers (list[MagicCard]): Card numbers with documented outcomes (`confirm` with rail card, test
                keys only); any other Luhn-valid number succeeds.
            magic_numbers (list[MagicNumber]): Magic payer numbers; they act on test keys only.
            object_ (str):
            payout_numbers (list[PayoutNumber]): Payout destinations with documented outcomes (`POST /payouts`, test
                keys only); any other destination is paid.
            rail_rules (list[RailRule]): What bank credits, wallet payments and QR scans do.
     """

    bank_account: SandboxBankAccount
    card_numbers: list[MagicCard]
    magic_numbers: list[MagicNumber]
    object_: str
    payout_numbers: list[PayoutNumber]
    rail_rules: list[RailRule]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.magic_card import MagicCard # noqa: PLC0415
        from ..models.magic_number import MagicNumber # noqa: PLC0415
        from ..models.payout_number import PayoutNumber # noqa: PLC0415
        from ..models.rail_rule import RailRule # noqa: PLC0415
        from ..models.sandbox_bank_account import SandboxBankAccount # noqa: PLC0415
        bank_account = self.bank_account.to_dict()

        card_numbers = []
        for card_numbers_item_data in self.card_numbers:
            card_numbers_item = card_numbers_item_data.to_dict()
            card_numbers.append(card_numbers_item)



        magic_numbers = []
        for magic_numbers_item_data in self.magic_numbers:
            magic_numbers_item = magic_numbers_item_data.to_dict()
            magic_numbers.append(magic_numbers_item)



        object_ = self.object_

        payout_numbers = []
        for payout_numbers_item_data in self.payout_numbers:
            payout_numbers_item = payout_numbers_item_data.to_dict()
            payout_numbers.append(payout_numbers_item)



        rail_rules = []
        for rail_rules_item_data in self.rail_rules:
            rail_rules_item = rail_rules_item_data.to_dict()
            rail_rules.append(rail_rules_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bank_account": bank_account,
            "card_numbers": card_numbers,
            "magic_numbers": magic_numbers,
            "object": object_,
            "payout_numbers": payout_numbers,
            "rail_rules": rail_rules,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.magic_card import MagicCard # noqa: PLC0415
        from ..models.magic_number import MagicNumber # noqa: PLC0415
        from ..models.payout_number import PayoutNumber # noqa: PLC0415
        from ..models.rail_rule import RailRule # noqa: PLC0415
        from ..models.sandbox_bank_account import SandboxBankAccount # noqa: PLC0415
        d = dict(src_dict)
        bank_account = SandboxBankAccount.from_dict(d.pop("bank_account"))




        card_numbers = []
        _card_numbers = d.pop("card_numbers")
        for card_numbers_item_data in (_card_numbers):
            card_numbers_item = MagicCard.from_dict(card_numbers_item_data)



            card_numbers.append(card_numbers_item)


        magic_numbers = []
        _magic_numbers = d.pop("magic_numbers")
        for magic_numbers_item_data in (_magic_numbers):
            magic_numbers_item = MagicNumber.from_dict(magic_numbers_item_data)



            magic_numbers.append(magic_numbers_item)


        object_ = d.pop("object")

        payout_numbers = []
        _payout_numbers = d.pop("payout_numbers")
        for payout_numbers_item_data in (_payout_numbers):
            payout_numbers_item = PayoutNumber.from_dict(payout_numbers_item_data)



            payout_numbers.append(payout_numbers_item)


        rail_rules = []
        _rail_rules = d.pop("rail_rules")
        for rail_rules_item_data in (_rail_rules):
            rail_rules_item = RailRule.from_dict(rail_rules_item_data)



            rail_rules.append(rail_rules_item)


        sandbox_view = cls(
            bank_account=bank_account,
            card_numbers=card_numbers,
            magic_numbers=magic_numbers,
            object_=object_,
            payout_numbers=payout_numbers,
            rail_rules=rail_rules,
        )


        sandbox_view.additional_properties = d
        return sandbox_view

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
