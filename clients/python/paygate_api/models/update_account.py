from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.update_account_metadata_type_0 import UpdateAccountMetadataType0





T = TypeVar("T", bound="UpdateAccount")



@_attrs_define
class UpdateAccount:
    """ 
        Attributes:
            application_fee_bps (int | None | Unset): 0 to 5000.
            metadata (None | Unset | UpdateAccountMetadataType0): Replaces the metadata whole.
     """

    application_fee_bps: int | None | Unset = UNSET
    metadata: None | Unset | UpdateAccountMetadataType0 = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.update_account_metadata_type_0 import UpdateAccountMetadataType0 # noqa: PLC0415
        application_fee_bps: int | None | Unset
        if isinstance(self.application_fee_bps, Unset):
            application_fee_bps = UNSET
        else:
            application_fee_bps = self.application_fee_bps

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, UpdateAccountMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if application_fee_bps is not UNSET:
            field_dict["application_fee_bps"] = application_fee_bps
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.update_account_metadata_type_0 import UpdateAccountMetadataType0 # noqa: PLC0415
        d = dict(src_dict)
        def _parse_application_fee_bps(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        application_fee_bps = _parse_application_fee_bps(d.pop("application_fee_bps", UNSET))


        def _parse_metadata(data: object) -> None | Unset | UpdateAccountMetadataType0:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = UpdateAccountMetadataType0.from_dict(data)



                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UpdateAccountMetadataType0, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))


        update_account = cls(
            application_fee_bps=application_fee_bps,
            metadata=metadata,
        )

        return update_account

