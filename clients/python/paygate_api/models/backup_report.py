from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.backup_report_rows import BackupReportRows





T = TypeVar("T", bound="BackupReport")



@_attrs_define
class BackupReport:
    """ What a backup or a restore wrote and checked.

        Attributes:
            bytes_ (int):
            file (str): The backup file (or the restored data dir's store file).
            postings (int): Ledger postings checked in the copy.
            rows (BackupReportRows): Rows per table, as copied and as found in the copy.
            took_ms (int):
            verified (bool): Always true in a report: a copy that does not verify is an error.
     """

    bytes_: int
    file: str
    postings: int
    rows: BackupReportRows
    took_ms: int
    verified: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.backup_report_rows import BackupReportRows # noqa: PLC0415
        bytes_ = self.bytes_

        file = self.file

        postings = self.postings

        rows = self.rows.to_dict()

        took_ms = self.took_ms

        verified = self.verified


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bytes": bytes_,
            "file": file,
            "postings": postings,
            "rows": rows,
            "took_ms": took_ms,
            "verified": verified,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.backup_report_rows import BackupReportRows # noqa: PLC0415
        d = dict(src_dict)
        bytes_ = d.pop("bytes")

        file = d.pop("file")

        postings = d.pop("postings")

        rows = BackupReportRows.from_dict(d.pop("rows"))




        took_ms = d.pop("took_ms")

        verified = d.pop("verified")

        backup_report = cls(
            bytes_=bytes_,
            file=file,
            postings=postings,
            rows=rows,
            took_ms=took_ms,
            verified=verified,
        )


        backup_report.additional_properties = d
        return backup_report

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
