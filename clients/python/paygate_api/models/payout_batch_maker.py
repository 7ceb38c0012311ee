from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PayoutBatchMaker")



@_attrs_define
class PayoutBatchMaker:
    """ Who made the batch (the maker of maker-checker).

        Attributes:
            acts_as_owner (bool): The member is an owner of the organisation; an API key acts as the
                owner (origin section 12), so it is true for a key too.
            kind (str): `member` (a team member's session) or `api_key`.
            email (None | str | Unset): The member's e-mail when a member's session made it: the name a
                checker reads (decision 470); none for a key, or a batch made before.
            key_id (None | str | Unset):
            member_id (None | str | Unset): The team member: the session's, or the one who created the API key
                (a key acts with its creator's identity; none for a key made by the
                CLI or `init`).
     """

    acts_as_owner: bool
    kind: str
    email: None | str | Unset = UNSET
    key_id: None | str | Unset = UNSET
    member_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        acts_as_owner = self.acts_as_owner

        kind = self.kind

        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        key_id: None | str | Unset
        if isinstance(self.key_id, Unset):
            key_id = UNSET
        else:
            key_id = self.key_id

        member_id: None | str | Unset
        if isinstance(self.member_id, Unset):
            member_id = UNSET
        else:
            member_id = self.member_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "acts_as_owner": acts_as_owner,
            "kind": kind,
        })
        if email is not UNSET:
            field_dict["email"] = email
        if key_id is not UNSET:
            field_dict["key_id"] = key_id
        if member_id is not UNSET:
            field_dict["member_id"] = member_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        acts_as_owner = d.pop("acts_as_owner")

        kind = d.pop("kind")

        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))


        def _parse_key_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        key_id = _parse_key_id(d.pop("key_id", UNSET))


        def _parse_member_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        member_id = _parse_member_id(d.pop("member_id", UNSET))


        payout_batch_maker = cls(
            acts_as_owner=acts_as_owner,
            kind=kind,
            email=email,
            key_id=key_id,
            member_id=member_id,
        )


        payout_batch_maker.additional_properties = d
        return payout_batch_maker

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
