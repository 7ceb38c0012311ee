from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.configure_rail_credentials import ConfigureRailCredentials





T = TypeVar("T", bound="ConfigureRail")



@_attrs_define
class ConfigureRail:
    """ 
        Attributes:
            credentials (ConfigureRailCredentials): The provider's credentials by name (`mtn_momo`: api_user, api_key,
                collection_subscription_key, disbursement_subscription_key;
                `airtel_money`: client_id, client_secret, disbursement_pin;
                `flutterwave`: secret_key, secret_hash). Sealed at rest, never shown again.
            country (None | str | Unset): ISO 3166 alpha-2 country of the account (Airtel's `X-Country`).
            pin (None | str | Unset): The owner's PIN (step-up).
            target_environment (None | str | Unset): MTN's `X-Target-Environment` (`sandbox`, `mtnuganda`, ...); default
                `sandbox`.
     """

    credentials: ConfigureRailCredentials
    country: None | str | Unset = UNSET
    pin: None | str | Unset = UNSET
    target_environment: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.configure_rail_credentials import ConfigureRailCredentials # noqa: PLC0415
        credentials = self.credentials.to_dict()

        country: None | str | Unset
        if isinstance(self.country, Unset):
            country = UNSET
        else:
            country = self.country

        pin: None | str | Unset
        if isinstance(self.pin, Unset):
            pin = UNSET
        else:
            pin = self.pin

        target_environment: None | str | Unset
        if isinstance(self.target_environment, Unset):
            target_environment = UNSET
        else:
            target_environment = self.target_environment


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "credentials": credentials,
        })
        if country is not UNSET:
            field_dict["country"] = country
        if pin is not UNSET:
            field_dict["pin"] = pin
        if target_environment is not UNSET:
            field_dict["target_environment"] = target_environment

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.configure_rail_credentials import ConfigureRailCredentials # noqa: PLC0415
        d = dict(src_dict)
        credentials = ConfigureRailCredentials.from_dict(d.pop("credentials"))




        def _parse_country(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        country = _parse_country(d.pop("country", UNSET))


        def _parse_pin(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pin = _parse_pin(d.pop("pin", UNSET))


        def _parse_target_environment(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        target_environment = _parse_target_environment(d.pop("target_environment", UNSET))


        configure_rail = cls(
            credentials=credentials,
            country=country,
            pin=pin,
            target_environment=target_environment,
        )

        return configure_rail

