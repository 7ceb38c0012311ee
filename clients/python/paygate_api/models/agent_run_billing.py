from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.agent_run_billing_currency import AgentRunBillingCurrency
from ..models.agent_run_tier import AgentRunTier
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="AgentRunBilling")



@_attrs_define
class AgentRunBilling:
    """ What the run cost.

        Attributes:
            acu (int): Agent compute units (1 ACU = 1 US cent): 5 standard, 90 deep.
            amount_minor (int): The price in `currency`, tax included (0 for a free run).
            charged (bool): Whether the price was taken (once completed, and not free).
            currency (AgentRunBillingCurrency):
            tax_minor (int): The tax inside `amount_minor` (20 %).
            tier (AgentRunTier): How a run is billed (origin: `billing.tier`).
            transaction (None | str | Unset): The ledger posting that took it.
     """

    acu: int
    amount_minor: int
    charged: bool
    currency: AgentRunBillingCurrency
    tax_minor: int
    tier: AgentRunTier
    transaction: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        acu = self.acu

        amount_minor = self.amount_minor

        charged = self.charged

        currency = self.currency.value

        tax_minor = self.tax_minor

        tier = self.tier.value

        transaction: None | str | Unset
        if isinstance(self.transaction, Unset):
            transaction = UNSET
        else:
            transaction = self.transaction


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "acu": acu,
            "amount_minor": amount_minor,
            "charged": charged,
            "currency": currency,
            "tax_minor": tax_minor,
            "tier": tier,
        })
        if transaction is not UNSET:
            field_dict["transaction"] = transaction

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        acu = d.pop("acu")

        amount_minor = d.pop("amount_minor")

        charged = d.pop("charged")

        currency = AgentRunBillingCurrency(d.pop("currency"))




        tax_minor = d.pop("tax_minor")

        tier = AgentRunTier(d.pop("tier"))




        def _parse_transaction(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        transaction = _parse_transaction(d.pop("transaction", UNSET))


        agent_run_billing = cls(
            acu=acu,
            amount_minor=amount_minor,
            charged=charged,
            currency=currency,
            tax_minor=tax_minor,
            tier=tier,
            transaction=transaction,
        )


        agent_run_billing.additional_properties = d
        return agent_run_billing

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
