from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_endpoint_enabled_events_type_0_item import CreateEndpointEnabledEventsType0Item
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.create_endpoint_metadata_type_0 import CreateEndpointMetadataType0





T = TypeVar("T", bound="CreateEndpoint")



@_attrs_define
class CreateEndpoint:
    """ 
        Attributes:
            url (str): Where deliveries are POSTed: an http:// or https:// URL.
            api_version (None | str | Unset): The version of the event envelope to send: `2026-09-01` (the only one, and the
                default).
            description (None | str | Unset): At most 500 characters.
            enabled_events (list[CreateEndpointEnabledEventsType0Item] | None | Unset): Event types to receive: `*` for all,
                exact types, or a family such as `payment_intent.*`. Default `["*"]`.
                Only types whose object the caller may read (a `payout.*` event needs `payouts:read`): another is
                refused (403, `param` names it), and `*` from a caller who may not read every type is stored as the
                families it may read.
                Also accepted as `events` (the origin's name); sending both is an error. Former names of renamed
                types (`refund.requested`) are accepted and stored under the current name.
            metadata (CreateEndpointMetadataType0 | None | Unset):
     """

    url: str
    api_version: None | str | Unset = UNSET
    description: None | str | Unset = UNSET
    enabled_events: list[CreateEndpointEnabledEventsType0Item] | None | Unset = UNSET
    metadata: CreateEndpointMetadataType0 | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.create_endpoint_metadata_type_0 import CreateEndpointMetadataType0 # noqa: PLC0415
        url = self.url

        api_version: None | str | Unset
        if isinstance(self.api_version, Unset):
            api_version = UNSET
        else:
            api_version = self.api_version

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        enabled_events: list[str] | None | Unset
        if isinstance(self.enabled_events, Unset):
            enabled_events = UNSET
        elif isinstance(self.enabled_events, list):
            enabled_events = []
            for enabled_events_type_0_item_data in self.enabled_events:
                enabled_events_type_0_item = enabled_events_type_0_item_data.value
                enabled_events.append(enabled_events_type_0_item)


        else:
            enabled_events = self.enabled_events

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, CreateEndpointMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "url": url,
        })
        if api_version is not UNSET:
            field_dict["api_version"] = api_version
        if description is not UNSET:
            field_dict["description"] = description
        if enabled_events is not UNSET:
            field_dict["enabled_events"] = enabled_events
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_endpoint_metadata_type_0 import CreateEndpointMetadataType0 # noqa: PLC0415
        d = dict(src_dict)
        url = d.pop("url")

        def _parse_api_version(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        api_version = _parse_api_version(d.pop("api_version", UNSET))


        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        def _parse_enabled_events(data: object) -> list[CreateEndpointEnabledEventsType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                enabled_events_type_0 = []
                _enabled_events_type_0 = data
                for enabled_events_type_0_item_data in (_enabled_events_type_0):
                    enabled_events_type_0_item = CreateEndpointEnabledEventsType0Item(enabled_events_type_0_item_data)



                    enabled_events_type_0.append(enabled_events_type_0_item)

                return enabled_events_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[CreateEndpointEnabledEventsType0Item] | None | Unset, data)

        enabled_events = _parse_enabled_events(d.pop("enabled_events", UNSET))


        def _parse_metadata(data: object) -> CreateEndpointMetadataType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = CreateEndpointMetadataType0.from_dict(data)



                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreateEndpointMetadataType0 | None | Unset, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))


        create_endpoint = cls(
            url=url,
            api_version=api_version,
            description=description,
            enabled_events=enabled_events,
            metadata=metadata,
        )

        return create_endpoint

