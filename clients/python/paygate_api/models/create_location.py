from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.create_location_metadata_type_0 import CreateLocationMetadataType0





T = TypeVar("T", bound="CreateLocation")



@_attrs_define
class CreateLocation:
    """ 
        Attributes:
            city (str):
            country (str): ISO 3166-1 alpha-2, upper case.
            name (str):
            address (None | str | Unset):
            mcc (None | str | Unset): Merchant category code; default 5999.
            metadata (CreateLocationMetadataType0 | None | Unset):
     """

    city: str
    country: str
    name: str
    address: None | str | Unset = UNSET
    mcc: None | str | Unset = UNSET
    metadata: CreateLocationMetadataType0 | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.create_location_metadata_type_0 import CreateLocationMetadataType0 # noqa: PLC0415
        city = self.city

        country = self.country

        name = self.name

        address: None | str | Unset
        if isinstance(self.address, Unset):
            address = UNSET
        else:
            address = self.address

        mcc: None | str | Unset
        if isinstance(self.mcc, Unset):
            mcc = UNSET
        else:
            mcc = self.mcc

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, CreateLocationMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "city": city,
            "country": country,
            "name": name,
        })
        if address is not UNSET:
            field_dict["address"] = address
        if mcc is not UNSET:
            field_dict["mcc"] = mcc
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_location_metadata_type_0 import CreateLocationMetadataType0 # noqa: PLC0415
        d = dict(src_dict)
        city = d.pop("city")

        country = d.pop("country")

        name = d.pop("name")

        def _parse_address(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        address = _parse_address(d.pop("address", UNSET))


        def _parse_mcc(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        mcc = _parse_mcc(d.pop("mcc", UNSET))


        def _parse_metadata(data: object) -> CreateLocationMetadataType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = CreateLocationMetadataType0.from_dict(data)



                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreateLocationMetadataType0 | None | Unset, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))


        create_location = cls(
            city=city,
            country=country,
            name=name,
            address=address,
            mcc=mcc,
            metadata=metadata,
        )

        return create_location

