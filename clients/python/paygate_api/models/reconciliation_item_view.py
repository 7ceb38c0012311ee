from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.reconciliation_class import ReconciliationClass
from ..models.reconciliation_item_view_currency import ReconciliationItemViewCurrency
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ReconciliationItemView")



@_attrs_define
class ReconciliationItemView:
    """ A line, or a missing record, that needs a person.

        Attributes:
            class_ (ReconciliationClass): How a line (or a record) came out.
            currency (ReconciliationItemViewCurrency):
            reason (str): `not_in_gateway`, `outcome`, `currency`, `amount`, `date`,
                `duplicate`, `in_review` (a payout in NEEDS_REVIEW: resolve it with
                `POST /payouts/{id}/review`, the line as evidence) or `not_in_statement`.
            reference (str): The gateway id the line names (or the missing record's).
            gateway_amount_minor (int | None | Unset):
            gateway_time (None | str | Unset):
            line (int | None | Unset): The file's line (the header is line 1); none for a missing record.
            statement_amount_minor (int | None | Unset):
            statement_date (None | str | Unset):
     """

    class_: ReconciliationClass
    currency: ReconciliationItemViewCurrency
    reason: str
    reference: str
    gateway_amount_minor: int | None | Unset = UNSET
    gateway_time: None | str | Unset = UNSET
    line: int | None | Unset = UNSET
    statement_amount_minor: int | None | Unset = UNSET
    statement_date: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        class_ = self.class_.value

        currency = self.currency.value

        reason = self.reason

        reference = self.reference

        gateway_amount_minor: int | None | Unset
        if isinstance(self.gateway_amount_minor, Unset):
            gateway_amount_minor = UNSET
        else:
            gateway_amount_minor = self.gateway_amount_minor

        gateway_time: None | str | Unset
        if isinstance(self.gateway_time, Unset):
            gateway_time = UNSET
        else:
            gateway_time = self.gateway_time

        line: int | None | Unset
        if isinstance(self.line, Unset):
            line = UNSET
        else:
            line = self.line

        statement_amount_minor: int | None | Unset
        if isinstance(self.statement_amount_minor, Unset):
            statement_amount_minor = UNSET
        else:
            statement_amount_minor = self.statement_amount_minor

        statement_date: None | str | Unset
        if isinstance(self.statement_date, Unset):
            statement_date = UNSET
        else:
            statement_date = self.statement_date


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "class": class_,
            "currency": currency,
            "reason": reason,
            "reference": reference,
        })
        if gateway_amount_minor is not UNSET:
            field_dict["gateway_amount_minor"] = gateway_amount_minor
        if gateway_time is not UNSET:
            field_dict["gateway_time"] = gateway_time
        if line is not UNSET:
            field_dict["line"] = line
        if statement_amount_minor is not UNSET:
            field_dict["statement_amount_minor"] = statement_amount_minor
        if statement_date is not UNSET:
            field_dict["statement_date"] = statement_date

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        class_ = ReconciliationClass(d.pop("class"))




        currency = ReconciliationItemViewCurrency(d.pop("currency"))




        reason = d.pop("reason")

        reference = d.pop("reference")

        def _parse_gateway_amount_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        gateway_amount_minor = _parse_gateway_amount_minor(d.pop("gateway_amount_minor", UNSET))


        def _parse_gateway_time(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        gateway_time = _parse_gateway_time(d.pop("gateway_time", UNSET))


        def _parse_line(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        line = _parse_line(d.pop("line", UNSET))


        def _parse_statement_amount_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        statement_amount_minor = _parse_statement_amount_minor(d.pop("statement_amount_minor", UNSET))


        def _parse_statement_date(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        statement_date = _parse_statement_date(d.pop("statement_date", UNSET))


        reconciliation_item_view = cls(
            class_=class_,
            currency=currency,
            reason=reason,
            reference=reference,
            gateway_amount_minor=gateway_amount_minor,
            gateway_time=gateway_time,
            line=line,
            statement_amount_minor=statement_amount_minor,
            statement_date=statement_date,
        )


        reconciliation_item_view.additional_properties = d
        return reconciliation_item_view

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
