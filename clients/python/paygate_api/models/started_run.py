from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.agent_ref import AgentRef
  from ..models.run_view import RunView





T = TypeVar("T", bound="StartedRun")



@_attrs_define
class StartedRun:
    """ The answer of `POST /ai/{agent}` (the origin's `{run, agent}`).

        Attributes:
            agent (AgentRef): The agent that ran (the origin's `agent {key, name}`).
            run (RunView):
     """

    agent: AgentRef
    run: RunView
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_ref import AgentRef # noqa: PLC0415
        from ..models.run_view import RunView # noqa: PLC0415
        agent = self.agent.to_dict()

        run = self.run.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "agent": agent,
            "run": run,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agent_ref import AgentRef # noqa: PLC0415
        from ..models.run_view import RunView # noqa: PLC0415
        d = dict(src_dict)
        agent = AgentRef.from_dict(d.pop("agent"))




        run = RunView.from_dict(d.pop("run"))




        started_run = cls(
            agent=agent,
            run=run,
        )


        started_run.additional_properties = d
        return started_run

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
