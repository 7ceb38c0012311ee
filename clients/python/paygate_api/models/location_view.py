from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.location_view_metadata import LocationViewMetadata





T = TypeVar("T", bound="LocationView")



@_attrs_define
class LocationView:
    """ 
        Attributes:
            city (str):
            country (str): ISO 3166-1 alpha-2.
            created_at (str):
            id (str):
            livemode (bool):
            mcc (str): Merchant category code (EMVCo tag 52 of this location's codes).
            metadata (LocationViewMetadata):
            name (str):
            object_ (str): Always `location`.
            address (None | str | Unset):
     """

    city: str
    country: str
    created_at: str
    id: str
    livemode: bool
    mcc: str
    metadata: LocationViewMetadata
    name: str
    object_: str
    address: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.location_view_metadata import LocationViewMetadata # noqa: PLC0415
        city = self.city

        country = self.country

        created_at = self.created_at

        id = self.id

        livemode = self.livemode

        mcc = self.mcc

        metadata = self.metadata.to_dict()

        name = self.name

        object_ = self.object_

        address: None | str | Unset
        if isinstance(self.address, Unset):
            address = UNSET
        else:
            address = self.address


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "city": city,
            "country": country,
            "created_at": created_at,
            "id": id,
            "livemode": livemode,
            "mcc": mcc,
            "metadata": metadata,
            "name": name,
            "object": object_,
        })
        if address is not UNSET:
            field_dict["address"] = address

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.location_view_metadata import LocationViewMetadata # noqa: PLC0415
        d = dict(src_dict)
        city = d.pop("city")

        country = d.pop("country")

        created_at = d.pop("created_at")

        id = d.pop("id")

        livemode = d.pop("livemode")

        mcc = d.pop("mcc")

        metadata = LocationViewMetadata.from_dict(d.pop("metadata"))




        name = d.pop("name")

        object_ = d.pop("object")

        def _parse_address(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        address = _parse_address(d.pop("address", UNSET))


        location_view = cls(
            city=city,
            country=country,
            created_at=created_at,
            id=id,
            livemode=livemode,
            mcc=mcc,
            metadata=metadata,
            name=name,
            object_=object_,
            address=address,
        )


        location_view.additional_properties = d
        return location_view

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
