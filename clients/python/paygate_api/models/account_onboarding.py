from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="AccountOnboarding")



@_attrs_define
class AccountOnboarding:
    """ 
        Attributes:
            claimed (bool): The customer set a password through a claim link.
            claim_link_expires_at (None | str | Unset): When the current claim link stops working (none: no live link).
            claimed_at (None | str | Unset):
     """

    claimed: bool
    claim_link_expires_at: None | str | Unset = UNSET
    claimed_at: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        claimed = self.claimed

        claim_link_expires_at: None | str | Unset
        if isinstance(self.claim_link_expires_at, Unset):
            claim_link_expires_at = UNSET
        else:
            claim_link_expires_at = self.claim_link_expires_at

        claimed_at: None | str | Unset
        if isinstance(self.claimed_at, Unset):
            claimed_at = UNSET
        else:
            claimed_at = self.claimed_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "claimed": claimed,
        })
        if claim_link_expires_at is not UNSET:
            field_dict["claim_link_expires_at"] = claim_link_expires_at
        if claimed_at is not UNSET:
            field_dict["claimed_at"] = claimed_at

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        claimed = d.pop("claimed")

        def _parse_claim_link_expires_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        claim_link_expires_at = _parse_claim_link_expires_at(d.pop("claim_link_expires_at", UNSET))


        def _parse_claimed_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        claimed_at = _parse_claimed_at(d.pop("claimed_at", UNSET))


        account_onboarding = cls(
            claimed=claimed,
            claim_link_expires_at=claim_link_expires_at,
            claimed_at=claimed_at,
        )


        account_onboarding.additional_properties = d
        return account_onboarding

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
