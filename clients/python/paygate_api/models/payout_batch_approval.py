from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.payout_batch_maker import PayoutBatchMaker





T = TypeVar("T", bound="PayoutBatchApproval")



@_attrs_define
class PayoutBatchApproval:
    """ 
        Attributes:
            api_keys_may_approve (bool): An API key (acting as the owner) may approve it: only a batch made
                (and edited) by team members who are not owners, through a key none
                of them made.
            maker (PayoutBatchMaker): Who made the batch (the maker of maker-checker).
            maker_needs_step_up (bool): The maker may approve it only with step-up (always true).
            rule (str): The rule, for a person.
     """

    api_keys_may_approve: bool
    maker: PayoutBatchMaker
    maker_needs_step_up: bool
    rule: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.payout_batch_maker import PayoutBatchMaker # noqa: PLC0415
        api_keys_may_approve = self.api_keys_may_approve

        maker = self.maker.to_dict()

        maker_needs_step_up = self.maker_needs_step_up

        rule = self.rule


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "api_keys_may_approve": api_keys_may_approve,
            "maker": maker,
            "maker_needs_step_up": maker_needs_step_up,
            "rule": rule,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.payout_batch_maker import PayoutBatchMaker # noqa: PLC0415
        d = dict(src_dict)
        api_keys_may_approve = d.pop("api_keys_may_approve")

        maker = PayoutBatchMaker.from_dict(d.pop("maker"))




        maker_needs_step_up = d.pop("maker_needs_step_up")

        rule = d.pop("rule")

        payout_batch_approval = cls(
            api_keys_may_approve=api_keys_may_approve,
            maker=maker,
            maker_needs_step_up=maker_needs_step_up,
            rule=rule,
        )


        payout_batch_approval.additional_properties = d
        return payout_batch_approval

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
