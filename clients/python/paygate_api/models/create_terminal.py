from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.create_terminal_metadata_type_0 import CreateTerminalMetadataType0





T = TypeVar("T", bound="CreateTerminal")



@_attrs_define
class CreateTerminal:
    """ 
        Attributes:
            label (str): Printed as the terminal label (EMVCo 62/07): printable ASCII.
            metadata (CreateTerminalMetadataType0 | None | Unset):
     """

    label: str
    metadata: CreateTerminalMetadataType0 | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.create_terminal_metadata_type_0 import CreateTerminalMetadataType0 # noqa: PLC0415
        label = self.label

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, CreateTerminalMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "label": label,
        })
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_terminal_metadata_type_0 import CreateTerminalMetadataType0 # noqa: PLC0415
        d = dict(src_dict)
        label = d.pop("label")

        def _parse_metadata(data: object) -> CreateTerminalMetadataType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = CreateTerminalMetadataType0.from_dict(data)



                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreateTerminalMetadataType0 | None | Unset, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))


        create_terminal = cls(
            label=label,
            metadata=metadata,
        )

        return create_terminal

