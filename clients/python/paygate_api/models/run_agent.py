from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.agent_depth import AgentDepth
from ..models.run_agent_currency import RunAgentCurrency
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.run_agent_context_type_0 import RunAgentContextType0





T = TypeVar("T", bound="RunAgent")



@_attrs_define
class RunAgent:
    """ 
        Attributes:
            input_ (str): What is asked, 2 to 4,000 characters once trimmed (kept on the run).
            context (None | RunAgentContextType0 | Unset): The facts the analysis reads (per agent, `docs/agents.md`):
                RouteOptimiser `amount_minor`, `currency`, `kind`, `country`, `rails`,
                `method`, `policy`; FraudScorer `payment_intent` or `msisdn` (and
                `amount_minor`); SavingsAdvisor none. At most 32 keys, 8 KiB.
            currency (RunAgentCurrency | Unset): The currency the price is taken in (default: the organisation's
                default currency, else CDF); converted from ACU at the mode's rate. Example: CDF.
            depth (AgentDepth | None | Unset):
            wait (bool | None | Unset): Default true: answer 200 with the completed run. False: 202 with the
                queued run, completed in the background (read it with `GET /ai/runs/{id}`).
     """

    input_: str
    context: None | RunAgentContextType0 | Unset = UNSET
    currency: RunAgentCurrency | Unset = UNSET
    depth: AgentDepth | None | Unset = UNSET
    wait: bool | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.run_agent_context_type_0 import RunAgentContextType0 # noqa: PLC0415
        input_ = self.input_

        context: dict[str, Any] | None | Unset
        if isinstance(self.context, Unset):
            context = UNSET
        elif isinstance(self.context, RunAgentContextType0):
            context = self.context.to_dict()
        else:
            context = self.context

        currency: str | Unset = UNSET
        if not isinstance(self.currency, Unset):
            currency = self.currency.value


        depth: None | str | Unset
        if isinstance(self.depth, Unset):
            depth = UNSET
        elif isinstance(self.depth, AgentDepth):
            depth = self.depth.value
        else:
            depth = self.depth

        wait: bool | None | Unset
        if isinstance(self.wait, Unset):
            wait = UNSET
        else:
            wait = self.wait


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "input": input_,
        })
        if context is not UNSET:
            field_dict["context"] = context
        if currency is not UNSET:
            field_dict["currency"] = currency
        if depth is not UNSET:
            field_dict["depth"] = depth
        if wait is not UNSET:
            field_dict["wait"] = wait

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.run_agent_context_type_0 import RunAgentContextType0 # noqa: PLC0415
        d = dict(src_dict)
        input_ = d.pop("input")

        def _parse_context(data: object) -> None | RunAgentContextType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                context_type_0 = RunAgentContextType0.from_dict(data)



                return context_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunAgentContextType0 | Unset, data)

        context = _parse_context(d.pop("context", UNSET))


        _currency = d.pop("currency", UNSET)
        currency: RunAgentCurrency | Unset
        if isinstance(_currency,  Unset):
            currency = UNSET
        else:
            currency = RunAgentCurrency(_currency)




        def _parse_depth(data: object) -> AgentDepth | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                depth_type_0 = AgentDepth(data)



                return depth_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AgentDepth | None | Unset, data)

        depth = _parse_depth(d.pop("depth", UNSET))


        def _parse_wait(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        wait = _parse_wait(d.pop("wait", UNSET))


        run_agent = cls(
            input_=input_,
            context=context,
            currency=currency,
            depth=depth,
            wait=wait,
        )

        return run_agent

