from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.audit_view_details import AuditViewDetails





T = TypeVar("T", bound="AuditView")



@_attrs_define
class AuditView:
    """ 
        Attributes:
            action (str):
            actor_organisation (str): The organisation of the actor: a platform acting for this connected
                account (Service-Account) is named here in the customer's log.
            actor_type (str): `member`, `api_key`, `cli` or `anonymous`.
            created_at (str):
            details (AuditViewDetails):
            id (str):
            object_ (str): Always `audit_entry`.
            account (None | str | Unset): The connected account acted for (Service-Account), if any.
            api_key (None | str | Unset):
            client_ip (None | str | Unset):
            email (None | str | Unset):
            livemode (bool | None | Unset):
            member (None | str | Unset):
            target (None | str | Unset):
     """

    action: str
    actor_organisation: str
    actor_type: str
    created_at: str
    details: AuditViewDetails
    id: str
    object_: str
    account: None | str | Unset = UNSET
    api_key: None | str | Unset = UNSET
    client_ip: None | str | Unset = UNSET
    email: None | str | Unset = UNSET
    livemode: bool | None | Unset = UNSET
    member: None | str | Unset = UNSET
    target: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.audit_view_details import AuditViewDetails # noqa: PLC0415
        action = self.action

        actor_organisation = self.actor_organisation

        actor_type = self.actor_type

        created_at = self.created_at

        details = self.details.to_dict()

        id = self.id

        object_ = self.object_

        account: None | str | Unset
        if isinstance(self.account, Unset):
            account = UNSET
        else:
            account = self.account

        api_key: None | str | Unset
        if isinstance(self.api_key, Unset):
            api_key = UNSET
        else:
            api_key = self.api_key

        client_ip: None | str | Unset
        if isinstance(self.client_ip, Unset):
            client_ip = UNSET
        else:
            client_ip = self.client_ip

        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        livemode: bool | None | Unset
        if isinstance(self.livemode, Unset):
            livemode = UNSET
        else:
            livemode = self.livemode

        member: None | str | Unset
        if isinstance(self.member, Unset):
            member = UNSET
        else:
            member = self.member

        target: None | str | Unset
        if isinstance(self.target, Unset):
            target = UNSET
        else:
            target = self.target


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "action": action,
            "actor_organisation": actor_organisation,
            "actor_type": actor_type,
            "created_at": created_at,
            "details": details,
            "id": id,
            "object": object_,
        })
        if account is not UNSET:
            field_dict["account"] = account
        if api_key is not UNSET:
            field_dict["api_key"] = api_key
        if client_ip is not UNSET:
            field_dict["client_ip"] = client_ip
        if email is not UNSET:
            field_dict["email"] = email
        if livemode is not UNSET:
            field_dict["livemode"] = livemode
        if member is not UNSET:
            field_dict["member"] = member
        if target is not UNSET:
            field_dict["target"] = target

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audit_view_details import AuditViewDetails # noqa: PLC0415
        d = dict(src_dict)
        action = d.pop("action")

        actor_organisation = d.pop("actor_organisation")

        actor_type = d.pop("actor_type")

        created_at = d.pop("created_at")

        details = AuditViewDetails.from_dict(d.pop("details"))




        id = d.pop("id")

        object_ = d.pop("object")

        def _parse_account(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        account = _parse_account(d.pop("account", UNSET))


        def _parse_api_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        api_key = _parse_api_key(d.pop("api_key", UNSET))


        def _parse_client_ip(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_ip = _parse_client_ip(d.pop("client_ip", UNSET))


        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))


        def _parse_livemode(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        livemode = _parse_livemode(d.pop("livemode", UNSET))


        def _parse_member(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        member = _parse_member(d.pop("member", UNSET))


        def _parse_target(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        target = _parse_target(d.pop("target", UNSET))


        audit_view = cls(
            action=action,
            actor_organisation=actor_organisation,
            actor_type=actor_type,
            created_at=created_at,
            details=details,
            id=id,
            object_=object_,
            account=account,
            api_key=api_key,
            client_ip=client_ip,
            email=email,
            livemode=livemode,
            member=member,
            target=target,
        )


        audit_view.additional_properties = d
        return audit_view

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
