from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.public_key_view import PublicKeyView





T = TypeVar("T", bound="KeyRegistry")



@_attrs_define
class KeyRegistry:
    """ 
        Attributes:
            algorithm (str): Always `ed25519`.
            keys (list[PublicKeyView]):
     """

    algorithm: str
    keys: list[PublicKeyView]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.public_key_view import PublicKeyView # noqa: PLC0415
        algorithm = self.algorithm

        keys = []
        for keys_item_data in self.keys:
            keys_item = keys_item_data.to_dict()
            keys.append(keys_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "algorithm": algorithm,
            "keys": keys,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.public_key_view import PublicKeyView # noqa: PLC0415
        d = dict(src_dict)
        algorithm = d.pop("algorithm")

        keys = []
        _keys = d.pop("keys")
        for keys_item_data in (_keys):
            keys_item = PublicKeyView.from_dict(keys_item_data)



            keys.append(keys_item)


        key_registry = cls(
            algorithm=algorithm,
            keys=keys,
        )


        key_registry.additional_properties = d
        return key_registry

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
