from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.checkout_session_view_currency import CheckoutSessionViewCurrency
from ..models.session_status import SessionStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.checkout_session_view_metadata import CheckoutSessionViewMetadata
  from ..models.line_item import LineItem





T = TypeVar("T", bound="CheckoutSessionView")



@_attrs_define
class CheckoutSessionView:
    """ 
        Attributes:
            amount_total_minor (int): The sum of quantity × unit amount, computed by the server.
            created_at (str):
            currency (CheckoutSessionViewCurrency):
            expires_at (str):
            id (str):
            line_items (list[LineItem]):
            livemode (bool):
            metadata (CheckoutSessionViewMetadata):
            object_ (str): Always `checkout_session`.
            payment_intent (str):
            status (SessionStatus):
            url (str): The hosted page to send the payer to.
            cancel_url (None | str | Unset):
            completed_at (None | str | Unset):
            success_url (None | str | Unset):
     """

    amount_total_minor: int
    created_at: str
    currency: CheckoutSessionViewCurrency
    expires_at: str
    id: str
    line_items: list[LineItem]
    livemode: bool
    metadata: CheckoutSessionViewMetadata
    object_: str
    payment_intent: str
    status: SessionStatus
    url: str
    cancel_url: None | str | Unset = UNSET
    completed_at: None | str | Unset = UNSET
    success_url: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.checkout_session_view_metadata import CheckoutSessionViewMetadata # noqa: PLC0415
        from ..models.line_item import LineItem # noqa: PLC0415
        amount_total_minor = self.amount_total_minor

        created_at = self.created_at

        currency = self.currency.value

        expires_at = self.expires_at

        id = self.id

        line_items = []
        for line_items_item_data in self.line_items:
            line_items_item = line_items_item_data.to_dict()
            line_items.append(line_items_item)



        livemode = self.livemode

        metadata = self.metadata.to_dict()

        object_ = self.object_

        payment_intent = self.payment_intent

        status = self.status.value

        url = self.url

        cancel_url: None | str | Unset
        if isinstance(self.cancel_url, Unset):
            cancel_url = UNSET
        else:
            cancel_url = self.cancel_url

        completed_at: None | str | Unset
        if isinstance(self.completed_at, Unset):
            completed_at = UNSET
        else:
            completed_at = self.completed_at

        success_url: None | str | Unset
        if isinstance(self.success_url, Unset):
            success_url = UNSET
        else:
            success_url = self.success_url


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount_total_minor": amount_total_minor,
            "created_at": created_at,
            "currency": currency,
            "expires_at": expires_at,
            "id": id,
            "line_items": line_items,
            "livemode": livemode,
            "metadata": metadata,
            "object": object_,
            "payment_intent": payment_intent,
            "status": status,
            "url": url,
        })
        if cancel_url is not UNSET:
            field_dict["cancel_url"] = cancel_url
        if completed_at is not UNSET:
            field_dict["completed_at"] = completed_at
        if success_url is not UNSET:
            field_dict["success_url"] = success_url

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.checkout_session_view_metadata import CheckoutSessionViewMetadata # noqa: PLC0415
        from ..models.line_item import LineItem # noqa: PLC0415
        d = dict(src_dict)
        amount_total_minor = d.pop("amount_total_minor")

        created_at = d.pop("created_at")

        currency = CheckoutSessionViewCurrency(d.pop("currency"))




        expires_at = d.pop("expires_at")

        id = d.pop("id")

        line_items = []
        _line_items = d.pop("line_items")
        for line_items_item_data in (_line_items):
            line_items_item = LineItem.from_dict(line_items_item_data)



            line_items.append(line_items_item)


        livemode = d.pop("livemode")

        metadata = CheckoutSessionViewMetadata.from_dict(d.pop("metadata"))




        object_ = d.pop("object")

        payment_intent = d.pop("payment_intent")

        status = SessionStatus(d.pop("status"))




        url = d.pop("url")

        def _parse_cancel_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cancel_url = _parse_cancel_url(d.pop("cancel_url", UNSET))


        def _parse_completed_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        completed_at = _parse_completed_at(d.pop("completed_at", UNSET))


        def _parse_success_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        success_url = _parse_success_url(d.pop("success_url", UNSET))


        checkout_session_view = cls(
            amount_total_minor=amount_total_minor,
            created_at=created_at,
            currency=currency,
            expires_at=expires_at,
            id=id,
            line_items=line_items,
            livemode=livemode,
            metadata=metadata,
            object_=object_,
            payment_intent=payment_intent,
            status=status,
            url=url,
            cancel_url=cancel_url,
            completed_at=completed_at,
            success_url=success_url,
        )


        checkout_session_view.additional_properties = d
        return checkout_session_view

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
