from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.create_subscription_metadata_type_0 import CreateSubscriptionMetadataType0
  from ..models.customer_input import CustomerInput





T = TypeVar("T", bound="CreateSubscription")



@_attrs_define
class CreateSubscription:
    """ 
        Attributes:
            customer (CustomerInput):
            plan (str): The plan's id or code.
            metadata (CreateSubscriptionMetadataType0 | None | Unset): At most 20 keys, as on intents.
     """

    customer: CustomerInput
    plan: str
    metadata: CreateSubscriptionMetadataType0 | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.create_subscription_metadata_type_0 import CreateSubscriptionMetadataType0 # noqa: PLC0415
        from ..models.customer_input import CustomerInput # noqa: PLC0415
        customer = self.customer.to_dict()

        plan = self.plan

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, CreateSubscriptionMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "customer": customer,
            "plan": plan,
        })
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_subscription_metadata_type_0 import CreateSubscriptionMetadataType0 # noqa: PLC0415
        from ..models.customer_input import CustomerInput # noqa: PLC0415
        d = dict(src_dict)
        customer = CustomerInput.from_dict(d.pop("customer"))




        plan = d.pop("plan")

        def _parse_metadata(data: object) -> CreateSubscriptionMetadataType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = CreateSubscriptionMetadataType0.from_dict(data)



                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreateSubscriptionMetadataType0 | None | Unset, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))


        create_subscription = cls(
            customer=customer,
            plan=plan,
            metadata=metadata,
        )

        return create_subscription

