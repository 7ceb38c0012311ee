from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CaptureIntent")



@_attrs_define
class CaptureIntent:
    """ `POST /payment_intents/{id}/capture`.

        Attributes:
            amount_minor (int | None | Unset): Amount to capture; default the whole authorised amount. The rest is released.
     """

    amount_minor: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        amount_minor: int | None | Unset
        if isinstance(self.amount_minor, Unset):
            amount_minor = UNSET
        else:
            amount_minor = self.amount_minor


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if amount_minor is not UNSET:
            field_dict["amount_minor"] = amount_minor

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_amount_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount_minor = _parse_amount_minor(d.pop("amount_minor", UNSET))


        capture_intent = cls(
            amount_minor=amount_minor,
        )

        return capture_intent

