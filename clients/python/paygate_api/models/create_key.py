from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.key_kind import KeyKind
from ..models.mode_input import ModeInput
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CreateKey")



@_attrs_define
class CreateKey:
    """ 
        Attributes:
            kind (KeyKind):
            mode (ModeInput):
            allowlist (list[str] | None | Unset): Addresses or CIDR blocks the key may be used from (at most 64); empty or
                absent: anywhere.
            label (None | str | Unset):
            pin (None | str | Unset): The member's PIN: step-up, required to create a live key.
            scopes (list[str] | None | Unset): `rk` keys: the scopes chosen (spec section 5 table). `sk` holds `*`, `pk`
                only `payment_intents:write`.
     """

    kind: KeyKind
    mode: ModeInput
    allowlist: list[str] | None | Unset = UNSET
    label: None | str | Unset = UNSET
    pin: None | str | Unset = UNSET
    scopes: list[str] | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        mode = self.mode.value

        allowlist: list[str] | None | Unset
        if isinstance(self.allowlist, Unset):
            allowlist = UNSET
        elif isinstance(self.allowlist, list):
            allowlist = self.allowlist


        else:
            allowlist = self.allowlist

        label: None | str | Unset
        if isinstance(self.label, Unset):
            label = UNSET
        else:
            label = self.label

        pin: None | str | Unset
        if isinstance(self.pin, Unset):
            pin = UNSET
        else:
            pin = self.pin

        scopes: list[str] | None | Unset
        if isinstance(self.scopes, Unset):
            scopes = UNSET
        elif isinstance(self.scopes, list):
            scopes = self.scopes


        else:
            scopes = self.scopes


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "kind": kind,
            "mode": mode,
        })
        if allowlist is not UNSET:
            field_dict["allowlist"] = allowlist
        if label is not UNSET:
            field_dict["label"] = label
        if pin is not UNSET:
            field_dict["pin"] = pin
        if scopes is not UNSET:
            field_dict["scopes"] = scopes

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = KeyKind(d.pop("kind"))




        mode = ModeInput(d.pop("mode"))




        def _parse_allowlist(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                allowlist_type_0 = cast(list[str], data)

                return allowlist_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        allowlist = _parse_allowlist(d.pop("allowlist", UNSET))


        def _parse_label(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        label = _parse_label(d.pop("label", UNSET))


        def _parse_pin(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pin = _parse_pin(d.pop("pin", UNSET))


        def _parse_scopes(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                scopes_type_0 = cast(list[str], data)

                return scopes_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        scopes = _parse_scopes(d.pop("scopes", UNSET))


        create_key = cls(
            kind=kind,
            mode=mode,
            allowlist=allowlist,
            label=label,
            pin=pin,
            scopes=scopes,
        )

        return create_key

