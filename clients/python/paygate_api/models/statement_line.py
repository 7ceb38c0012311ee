from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.statement_line_type import StatementLineType
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="StatementLine")



@_attrs_define
class StatementLine:
    """ 
        Attributes:
            amount_minor (int): Signed: what it adds to or takes from the net.
            date (str):
            line (int): From 1.
            source (str): What caused it: `pi_`, `re_`, `dp_` or `sc_`.
            type_ (StatementLineType): What a statement line is.
            payment_intent (None | str | Unset):
     """

    amount_minor: int
    date: str
    line: int
    source: str
    type_: StatementLineType
    payment_intent: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        amount_minor = self.amount_minor

        date = self.date

        line = self.line

        source = self.source

        type_ = self.type_.value

        payment_intent: None | str | Unset
        if isinstance(self.payment_intent, Unset):
            payment_intent = UNSET
        else:
            payment_intent = self.payment_intent


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount_minor": amount_minor,
            "date": date,
            "line": line,
            "source": source,
            "type": type_,
        })
        if payment_intent is not UNSET:
            field_dict["payment_intent"] = payment_intent

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount_minor = d.pop("amount_minor")

        date = d.pop("date")

        line = d.pop("line")

        source = d.pop("source")

        type_ = StatementLineType(d.pop("type"))




        def _parse_payment_intent(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        payment_intent = _parse_payment_intent(d.pop("payment_intent", UNSET))


        statement_line = cls(
            amount_minor=amount_minor,
            date=date,
            line=line,
            source=source,
            type_=type_,
            payment_intent=payment_intent,
        )


        statement_line.additional_properties = d
        return statement_line

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
