from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.reconciliation_statement_view_currency import ReconciliationStatementViewCurrency
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.reconciliation_counts import ReconciliationCounts
  from ..models.reconciliation_item_view import ReconciliationItemView





T = TypeVar("T", bound="ReconciliationStatementView")



@_attrs_define
class ReconciliationStatementView:
    """ 
        Attributes:
            attention_count (int): Lines and records that need a person (unmatched + mismatched + missing).
            counts (ReconciliationCounts): How many lines (and records) came out each way.
            created (str):
            digest (str): SHA-256 of the file, hex: the same bytes again answer this statement.
            file_bytes (int):
            id (str):
            livemode (bool):
            object_ (str): Always `reconciliation_statement`.
            period_end (str):
            period_start (str): The whole UTC days the lines' dates cover.
            rail (str):
            report_url (str): `GET` it for the whole report as CSV.
            attention (list[ReconciliationItemView] | None | Unset): The first 1,000 of them, in line order then missing
                records (one
                statement only; the CSV report lists all). Absent in lists.
            currency (ReconciliationStatementViewCurrency | Unset):
     """

    attention_count: int
    counts: ReconciliationCounts
    created: str
    digest: str
    file_bytes: int
    id: str
    livemode: bool
    object_: str
    period_end: str
    period_start: str
    rail: str
    report_url: str
    attention: list[ReconciliationItemView] | None | Unset = UNSET
    currency: ReconciliationStatementViewCurrency | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.reconciliation_counts import ReconciliationCounts # noqa: PLC0415
        from ..models.reconciliation_item_view import ReconciliationItemView # noqa: PLC0415
        attention_count = self.attention_count

        counts = self.counts.to_dict()

        created = self.created

        digest = self.digest

        file_bytes = self.file_bytes

        id = self.id

        livemode = self.livemode

        object_ = self.object_

        period_end = self.period_end

        period_start = self.period_start

        rail = self.rail

        report_url = self.report_url

        attention: list[dict[str, Any]] | None | Unset
        if isinstance(self.attention, Unset):
            attention = UNSET
        elif isinstance(self.attention, list):
            attention = []
            for attention_type_0_item_data in self.attention:
                attention_type_0_item = attention_type_0_item_data.to_dict()
                attention.append(attention_type_0_item)


        else:
            attention = self.attention

        currency: str | Unset = UNSET
        if not isinstance(self.currency, Unset):
            currency = self.currency.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "attention_count": attention_count,
            "counts": counts,
            "created": created,
            "digest": digest,
            "file_bytes": file_bytes,
            "id": id,
            "livemode": livemode,
            "object": object_,
            "period_end": period_end,
            "period_start": period_start,
            "rail": rail,
            "report_url": report_url,
        })
        if attention is not UNSET:
            field_dict["attention"] = attention
        if currency is not UNSET:
            field_dict["currency"] = currency

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.reconciliation_counts import ReconciliationCounts # noqa: PLC0415
        from ..models.reconciliation_item_view import ReconciliationItemView # noqa: PLC0415
        d = dict(src_dict)
        attention_count = d.pop("attention_count")

        counts = ReconciliationCounts.from_dict(d.pop("counts"))




        created = d.pop("created")

        digest = d.pop("digest")

        file_bytes = d.pop("file_bytes")

        id = d.pop("id")

        livemode = d.pop("livemode")

        object_ = d.pop("object")

        period_end = d.pop("period_end")

        period_start = d.pop("period_start")

        rail = d.pop("rail")

        report_url = d.pop("report_url")

        def _parse_attention(data: object) -> list[ReconciliationItemView] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                attention_type_0 = []
                _attention_type_0 = data
                for attention_type_0_item_data in (_attention_type_0):
                    attention_type_0_item = ReconciliationItemView.from_dict(attention_type_0_item_data)



                    attention_type_0.append(attention_type_0_item)

                return attention_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[ReconciliationItemView] | None | Unset, data)

        attention = _parse_attention(d.pop("attention", UNSET))


        _currency = d.pop("currency", UNSET)
        currency: ReconciliationStatementViewCurrency | Unset
        if isinstance(_currency,  Unset):
            currency = UNSET
        else:
            currency = ReconciliationStatementViewCurrency(_currency)




        reconciliation_statement_view = cls(
            attention_count=attention_count,
            counts=counts,
            created=created,
            digest=digest,
            file_bytes=file_bytes,
            id=id,
            livemode=livemode,
            object_=object_,
            period_end=period_end,
            period_start=period_start,
            rail=rail,
            report_url=report_url,
            attention=attention,
            currency=currency,
        )


        reconciliation_statement_view.additional_properties = d
        return reconciliation_statement_view

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
