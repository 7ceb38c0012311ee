from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.import_statement_currency import ImportStatementCurrency
from ..types import UNSET, Unset






T = TypeVar("T", bound="ImportStatement")



@_attrs_define
class ImportStatement:
    """ 
        Attributes:
            csv (str): The text of the CSV file: a header naming `reference`, `amount`
                (major units), `currency`, `date` (`YYYY-MM-DD` or RFC 3339) and
                optionally `status`, in any order (other columns are ignored), then
                one line per movement. At most 50,000 lines; through the API the
                1 MiB request body bound comes first (about 12,000 lines). A UTF-8
                BOM, CRLF and quoted fields are fine.
            rail (str): The rail whose statement it is: `national_switch`, `mobile_money`,
                `bank`, `mtn_momo`, `airtel_money` or `flutterwave`.
            currency (ImportStatementCurrency | Unset): The statement's currency, for a file without a `currency` column.
     """

    csv: str
    rail: str
    currency: ImportStatementCurrency | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        csv = self.csv

        rail = self.rail

        currency: str | Unset = UNSET
        if not isinstance(self.currency, Unset):
            currency = self.currency.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "csv": csv,
            "rail": rail,
        })
        if currency is not UNSET:
            field_dict["currency"] = currency

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        csv = d.pop("csv")

        rail = d.pop("rail")

        _currency = d.pop("currency", UNSET)
        currency: ImportStatementCurrency | Unset
        if isinstance(_currency,  Unset):
            currency = UNSET
        else:
            currency = ImportStatementCurrency(_currency)




        import_statement = cls(
            csv=csv,
            rail=rail,
            currency=currency,
        )

        return import_statement

