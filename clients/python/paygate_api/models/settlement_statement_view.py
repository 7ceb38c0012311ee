from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.settlement_cycle_status import SettlementCycleStatus
from ..models.settlement_statement_view_currency import SettlementStatementViewCurrency
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.settlement_conversion import SettlementConversion
  from ..models.settlement_period import SettlementPeriod
  from ..models.settlement_totals_view import SettlementTotalsView
  from ..models.statement_line import StatementLine
  from ..models.statement_organisation import StatementOrganisation





T = TypeVar("T", bound="SettlementStatementView")



@_attrs_define
class SettlementStatementView:
    """ 
        Attributes:
            carried_forward_minor (int):
            currency (SettlementStatementViewCurrency):
            cycle (str):
            hash_ (str): SHA-256, hex, of the fields `docs/settlement.md` lists.
            lines (list[StatementLine]):
            livemode (bool):
            net_minor (int): What the close moved out of pending, the figure paid.
            number (str):
            object_ (str): Always `settlement_statement`.
            organisation (StatementOrganisation):
            period (SettlementPeriod):
            settlement_currency (str):
            status (SettlementCycleStatus):
            totals (SettlementTotalsView):
            amount_paid_minor (int | None | Unset):
            conversion (None | SettlementConversion | Unset):
            failure_reason (None | str | Unset):
     """

    carried_forward_minor: int
    currency: SettlementStatementViewCurrency
    cycle: str
    hash_: str
    lines: list[StatementLine]
    livemode: bool
    net_minor: int
    number: str
    object_: str
    organisation: StatementOrganisation
    period: SettlementPeriod
    settlement_currency: str
    status: SettlementCycleStatus
    totals: SettlementTotalsView
    amount_paid_minor: int | None | Unset = UNSET
    conversion: None | SettlementConversion | Unset = UNSET
    failure_reason: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.settlement_conversion import SettlementConversion # noqa: PLC0415
        from ..models.settlement_period import SettlementPeriod # noqa: PLC0415
        from ..models.settlement_totals_view import SettlementTotalsView # noqa: PLC0415
        from ..models.statement_line import StatementLine # noqa: PLC0415
        from ..models.statement_organisation import StatementOrganisation # noqa: PLC0415
        carried_forward_minor = self.carried_forward_minor

        currency = self.currency.value

        cycle = self.cycle

        hash_ = self.hash_

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)



        livemode = self.livemode

        net_minor = self.net_minor

        number = self.number

        object_ = self.object_

        organisation = self.organisation.to_dict()

        period = self.period.to_dict()

        settlement_currency = self.settlement_currency

        status = self.status.value

        totals = self.totals.to_dict()

        amount_paid_minor: int | None | Unset
        if isinstance(self.amount_paid_minor, Unset):
            amount_paid_minor = UNSET
        else:
            amount_paid_minor = self.amount_paid_minor

        conversion: dict[str, Any] | None | Unset
        if isinstance(self.conversion, Unset):
            conversion = UNSET
        elif isinstance(self.conversion, SettlementConversion):
            conversion = self.conversion.to_dict()
        else:
            conversion = self.conversion

        failure_reason: None | str | Unset
        if isinstance(self.failure_reason, Unset):
            failure_reason = UNSET
        else:
            failure_reason = self.failure_reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "carried_forward_minor": carried_forward_minor,
            "currency": currency,
            "cycle": cycle,
            "hash": hash_,
            "lines": lines,
            "livemode": livemode,
            "net_minor": net_minor,
            "number": number,
            "object": object_,
            "organisation": organisation,
            "period": period,
            "settlement_currency": settlement_currency,
            "status": status,
            "totals": totals,
        })
        if amount_paid_minor is not UNSET:
            field_dict["amount_paid_minor"] = amount_paid_minor
        if conversion is not UNSET:
            field_dict["conversion"] = conversion
        if failure_reason is not UNSET:
            field_dict["failure_reason"] = failure_reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.settlement_conversion import SettlementConversion # noqa: PLC0415
        from ..models.settlement_period import SettlementPeriod # noqa: PLC0415
        from ..models.settlement_totals_view import SettlementTotalsView # noqa: PLC0415
        from ..models.statement_line import StatementLine # noqa: PLC0415
        from ..models.statement_organisation import StatementOrganisation # noqa: PLC0415
        d = dict(src_dict)
        carried_forward_minor = d.pop("carried_forward_minor")

        currency = SettlementStatementViewCurrency(d.pop("currency"))




        cycle = d.pop("cycle")

        hash_ = d.pop("hash")

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in (_lines):
            lines_item = StatementLine.from_dict(lines_item_data)



            lines.append(lines_item)


        livemode = d.pop("livemode")

        net_minor = d.pop("net_minor")

        number = d.pop("number")

        object_ = d.pop("object")

        organisation = StatementOrganisation.from_dict(d.pop("organisation"))




        period = SettlementPeriod.from_dict(d.pop("period"))




        settlement_currency = d.pop("settlement_currency")

        status = SettlementCycleStatus(d.pop("status"))




        totals = SettlementTotalsView.from_dict(d.pop("totals"))




        def _parse_amount_paid_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount_paid_minor = _parse_amount_paid_minor(d.pop("amount_paid_minor", UNSET))


        def _parse_conversion(data: object) -> None | SettlementConversion | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                conversion_type_0 = SettlementConversion.from_dict(data)



                return conversion_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SettlementConversion | Unset, data)

        conversion = _parse_conversion(d.pop("conversion", UNSET))


        def _parse_failure_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        failure_reason = _parse_failure_reason(d.pop("failure_reason", UNSET))


        settlement_statement_view = cls(
            carried_forward_minor=carried_forward_minor,
            currency=currency,
            cycle=cycle,
            hash_=hash_,
            lines=lines,
            livemode=livemode,
            net_minor=net_minor,
            number=number,
            object_=object_,
            organisation=organisation,
            period=period,
            settlement_currency=settlement_currency,
            status=status,
            totals=totals,
            amount_paid_minor=amount_paid_minor,
            conversion=conversion,
            failure_reason=failure_reason,
        )


        settlement_statement_view.additional_properties = d
        return settlement_statement_view

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
