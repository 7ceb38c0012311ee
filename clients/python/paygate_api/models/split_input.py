from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SplitInput")



@_attrs_define
class SplitInput:
    """ 
        Attributes:
            recipient (str): Who receives the part: an organisation sub-wallet label, a connected account (acct_...), a tag,
                phone or e-mail.
            bps (int | Unset): Share of the captured amount after fixed parts, in basis points.
            fixed_minor (int | Unset): A fixed part in minor units, taken first.
            label (None | str | Unset):
     """

    recipient: str
    bps: int | Unset = UNSET
    fixed_minor: int | Unset = UNSET
    label: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        recipient = self.recipient

        bps = self.bps

        fixed_minor = self.fixed_minor

        label: None | str | Unset
        if isinstance(self.label, Unset):
            label = UNSET
        else:
            label = self.label


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "recipient": recipient,
        })
        if bps is not UNSET:
            field_dict["bps"] = bps
        if fixed_minor is not UNSET:
            field_dict["fixed_minor"] = fixed_minor
        if label is not UNSET:
            field_dict["label"] = label

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        recipient = d.pop("recipient")

        bps = d.pop("bps", UNSET)

        fixed_minor = d.pop("fixed_minor", UNSET)

        def _parse_label(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        label = _parse_label(d.pop("label", UNSET))


        split_input = cls(
            recipient=recipient,
            bps=bps,
            fixed_minor=fixed_minor,
            label=label,
        )

        return split_input

