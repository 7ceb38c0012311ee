from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.agent_depth import AgentDepth
from ..models.agent_run_status import AgentRunStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.agent_ref import AgentRef
  from ..models.agent_run_billing import AgentRunBilling
  from ..models.agent_run_error import AgentRunError
  from ..models.run_view_result_type_0 import RunViewResultType0





T = TypeVar("T", bound="RunView")



@_attrs_define
class RunView:
    """ 
        Attributes:
            agent (AgentRef): The agent that ran (the origin's `agent {key, name}`).
            billing (AgentRunBilling): What the run cost.
            created_at (str):
            depth (AgentDepth): How deep an analysis goes (spec 4.13 `depth`).
            id (str): `run_...`.
            input_ (str):
            livemode (bool):
            object_ (str): Always `agent_run`.
            status (AgentRunStatus): Lower case, as the origin's run statuses.
            completed_at (None | str | Unset):
            error (AgentRunError | None | Unset):
            output (None | str | Unset): What the analysis says, for a person; once completed.
            result (None | RunViewResultType0 | Unset): What the analysis found, for a program (its shape per agent is in
                `docs/agents.md`); once completed.
     """

    agent: AgentRef
    billing: AgentRunBilling
    created_at: str
    depth: AgentDepth
    id: str
    input_: str
    livemode: bool
    object_: str
    status: AgentRunStatus
    completed_at: None | str | Unset = UNSET
    error: AgentRunError | None | Unset = UNSET
    output: None | str | Unset = UNSET
    result: None | RunViewResultType0 | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_ref import AgentRef # noqa: PLC0415
        from ..models.agent_run_billing import AgentRunBilling # noqa: PLC0415
        from ..models.agent_run_error import AgentRunError # noqa: PLC0415
        from ..models.run_view_result_type_0 import RunViewResultType0 # noqa: PLC0415
        agent = self.agent.to_dict()

        billing = self.billing.to_dict()

        created_at = self.created_at

        depth = self.depth.value

        id = self.id

        input_ = self.input_

        livemode = self.livemode

        object_ = self.object_

        status = self.status.value

        completed_at: None | str | Unset
        if isinstance(self.completed_at, Unset):
            completed_at = UNSET
        else:
            completed_at = self.completed_at

        error: dict[str, Any] | None | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        elif isinstance(self.error, AgentRunError):
            error = self.error.to_dict()
        else:
            error = self.error

        output: None | str | Unset
        if isinstance(self.output, Unset):
            output = UNSET
        else:
            output = self.output

        result: dict[str, Any] | None | Unset
        if isinstance(self.result, Unset):
            result = UNSET
        elif isinstance(self.result, RunViewResultType0):
            result = self.result.to_dict()
        else:
            result = self.result


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "agent": agent,
            "billing": billing,
            "created_at": created_at,
            "depth": depth,
            "id": id,
            "input": input_,
            "livemode": livemode,
            "object": object_,
            "status": status,
        })
        if completed_at is not UNSET:
            field_dict["completed_at"] = completed_at
        if error is not UNSET:
            field_dict["error"] = error
        if output is not UNSET:
            field_dict["output"] = output
        if result is not UNSET:
            field_dict["result"] = result

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agent_ref import AgentRef # noqa: PLC0415
        from ..models.agent_run_billing import AgentRunBilling # noqa: PLC0415
        from ..models.agent_run_error import AgentRunError # noqa: PLC0415
        from ..models.run_view_result_type_0 import RunViewResultType0 # noqa: PLC0415
        d = dict(src_dict)
        agent = AgentRef.from_dict(d.pop("agent"))




        billing = AgentRunBilling.from_dict(d.pop("billing"))




        created_at = d.pop("created_at")

        depth = AgentDepth(d.pop("depth"))




        id = d.pop("id")

        input_ = d.pop("input")

        livemode = d.pop("livemode")

        object_ = d.pop("object")

        status = AgentRunStatus(d.pop("status"))




        def _parse_completed_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        completed_at = _parse_completed_at(d.pop("completed_at", UNSET))


        def _parse_error(data: object) -> AgentRunError | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = AgentRunError.from_dict(data)



                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentRunError | None | Unset, data)

        error = _parse_error(d.pop("error", UNSET))


        def _parse_output(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        output = _parse_output(d.pop("output", UNSET))


        def _parse_result(data: object) -> None | RunViewResultType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_0 = RunViewResultType0.from_dict(data)



                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunViewResultType0 | Unset, data)

        result = _parse_result(d.pop("result", UNSET))


        run_view = cls(
            agent=agent,
            billing=billing,
            created_at=created_at,
            depth=depth,
            id=id,
            input_=input_,
            livemode=livemode,
            object_=object_,
            status=status,
            completed_at=completed_at,
            error=error,
            output=output,
            result=result,
        )


        run_view.additional_properties = d
        return run_view

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
