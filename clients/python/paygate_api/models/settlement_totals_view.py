from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="SettlementTotalsView")



@_attrs_define
class SettlementTotalsView:
    """ 
        Attributes:
            application_fees_minor (int): A platform's application fees earned on its connected accounts'
                payments (a connected account's own fees are in `splits_minor`).
            carried_in_minor (int):
            fees_minor (int): provider fee + service fee + tax.
            gross_minor (int):
            holds_minor (int):
            payments (int):
            provider_fee_minor (int):
            refunds_minor (int):
            running_net_minor (int): gross − fees − refunds − splits − holds + carried in + application
                fees earned (may be negative).
            service_fee_minor (int):
            splits_minor (int):
            tax_minor (int):
     """

    application_fees_minor: int
    carried_in_minor: int
    fees_minor: int
    gross_minor: int
    holds_minor: int
    payments: int
    provider_fee_minor: int
    refunds_minor: int
    running_net_minor: int
    service_fee_minor: int
    splits_minor: int
    tax_minor: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        application_fees_minor = self.application_fees_minor

        carried_in_minor = self.carried_in_minor

        fees_minor = self.fees_minor

        gross_minor = self.gross_minor

        holds_minor = self.holds_minor

        payments = self.payments

        provider_fee_minor = self.provider_fee_minor

        refunds_minor = self.refunds_minor

        running_net_minor = self.running_net_minor

        service_fee_minor = self.service_fee_minor

        splits_minor = self.splits_minor

        tax_minor = self.tax_minor


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "application_fees_minor": application_fees_minor,
            "carried_in_minor": carried_in_minor,
            "fees_minor": fees_minor,
            "gross_minor": gross_minor,
            "holds_minor": holds_minor,
            "payments": payments,
            "provider_fee_minor": provider_fee_minor,
            "refunds_minor": refunds_minor,
            "running_net_minor": running_net_minor,
            "service_fee_minor": service_fee_minor,
            "splits_minor": splits_minor,
            "tax_minor": tax_minor,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        application_fees_minor = d.pop("application_fees_minor")

        carried_in_minor = d.pop("carried_in_minor")

        fees_minor = d.pop("fees_minor")

        gross_minor = d.pop("gross_minor")

        holds_minor = d.pop("holds_minor")

        payments = d.pop("payments")

        provider_fee_minor = d.pop("provider_fee_minor")

        refunds_minor = d.pop("refunds_minor")

        running_net_minor = d.pop("running_net_minor")

        service_fee_minor = d.pop("service_fee_minor")

        splits_minor = d.pop("splits_minor")

        tax_minor = d.pop("tax_minor")

        settlement_totals_view = cls(
            application_fees_minor=application_fees_minor,
            carried_in_minor=carried_in_minor,
            fees_minor=fees_minor,
            gross_minor=gross_minor,
            holds_minor=holds_minor,
            payments=payments,
            provider_fee_minor=provider_fee_minor,
            refunds_minor=refunds_minor,
            running_net_minor=running_net_minor,
            service_fee_minor=service_fee_minor,
            splits_minor=splits_minor,
            tax_minor=tax_minor,
        )


        settlement_totals_view.additional_properties = d
        return settlement_totals_view

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
