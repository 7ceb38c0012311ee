from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="StoreView")



@_attrs_define
class StoreView:
    """ 
        Attributes:
            backend (str): `file`, `memory` (`--ephemeral`) or `postgres` (`--store postgres://...`).
            file_bytes (int):
            ok (bool): True when a read snapshot could be taken.
            repaired_at_start (bool): True when the previous process did not close the store (kill -9,
                power loss) and it was repaired at start. No committed write is lost
                either way; the repair makes that start slower on a large store.
            replayed_batches_at_start (int): Batches the write-ahead log gave back at start because redb had not
                checkpointed them when the previous process stopped (0 after a clean
                stop). Each was durable and acknowledged before the stop.
            writer_apply_ms (int): Milliseconds the writer spent applying commands since start (their
                work and the flush of their writes): its CPU time per command.
            writer_batches (int): Group commits since start.
            writer_command_max_us (int): The longest time one command held the writer since start (its work
                and the flush of its writes), in microseconds.
            writer_commands (int): Commands applied since start.
            writer_commit_ms (int): Milliseconds the writer spent committing since start (pages and fsync).
     """

    backend: str
    file_bytes: int
    ok: bool
    repaired_at_start: bool
    replayed_batches_at_start: int
    writer_apply_ms: int
    writer_batches: int
    writer_command_max_us: int
    writer_commands: int
    writer_commit_ms: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        backend = self.backend

        file_bytes = self.file_bytes

        ok = self.ok

        repaired_at_start = self.repaired_at_start

        replayed_batches_at_start = self.replayed_batches_at_start

        writer_apply_ms = self.writer_apply_ms

        writer_batches = self.writer_batches

        writer_command_max_us = self.writer_command_max_us

        writer_commands = self.writer_commands

        writer_commit_ms = self.writer_commit_ms


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "backend": backend,
            "file_bytes": file_bytes,
            "ok": ok,
            "repaired_at_start": repaired_at_start,
            "replayed_batches_at_start": replayed_batches_at_start,
            "writer_apply_ms": writer_apply_ms,
            "writer_batches": writer_batches,
            "writer_command_max_us": writer_command_max_us,
            "writer_commands": writer_commands,
            "writer_commit_ms": writer_commit_ms,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        backend = d.pop("backend")

        file_bytes = d.pop("file_bytes")

        ok = d.pop("ok")

        repaired_at_start = d.pop("repaired_at_start")

        replayed_batches_at_start = d.pop("replayed_batches_at_start")

        writer_apply_ms = d.pop("writer_apply_ms")

        writer_batches = d.pop("writer_batches")

        writer_command_max_us = d.pop("writer_command_max_us")

        writer_commands = d.pop("writer_commands")

        writer_commit_ms = d.pop("writer_commit_ms")

        store_view = cls(
            backend=backend,
            file_bytes=file_bytes,
            ok=ok,
            repaired_at_start=repaired_at_start,
            replayed_batches_at_start=replayed_batches_at_start,
            writer_apply_ms=writer_apply_ms,
            writer_batches=writer_batches,
            writer_command_max_us=writer_command_max_us,
            writer_commands=writer_commands,
            writer_commit_ms=writer_commit_ms,
        )


        store_view.additional_properties = d
        return store_view

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
