from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.update_endpoint_enabled_events_type_0_item import UpdateEndpointEnabledEventsType0Item
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.update_endpoint_metadata_type_0 import UpdateEndpointMetadataType0





T = TypeVar("T", bound="UpdateEndpoint")



@_attrs_define
class UpdateEndpoint:
    """ 
        Attributes:
            api_version (None | str | Unset): `2026-09-01`, the only version.
            description (None | str | Unset): At most 500 characters.
            disabled (bool | None | Unset): True stops deliveries; false re-enables (and resets the failure count).
            enabled_events (list[UpdateEndpointEnabledEventsType0Item] | None | Unset): Also accepted as `events`; sending
                both is an error. The same rule as at creation: only types
                whose object the caller may read. A new `url` keeps the filters only for a caller who may read them all.
            metadata (None | Unset | UpdateEndpointMetadataType0):
            url (None | str | Unset):
     """

    api_version: None | str | Unset = UNSET
    description: None | str | Unset = UNSET
    disabled: bool | None | Unset = UNSET
    enabled_events: list[UpdateEndpointEnabledEventsType0Item] | None | Unset = UNSET
    metadata: None | Unset | UpdateEndpointMetadataType0 = UNSET
    url: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.update_endpoint_metadata_type_0 import UpdateEndpointMetadataType0 # noqa: PLC0415
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

        disabled: bool | None | Unset
        if isinstance(self.disabled, Unset):
            disabled = UNSET
        else:
            disabled = self.disabled

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
        elif isinstance(self.metadata, UpdateEndpointMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        url: None | str | Unset
        if isinstance(self.url, Unset):
            url = UNSET
        else:
            url = self.url


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if api_version is not UNSET:
            field_dict["api_version"] = api_version
        if description is not UNSET:
            field_dict["description"] = description
        if disabled is not UNSET:
            field_dict["disabled"] = disabled
        if enabled_events is not UNSET:
            field_dict["enabled_events"] = enabled_events
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if url is not UNSET:
            field_dict["url"] = url

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.update_endpoint_metadata_type_0 import UpdateEndpointMetadataType0 # noqa: PLC0415
        d = dict(src_dict)
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


        def _parse_disabled(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        disabled = _parse_disabled(d.pop("disabled", UNSET))


        def _parse_enabled_events(data: object) -> list[UpdateEndpointEnabledEventsType0Item] | None | Unset:
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
                    enabled_events_type_0_item = UpdateEndpointEnabledEventsType0Item(enabled_events_type_0_item_data)



                    enabled_events_type_0.append(enabled_events_type_0_item)

                return enabled_events_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[UpdateEndpointEnabledEventsType0Item] | None | Unset, data)

        enabled_events = _parse_enabled_events(d.pop("enabled_events", UNSET))


        def _parse_metadata(data: object) -> None | Unset | UpdateEndpointMetadataType0:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = UpdateEndpointMetadataType0.from_dict(data)



                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UpdateEndpointMetadataType0, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))


        def _parse_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        url = _parse_url(d.pop("url", UNSET))


        update_endpoint = cls(
            api_version=api_version,
            description=description,
            disabled=disabled,
            enabled_events=enabled_events,
            metadata=metadata,
            url=url,
        )

        return update_endpoint

