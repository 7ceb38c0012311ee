from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.cause import Cause
  from ..models.entry_view import EntryView





T = TypeVar("T", bound="TransactionView")



@_attrs_define
class TransactionView:
    """ 
        Attributes:
            cause (Cause): What caused a posting: `payment_intent`, `refund`, `settlement`, ...
            created_at (str):
            description (str):
            entries (list[EntryView]): Balanced entries: per currency they sum to zero.
            id (str):
            livemode (bool):
            object_ (str): Always `transaction`.
            payment_intent (None | str | Unset): The payment intent this posting collected or settled, when there is one.
     """

    cause: Cause
    created_at: str
    description: str
    entries: list[EntryView]
    id: str
    livemode: bool
    object_: str
    payment_intent: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.cause import Cause # noqa: PLC0415
        from ..models.entry_view import EntryView # noqa: PLC0415
        cause = self.cause.to_dict()

        created_at = self.created_at

        description = self.description

        entries = []
        for entries_item_data in self.entries:
            entries_item = entries_item_data.to_dict()
            entries.append(entries_item)



        id = self.id

        livemode = self.livemode

        object_ = self.object_

        payment_intent: None | str | Unset
        if isinstance(self.payment_intent, Unset):
            payment_intent = UNSET
        else:
            payment_intent = self.payment_intent


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "cause": cause,
            "created_at": created_at,
            "description": description,
            "entries": entries,
            "id": id,
            "livemode": livemode,
            "object": object_,
        })
        if payment_intent is not UNSET:
            field_dict["payment_intent"] = payment_intent

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cause import Cause # noqa: PLC0415
        from ..models.entry_view import EntryView # noqa: PLC0415
        d = dict(src_dict)
        cause = Cause.from_dict(d.pop("cause"))




        created_at = d.pop("created_at")

        description = d.pop("description")

        entries = []
        _entries = d.pop("entries")
        for entries_item_data in (_entries):
            entries_item = EntryView.from_dict(entries_item_data)



            entries.append(entries_item)


        id = d.pop("id")

        livemode = d.pop("livemode")

        object_ = d.pop("object")

        def _parse_payment_intent(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        payment_intent = _parse_payment_intent(d.pop("payment_intent", UNSET))


        transaction_view = cls(
            cause=cause,
            created_at=created_at,
            description=description,
            entries=entries,
            id=id,
            livemode=livemode,
            object_=object_,
            payment_intent=payment_intent,
        )


        transaction_view.additional_properties = d
        return transaction_view

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
