from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.receipt_signature import ReceiptSignature
  from ..models.route_receipt_view_receipt import RouteReceiptViewReceipt





T = TypeVar("T", bound="RouteReceiptView")



@_attrs_define
class RouteReceiptView:
    """ 
        Attributes:
            object_ (str): Always `route_receipt`.
            receipt (RouteReceiptViewReceipt): The receipt: amounts, rate, fees, times, references.
            signature (ReceiptSignature):
     """

    object_: str
    receipt: RouteReceiptViewReceipt
    signature: ReceiptSignature
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.receipt_signature import ReceiptSignature # noqa: PLC0415
        from ..models.route_receipt_view_receipt import RouteReceiptViewReceipt # noqa: PLC0415
        object_ = self.object_

        receipt = self.receipt.to_dict()

        signature = self.signature.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "object": object_,
            "receipt": receipt,
            "signature": signature,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.receipt_signature import ReceiptSignature # noqa: PLC0415
        from ..models.route_receipt_view_receipt import RouteReceiptViewReceipt # noqa: PLC0415
        d = dict(src_dict)
        object_ = d.pop("object")

        receipt = RouteReceiptViewReceipt.from_dict(d.pop("receipt"))




        signature = ReceiptSignature.from_dict(d.pop("signature"))




        route_receipt_view = cls(
            object_=object_,
            receipt=receipt,
            signature=signature,
        )


        route_receipt_view.additional_properties = d
        return route_receipt_view

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
