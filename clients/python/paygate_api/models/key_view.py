from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.key_kind import KeyKind
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="KeyView")



@_attrs_define
class KeyView:
    """ 
        Attributes:
            allowlist (list[str]):
            created_at (str):
            id (str):
            kind (KeyKind):
            label (str):
            livemode (bool):
            object_ (str): Always `api_key`.
            redacted (str): The first characters of the secret (`sk_test_AbC4`).
            scopes (list[str]):
            status (str): `active` or `revoked`.
            created_by (None | str | Unset): The team member who created (or last rotated) the key: the key acts
                with that member's identity in the audit log and in maker-checker
                rules. None for keys made by the CLI or `init`.
            revoked_at (None | str | Unset):
            rotated_from (None | str | Unset):
            secret (None | str | Unset): The secret: in the create and rotate responses only.
     """

    allowlist: list[str]
    created_at: str
    id: str
    kind: KeyKind
    label: str
    livemode: bool
    object_: str
    redacted: str
    scopes: list[str]
    status: str
    created_by: None | str | Unset = UNSET
    revoked_at: None | str | Unset = UNSET
    rotated_from: None | str | Unset = UNSET
    secret: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        allowlist = self.allowlist



        created_at = self.created_at

        id = self.id

        kind = self.kind.value

        label = self.label

        livemode = self.livemode

        object_ = self.object_

        redacted = self.redacted

        scopes = self.scopes



        status = self.status

        created_by: None | str | Unset
        if isinstance(self.created_by, Unset):
            created_by = UNSET
        else:
            created_by = self.created_by

        revoked_at: None | str | Unset
        if isinstance(self.revoked_at, Unset):
            revoked_at = UNSET
        else:
            revoked_at = self.revoked_at

        rotated_from: None | str | Unset
        if isinstance(self.rotated_from, Unset):
            rotated_from = UNSET
        else:
            rotated_from = self.rotated_from

        secret: None | str | Unset
        if isinstance(self.secret, Unset):
            secret = UNSET
        else:
            secret = self.secret


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "allowlist": allowlist,
            "created_at": created_at,
            "id": id,
            "kind": kind,
            "label": label,
            "livemode": livemode,
            "object": object_,
            "redacted": redacted,
            "scopes": scopes,
            "status": status,
        })
        if created_by is not UNSET:
            field_dict["created_by"] = created_by
        if revoked_at is not UNSET:
            field_dict["revoked_at"] = revoked_at
        if rotated_from is not UNSET:
            field_dict["rotated_from"] = rotated_from
        if secret is not UNSET:
            field_dict["secret"] = secret

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        allowlist = cast(list[str], d.pop("allowlist"))


        created_at = d.pop("created_at")

        id = d.pop("id")

        kind = KeyKind(d.pop("kind"))




        label = d.pop("label")

        livemode = d.pop("livemode")

        object_ = d.pop("object")

        redacted = d.pop("redacted")

        scopes = cast(list[str], d.pop("scopes"))


        status = d.pop("status")

        def _parse_created_by(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        created_by = _parse_created_by(d.pop("created_by", UNSET))


        def _parse_revoked_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        revoked_at = _parse_revoked_at(d.pop("revoked_at", UNSET))


        def _parse_rotated_from(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rotated_from = _parse_rotated_from(d.pop("rotated_from", UNSET))


        def _parse_secret(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        secret = _parse_secret(d.pop("secret", UNSET))


        key_view = cls(
            allowlist=allowlist,
            created_at=created_at,
            id=id,
            kind=kind,
            label=label,
            livemode=livemode,
            object_=object_,
            redacted=redacted,
            scopes=scopes,
            status=status,
            created_by=created_by,
            revoked_at=revoked_at,
            rotated_from=rotated_from,
            secret=secret,
        )


        key_view.additional_properties = d
        return key_view

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
