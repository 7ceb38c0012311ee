from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.provider import Provider
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.rail_health_view import RailHealthView





T = TypeVar("T", bound="RailView")



@_attrs_define
class RailView:
    """ A live connector of the organisation.

        Attributes:
            callback_url (str): The URL to register with the provider for its callbacks.
            configured (bool):
            credential_names (list[str]): The names of the credentials held (their values are never shown).
            health (RailHealthView): A provider's health, from the answers the dispatcher recorded.
            livemode (bool): Always true: rails are configured for live mode (test mode is the sandbox's).
            object_ (str): Always `rail`.
            rail (Provider): A provider with a live connector, as `PUT /rails/{rail}` names it.
            country (None | str | Unset):
            target_environment (None | str | Unset):
            updated_at (None | str | Unset):
     """

    callback_url: str
    configured: bool
    credential_names: list[str]
    health: RailHealthView
    livemode: bool
    object_: str
    rail: Provider
    country: None | str | Unset = UNSET
    target_environment: None | str | Unset = UNSET
    updated_at: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.rail_health_view import RailHealthView # noqa: PLC0415
        callback_url = self.callback_url

        configured = self.configured

        credential_names = self.credential_names



        health = self.health.to_dict()

        livemode = self.livemode

        object_ = self.object_

        rail = self.rail.value

        country: None | str | Unset
        if isinstance(self.country, Unset):
            country = UNSET
        else:
            country = self.country

        target_environment: None | str | Unset
        if isinstance(self.target_environment, Unset):
            target_environment = UNSET
        else:
            target_environment = self.target_environment

        updated_at: None | str | Unset
        if isinstance(self.updated_at, Unset):
            updated_at = UNSET
        else:
            updated_at = self.updated_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "callback_url": callback_url,
            "configured": configured,
            "credential_names": credential_names,
            "health": health,
            "livemode": livemode,
            "object": object_,
            "rail": rail,
        })
        if country is not UNSET:
            field_dict["country"] = country
        if target_environment is not UNSET:
            field_dict["target_environment"] = target_environment
        if updated_at is not UNSET:
            field_dict["updated_at"] = updated_at

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rail_health_view import RailHealthView # noqa: PLC0415
        d = dict(src_dict)
        callback_url = d.pop("callback_url")

        configured = d.pop("configured")

        credential_names = cast(list[str], d.pop("credential_names"))


        health = RailHealthView.from_dict(d.pop("health"))




        livemode = d.pop("livemode")

        object_ = d.pop("object")

        rail = Provider(d.pop("rail"))




        def _parse_country(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        country = _parse_country(d.pop("country", UNSET))


        def _parse_target_environment(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        target_environment = _parse_target_environment(d.pop("target_environment", UNSET))


        def _parse_updated_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        updated_at = _parse_updated_at(d.pop("updated_at", UNSET))


        rail_view = cls(
            callback_url=callback_url,
            configured=configured,
            credential_names=credential_names,
            health=health,
            livemode=livemode,
            object_=object_,
            rail=rail,
            country=country,
            target_environment=target_environment,
            updated_at=updated_at,
        )


        rail_view.additional_properties = d
        return rail_view

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
