from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.event_data import EventData
  from ..models.resource_ref import ResourceRef





T = TypeVar("T", bound="EventView")



@_attrs_define
class EventView:
    """ An event as clients and webhook receivers see it.

        Attributes:
            api_version (str):
            created (int): Unix seconds.
            created_at (str):
            data (EventData):
            emitted_at (str): When this copy was sent: the attempt's time in a webhook delivery (it
                changes between retries, like the signatures' `t`); `occurred_at` in `GET /events`.
            event (str): The same as `type`, under the origin's name for it.
            id (str):
            livemode (bool):
            object_ (str): Always `event`.
            occurred_at (str): When the change happened: the event commits with it, so the same as `created_at`.
            resource (ResourceRef):
            schema_version (int): The layout version of this envelope: 1.
            type_ (str):
            account (None | str | Unset): The connected account the event belongs to, when there is one.
     """

    api_version: str
    created: int
    created_at: str
    data: EventData
    emitted_at: str
    event: str
    id: str
    livemode: bool
    object_: str
    occurred_at: str
    resource: ResourceRef
    schema_version: int
    type_: str
    account: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.event_data import EventData # noqa: PLC0415
        from ..models.resource_ref import ResourceRef # noqa: PLC0415
        api_version = self.api_version

        created = self.created

        created_at = self.created_at

        data = self.data.to_dict()

        emitted_at = self.emitted_at

        event = self.event

        id = self.id

        livemode = self.livemode

        object_ = self.object_

        occurred_at = self.occurred_at

        resource = self.resource.to_dict()

        schema_version = self.schema_version

        type_ = self.type_

        account: None | str | Unset
        if isinstance(self.account, Unset):
            account = UNSET
        else:
            account = self.account


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "api_version": api_version,
            "created": created,
            "created_at": created_at,
            "data": data,
            "emitted_at": emitted_at,
            "event": event,
            "id": id,
            "livemode": livemode,
            "object": object_,
            "occurred_at": occurred_at,
            "resource": resource,
            "schema_version": schema_version,
            "type": type_,
        })
        if account is not UNSET:
            field_dict["account"] = account

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_data import EventData # noqa: PLC0415
        from ..models.resource_ref import ResourceRef # noqa: PLC0415
        d = dict(src_dict)
        api_version = d.pop("api_version")

        created = d.pop("created")

        created_at = d.pop("created_at")

        data = EventData.from_dict(d.pop("data"))




        emitted_at = d.pop("emitted_at")

        event = d.pop("event")

        id = d.pop("id")

        livemode = d.pop("livemode")

        object_ = d.pop("object")

        occurred_at = d.pop("occurred_at")

        resource = ResourceRef.from_dict(d.pop("resource"))




        schema_version = d.pop("schema_version")

        type_ = d.pop("type")

        def _parse_account(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        account = _parse_account(d.pop("account", UNSET))


        event_view = cls(
            api_version=api_version,
            created=created,
            created_at=created_at,
            data=data,
            emitted_at=emitted_at,
            event=event,
            id=id,
            livemode=livemode,
            object_=object_,
            occurred_at=occurred_at,
            resource=resource,
            schema_version=schema_version,
            type_=type_,
            account=account,
        )


        event_view.additional_properties = d
        return event_view

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
