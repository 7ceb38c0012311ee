from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.delivery_status import DeliveryStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.delivery_attempt_view import DeliveryAttemptView





T = TypeVar("T", bound="DeliveryView")



@_attrs_define
class DeliveryView:
    """ 
        Attributes:
            attempts (list[DeliveryAttemptView]):
            created_at (str):
            endpoint (str):
            event (str):
            event_type (str):
            id (str):
            livemode (bool):
            object_ (str): Always `webhook_delivery`.
            status (DeliveryStatus):
            next_attempt_at (None | str | Unset):
            replay_of (None | str | Unset):
     """

    attempts: list[DeliveryAttemptView]
    created_at: str
    endpoint: str
    event: str
    event_type: str
    id: str
    livemode: bool
    object_: str
    status: DeliveryStatus
    next_attempt_at: None | str | Unset = UNSET
    replay_of: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.delivery_attempt_view import DeliveryAttemptView # noqa: PLC0415
        attempts = []
        for attempts_item_data in self.attempts:
            attempts_item = attempts_item_data.to_dict()
            attempts.append(attempts_item)



        created_at = self.created_at

        endpoint = self.endpoint

        event = self.event

        event_type = self.event_type

        id = self.id

        livemode = self.livemode

        object_ = self.object_

        status = self.status.value

        next_attempt_at: None | str | Unset
        if isinstance(self.next_attempt_at, Unset):
            next_attempt_at = UNSET
        else:
            next_attempt_at = self.next_attempt_at

        replay_of: None | str | Unset
        if isinstance(self.replay_of, Unset):
            replay_of = UNSET
        else:
            replay_of = self.replay_of


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "attempts": attempts,
            "created_at": created_at,
            "endpoint": endpoint,
            "event": event,
            "event_type": event_type,
            "id": id,
            "livemode": livemode,
            "object": object_,
            "status": status,
        })
        if next_attempt_at is not UNSET:
            field_dict["next_attempt_at"] = next_attempt_at
        if replay_of is not UNSET:
            field_dict["replay_of"] = replay_of

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.delivery_attempt_view import DeliveryAttemptView # noqa: PLC0415
        d = dict(src_dict)
        attempts = []
        _attempts = d.pop("attempts")
        for attempts_item_data in (_attempts):
            attempts_item = DeliveryAttemptView.from_dict(attempts_item_data)



            attempts.append(attempts_item)


        created_at = d.pop("created_at")

        endpoint = d.pop("endpoint")

        event = d.pop("event")

        event_type = d.pop("event_type")

        id = d.pop("id")

        livemode = d.pop("livemode")

        object_ = d.pop("object")

        status = DeliveryStatus(d.pop("status"))




        def _parse_next_attempt_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at", UNSET))


        def _parse_replay_of(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        replay_of = _parse_replay_of(d.pop("replay_of", UNSET))


        delivery_view = cls(
            attempts=attempts,
            created_at=created_at,
            endpoint=endpoint,
            event=event,
            event_type=event_type,
            id=id,
            livemode=livemode,
            object_=object_,
            status=status,
            next_attempt_at=next_attempt_at,
            replay_of=replay_of,
        )


        delivery_view.additional_properties = d
        return delivery_view

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
