from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.endpoint_status import EndpointStatus
from ..models.endpoint_view_enabled_events_item import EndpointViewEnabledEventsItem
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.endpoint_view_metadata import EndpointViewMetadata





T = TypeVar("T", bound="EndpointView")



@_attrs_define
class EndpointView:
    """ 
        Attributes:
            api_version (str): The version of the event envelope sent to it (`2026-09-01`, the only one).
            consecutive_failures (int): Failed attempts in a row, across its deliveries; a 2xx answer resets it.
            created_at (str):
            enabled_events (list[EndpointViewEnabledEventsItem]):
            id (str):
            livemode (bool):
            metadata (EndpointViewMetadata):
            object_ (str): Always `webhook_endpoint`.
            status (EndpointStatus):
            updated_at (str):
            url (str):
            description (None | str | Unset):
            disabled_reason (None | str | Unset):
            failing_since (None | str | Unset): Since when its deliveries have failed without a success in between;
                the gateway disables it after 72 h of this (and at least 10 failures).
            secret (None | str | Unset): The `whsec_` signing secret: present in the create response only.
     """

    api_version: str
    consecutive_failures: int
    created_at: str
    enabled_events: list[EndpointViewEnabledEventsItem]
    id: str
    livemode: bool
    metadata: EndpointViewMetadata
    object_: str
    status: EndpointStatus
    updated_at: str
    url: str
    description: None | str | Unset = UNSET
    disabled_reason: None | str | Unset = UNSET
    failing_since: None | str | Unset = UNSET
    secret: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.endpoint_view_metadata import EndpointViewMetadata # noqa: PLC0415
        api_version = self.api_version

        consecutive_failures = self.consecutive_failures

        created_at = self.created_at

        enabled_events = []
        for enabled_events_item_data in self.enabled_events:
            enabled_events_item = enabled_events_item_data.value
            enabled_events.append(enabled_events_item)



        id = self.id

        livemode = self.livemode

        metadata = self.metadata.to_dict()

        object_ = self.object_

        status = self.status.value

        updated_at = self.updated_at

        url = self.url

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        disabled_reason: None | str | Unset
        if isinstance(self.disabled_reason, Unset):
            disabled_reason = UNSET
        else:
            disabled_reason = self.disabled_reason

        failing_since: None | str | Unset
        if isinstance(self.failing_since, Unset):
            failing_since = UNSET
        else:
            failing_since = self.failing_since

        secret: None | str | Unset
        if isinstance(self.secret, Unset):
            secret = UNSET
        else:
            secret = self.secret


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "api_version": api_version,
            "consecutive_failures": consecutive_failures,
            "created_at": created_at,
            "enabled_events": enabled_events,
            "id": id,
            "livemode": livemode,
            "metadata": metadata,
            "object": object_,
            "status": status,
            "updated_at": updated_at,
            "url": url,
        })
        if description is not UNSET:
            field_dict["description"] = description
        if disabled_reason is not UNSET:
            field_dict["disabled_reason"] = disabled_reason
        if failing_since is not UNSET:
            field_dict["failing_since"] = failing_since
        if secret is not UNSET:
            field_dict["secret"] = secret

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.endpoint_view_metadata import EndpointViewMetadata # noqa: PLC0415
        d = dict(src_dict)
        api_version = d.pop("api_version")

        consecutive_failures = d.pop("consecutive_failures")

        created_at = d.pop("created_at")

        enabled_events = []
        _enabled_events = d.pop("enabled_events")
        for enabled_events_item_data in (_enabled_events):
            enabled_events_item = EndpointViewEnabledEventsItem(enabled_events_item_data)



            enabled_events.append(enabled_events_item)


        id = d.pop("id")

        livemode = d.pop("livemode")

        metadata = EndpointViewMetadata.from_dict(d.pop("metadata"))




        object_ = d.pop("object")

        status = EndpointStatus(d.pop("status"))




        updated_at = d.pop("updated_at")

        url = d.pop("url")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        def _parse_disabled_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabled_reason", UNSET))


        def _parse_failing_since(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        failing_since = _parse_failing_since(d.pop("failing_since", UNSET))


        def _parse_secret(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        secret = _parse_secret(d.pop("secret", UNSET))


        endpoint_view = cls(
            api_version=api_version,
            consecutive_failures=consecutive_failures,
            created_at=created_at,
            enabled_events=enabled_events,
            id=id,
            livemode=livemode,
            metadata=metadata,
            object_=object_,
            status=status,
            updated_at=updated_at,
            url=url,
            description=description,
            disabled_reason=disabled_reason,
            failing_since=failing_since,
            secret=secret,
        )


        endpoint_view.additional_properties = d
        return endpoint_view

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
