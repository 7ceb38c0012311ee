from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_session_currency import CreateSessionCurrency
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.create_session_metadata_type_0 import CreateSessionMetadataType0
  from ..models.line_item import LineItem





T = TypeVar("T", bound="CreateSession")



@_attrs_define
class CreateSession:
    """ 
        Attributes:
            currency (CreateSessionCurrency):
            line_items (list[LineItem]): 1 to 100 items; the total is computed by the server.
            cancel_url (None | str | Unset):
            customer_msisdn (None | str | Unset): Prefills the payer's number on the page.
            expires_in_minutes (int | None | Unset): 1 to 43 200 minutes; default 24 hours.
            metadata (CreateSessionMetadataType0 | None | Unset):
            success_url (None | str | Unset):
     """

    currency: CreateSessionCurrency
    line_items: list[LineItem]
    cancel_url: None | str | Unset = UNSET
    customer_msisdn: None | str | Unset = UNSET
    expires_in_minutes: int | None | Unset = UNSET
    metadata: CreateSessionMetadataType0 | None | Unset = UNSET
    success_url: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.create_session_metadata_type_0 import CreateSessionMetadataType0 # noqa: PLC0415
        from ..models.line_item import LineItem # noqa: PLC0415
        currency = self.currency.value

        line_items = []
        for line_items_item_data in self.line_items:
            line_items_item = line_items_item_data.to_dict()
            line_items.append(line_items_item)



        cancel_url: None | str | Unset
        if isinstance(self.cancel_url, Unset):
            cancel_url = UNSET
        else:
            cancel_url = self.cancel_url

        customer_msisdn: None | str | Unset
        if isinstance(self.customer_msisdn, Unset):
            customer_msisdn = UNSET
        else:
            customer_msisdn = self.customer_msisdn

        expires_in_minutes: int | None | Unset
        if isinstance(self.expires_in_minutes, Unset):
            expires_in_minutes = UNSET
        else:
            expires_in_minutes = self.expires_in_minutes

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, CreateSessionMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        success_url: None | str | Unset
        if isinstance(self.success_url, Unset):
            success_url = UNSET
        else:
            success_url = self.success_url


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "currency": currency,
            "line_items": line_items,
        })
        if cancel_url is not UNSET:
            field_dict["cancel_url"] = cancel_url
        if customer_msisdn is not UNSET:
            field_dict["customer_msisdn"] = customer_msisdn
        if expires_in_minutes is not UNSET:
            field_dict["expires_in_minutes"] = expires_in_minutes
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if success_url is not UNSET:
            field_dict["success_url"] = success_url

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_session_metadata_type_0 import CreateSessionMetadataType0 # noqa: PLC0415
        from ..models.line_item import LineItem # noqa: PLC0415
        d = dict(src_dict)
        currency = CreateSessionCurrency(d.pop("currency"))




        line_items = []
        _line_items = d.pop("line_items")
        for line_items_item_data in (_line_items):
            line_items_item = LineItem.from_dict(line_items_item_data)



            line_items.append(line_items_item)


        def _parse_cancel_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cancel_url = _parse_cancel_url(d.pop("cancel_url", UNSET))


        def _parse_customer_msisdn(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        customer_msisdn = _parse_customer_msisdn(d.pop("customer_msisdn", UNSET))


        def _parse_expires_in_minutes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expires_in_minutes = _parse_expires_in_minutes(d.pop("expires_in_minutes", UNSET))


        def _parse_metadata(data: object) -> CreateSessionMetadataType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = CreateSessionMetadataType0.from_dict(data)



                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreateSessionMetadataType0 | None | Unset, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))


        def _parse_success_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        success_url = _parse_success_url(d.pop("success_url", UNSET))


        create_session = cls(
            currency=currency,
            line_items=line_items,
            cancel_url=cancel_url,
            customer_msisdn=customer_msisdn,
            expires_in_minutes=expires_in_minutes,
            metadata=metadata,
            success_url=success_url,
        )

        return create_session

