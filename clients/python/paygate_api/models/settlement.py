from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.settlement_cycle_status import SettlementCycleStatus
from ..models.settlement_cycle_view_currency import SettlementCycleViewCurrency
from ..models.settlement_schedule import SettlementSchedule
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.payout_destination_type_0 import PayoutDestinationType0
  from ..models.payout_destination_type_1 import PayoutDestinationType1
  from ..models.settlement_conversion import SettlementConversion
  from ..models.settlement_destination_type_0 import SettlementDestinationType0
  from ..models.settlement_item_view import SettlementItemView
  from ..models.settlement_period import SettlementPeriod
  from ..models.settlement_totals_view import SettlementTotalsView
  from ..models.statement_summary import StatementSummary





T = TypeVar("T", bound="Settlement")



@_attrs_define
class Settlement:
    """ 
        Attributes:
            carried_forward_minor (int): What the close passed to the next cycle (negative: owed).
            created_at (str):
            currency (SettlementCycleViewCurrency):
            destination (PayoutDestinationType0 | PayoutDestinationType1 | SettlementDestinationType0): Where a settlement
                goes: `{"method": "wallet"}` (the available balance),
                or a payout destination as `POST /payouts` shows it.
            id (str):
            items_count (int):
            livemode (bool):
            minimum_minor (int):
            net_minor (int): What the close moved to `settlement_pending` (0 while OPEN).
            object_ (str): Always `settlement_cycle`.
            payments_settled (int): Payments marked SETTLED so far (they are marked in chunks after the pay).
            period (SettlementPeriod):
            schedule (SettlementSchedule): How often a profile's periods end and when their cycles are paid.
            settlement_currency (str):
            status (SettlementCycleStatus):
            totals (SettlementTotalsView):
            updated_at (str):
            items (list[SettlementItemView]): The first 100 items, in order (all of them are in the statement).
            items_has_more (bool):
            amount_paid_minor (int | None | Unset): What reached the destination, in `settlement_currency`.
            carried_into (None | str | Unset):
            close_transaction (None | str | Unset):
            closed_at (None | str | Unset):
            conversion (None | SettlementConversion | Unset):
            cut_off (None | str | Unset): `HH:MM` UTC; `null` for the sandbox's default, whose periods last `--sandbox-
                settlement-ms`.
            due_at (None | str | Unset):
            failure_reason (None | str | Unset): `minimum_not_reached: ...`, `fx_rate_unavailable: ...`, `payout_failed:
                ...`, `payout_refused: ...`.
            paid_at (None | str | Unset):
            pay_transaction (None | str | Unset):
            payout (None | str | Unset):
            profile (None | str | Unset): The profile it follows (`null`: the defaults).
            rail (None | str | Unset): `null`: every rail.
            statement_number (None | str | Unset): The statement's number (`SET-<date>-<code>`) once closed.
            statement (None | StatementSummary | Unset):
     """

    carried_forward_minor: int
    created_at: str
    currency: SettlementCycleViewCurrency
    destination: PayoutDestinationType0 | PayoutDestinationType1 | SettlementDestinationType0
    id: str
    items_count: int
    livemode: bool
    minimum_minor: int
    net_minor: int
    object_: str
    payments_settled: int
    period: SettlementPeriod
    schedule: SettlementSchedule
    settlement_currency: str
    status: SettlementCycleStatus
    totals: SettlementTotalsView
    updated_at: str
    items: list[SettlementItemView]
    items_has_more: bool
    amount_paid_minor: int | None | Unset = UNSET
    carried_into: None | str | Unset = UNSET
    close_transaction: None | str | Unset = UNSET
    closed_at: None | str | Unset = UNSET
    conversion: None | SettlementConversion | Unset = UNSET
    cut_off: None | str | Unset = UNSET
    due_at: None | str | Unset = UNSET
    failure_reason: None | str | Unset = UNSET
    paid_at: None | str | Unset = UNSET
    pay_transaction: None | str | Unset = UNSET
    payout: None | str | Unset = UNSET
    profile: None | str | Unset = UNSET
    rail: None | str | Unset = UNSET
    statement_number: None | str | Unset = UNSET
    statement: None | StatementSummary | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.payout_destination_type_0 import PayoutDestinationType0 # noqa: PLC0415
        from ..models.payout_destination_type_1 import PayoutDestinationType1 # noqa: PLC0415
        from ..models.settlement_conversion import SettlementConversion # noqa: PLC0415
        from ..models.settlement_destination_type_0 import SettlementDestinationType0 # noqa: PLC0415
        from ..models.settlement_item_view import SettlementItemView # noqa: PLC0415
        from ..models.settlement_period import SettlementPeriod # noqa: PLC0415
        from ..models.settlement_totals_view import SettlementTotalsView # noqa: PLC0415
        from ..models.statement_summary import StatementSummary # noqa: PLC0415
        carried_forward_minor = self.carried_forward_minor

        created_at = self.created_at

        currency = self.currency.value

        destination: dict[str, Any]
        if isinstance(self.destination, SettlementDestinationType0):
            destination = self.destination.to_dict()
        elif isinstance(self.destination, PayoutDestinationType0):
            destination = self.destination.to_dict()
        else:
            destination = self.destination.to_dict()


        id = self.id

        items_count = self.items_count

        livemode = self.livemode

        minimum_minor = self.minimum_minor

        net_minor = self.net_minor

        object_ = self.object_

        payments_settled = self.payments_settled

        period = self.period.to_dict()

        schedule = self.schedule.value

        settlement_currency = self.settlement_currency

        status = self.status.value

        totals = self.totals.to_dict()

        updated_at = self.updated_at

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)



        items_has_more = self.items_has_more

        amount_paid_minor: int | None | Unset
        if isinstance(self.amount_paid_minor, Unset):
            amount_paid_minor = UNSET
        else:
            amount_paid_minor = self.amount_paid_minor

        carried_into: None | str | Unset
        if isinstance(self.carried_into, Unset):
            carried_into = UNSET
        else:
            carried_into = self.carried_into

        close_transaction: None | str | Unset
        if isinstance(self.close_transaction, Unset):
            close_transaction = UNSET
        else:
            close_transaction = self.close_transaction

        closed_at: None | str | Unset
        if isinstance(self.closed_at, Unset):
            closed_at = UNSET
        else:
            closed_at = self.closed_at

        conversion: dict[str, Any] | None | Unset
        if isinstance(self.conversion, Unset):
            conversion = UNSET
        elif isinstance(self.conversion, SettlementConversion):
            conversion = self.conversion.to_dict()
        else:
            conversion = self.conversion

        cut_off: None | str | Unset
        if isinstance(self.cut_off, Unset):
            cut_off = UNSET
        else:
            cut_off = self.cut_off

        due_at: None | str | Unset
        if isinstance(self.due_at, Unset):
            due_at = UNSET
        else:
            due_at = self.due_at

        failure_reason: None | str | Unset
        if isinstance(self.failure_reason, Unset):
            failure_reason = UNSET
        else:
            failure_reason = self.failure_reason

        paid_at: None | str | Unset
        if isinstance(self.paid_at, Unset):
            paid_at = UNSET
        else:
            paid_at = self.paid_at

        pay_transaction: None | str | Unset
        if isinstance(self.pay_transaction, Unset):
            pay_transaction = UNSET
        else:
            pay_transaction = self.pay_transaction

        payout: None | str | Unset
        if isinstance(self.payout, Unset):
            payout = UNSET
        else:
            payout = self.payout

        profile: None | str | Unset
        if isinstance(self.profile, Unset):
            profile = UNSET
        else:
            profile = self.profile

        rail: None | str | Unset
        if isinstance(self.rail, Unset):
            rail = UNSET
        else:
            rail = self.rail

        statement_number: None | str | Unset
        if isinstance(self.statement_number, Unset):
            statement_number = UNSET
        else:
            statement_number = self.statement_number

        statement: dict[str, Any] | None | Unset
        if isinstance(self.statement, Unset):
            statement = UNSET
        elif isinstance(self.statement, StatementSummary):
            statement = self.statement.to_dict()
        else:
            statement = self.statement


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "carried_forward_minor": carried_forward_minor,
            "created_at": created_at,
            "currency": currency,
            "destination": destination,
            "id": id,
            "items_count": items_count,
            "livemode": livemode,
            "minimum_minor": minimum_minor,
            "net_minor": net_minor,
            "object": object_,
            "payments_settled": payments_settled,
            "period": period,
            "schedule": schedule,
            "settlement_currency": settlement_currency,
            "status": status,
            "totals": totals,
            "updated_at": updated_at,
            "items": items,
            "items_has_more": items_has_more,
        })
        if amount_paid_minor is not UNSET:
            field_dict["amount_paid_minor"] = amount_paid_minor
        if carried_into is not UNSET:
            field_dict["carried_into"] = carried_into
        if close_transaction is not UNSET:
            field_dict["close_transaction"] = close_transaction
        if closed_at is not UNSET:
            field_dict["closed_at"] = closed_at
        if conversion is not UNSET:
            field_dict["conversion"] = conversion
        if cut_off is not UNSET:
            field_dict["cut_off"] = cut_off
        if due_at is not UNSET:
            field_dict["due_at"] = due_at
        if failure_reason is not UNSET:
            field_dict["failure_reason"] = failure_reason
        if paid_at is not UNSET:
            field_dict["paid_at"] = paid_at
        if pay_transaction is not UNSET:
            field_dict["pay_transaction"] = pay_transaction
        if payout is not UNSET:
            field_dict["payout"] = payout
        if profile is not UNSET:
            field_dict["profile"] = profile
        if rail is not UNSET:
            field_dict["rail"] = rail
        if statement_number is not UNSET:
            field_dict["statement_number"] = statement_number
        if statement is not UNSET:
            field_dict["statement"] = statement

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.payout_destination_type_0 import PayoutDestinationType0 # noqa: PLC0415
        from ..models.payout_destination_type_1 import PayoutDestinationType1 # noqa: PLC0415
        from ..models.settlement_conversion import SettlementConversion # noqa: PLC0415
        from ..models.settlement_destination_type_0 import SettlementDestinationType0 # noqa: PLC0415
        from ..models.settlement_item_view import SettlementItemView # noqa: PLC0415
        from ..models.settlement_period import SettlementPeriod # noqa: PLC0415
        from ..models.settlement_totals_view import SettlementTotalsView # noqa: PLC0415
        from ..models.statement_summary import StatementSummary # noqa: PLC0415
        d = dict(src_dict)
        carried_forward_minor = d.pop("carried_forward_minor")

        created_at = d.pop("created_at")

        currency = SettlementCycleViewCurrency(d.pop("currency"))




        def _parse_destination(data: object) -> PayoutDestinationType0 | PayoutDestinationType1 | SettlementDestinationType0:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_settlement_destination_type_0 = SettlementDestinationType0.from_dict(data)



                return componentsschemas_settlement_destination_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_payout_destination_type_0 = PayoutDestinationType0.from_dict(data)



                return componentsschemas_payout_destination_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_payout_destination_type_1 = PayoutDestinationType1.from_dict(data)



            return componentsschemas_payout_destination_type_1

        destination = _parse_destination(d.pop("destination"))


        id = d.pop("id")

        items_count = d.pop("items_count")

        livemode = d.pop("livemode")

        minimum_minor = d.pop("minimum_minor")

        net_minor = d.pop("net_minor")

        object_ = d.pop("object")

        payments_settled = d.pop("payments_settled")

        period = SettlementPeriod.from_dict(d.pop("period"))




        schedule = SettlementSchedule(d.pop("schedule"))




        settlement_currency = d.pop("settlement_currency")

        status = SettlementCycleStatus(d.pop("status"))




        totals = SettlementTotalsView.from_dict(d.pop("totals"))




        updated_at = d.pop("updated_at")

        items = []
        _items = d.pop("items")
        for items_item_data in (_items):
            items_item = SettlementItemView.from_dict(items_item_data)



            items.append(items_item)


        items_has_more = d.pop("items_has_more")

        def _parse_amount_paid_minor(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount_paid_minor = _parse_amount_paid_minor(d.pop("amount_paid_minor", UNSET))


        def _parse_carried_into(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        carried_into = _parse_carried_into(d.pop("carried_into", UNSET))


        def _parse_close_transaction(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        close_transaction = _parse_close_transaction(d.pop("close_transaction", UNSET))


        def _parse_closed_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        closed_at = _parse_closed_at(d.pop("closed_at", UNSET))


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


        def _parse_cut_off(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cut_off = _parse_cut_off(d.pop("cut_off", UNSET))


        def _parse_due_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        due_at = _parse_due_at(d.pop("due_at", UNSET))


        def _parse_failure_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        failure_reason = _parse_failure_reason(d.pop("failure_reason", UNSET))


        def _parse_paid_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        paid_at = _parse_paid_at(d.pop("paid_at", UNSET))


        def _parse_pay_transaction(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pay_transaction = _parse_pay_transaction(d.pop("pay_transaction", UNSET))


        def _parse_payout(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        payout = _parse_payout(d.pop("payout", UNSET))


        def _parse_profile(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        profile = _parse_profile(d.pop("profile", UNSET))


        def _parse_rail(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rail = _parse_rail(d.pop("rail", UNSET))


        def _parse_statement_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        statement_number = _parse_statement_number(d.pop("statement_number", UNSET))


        def _parse_statement(data: object) -> None | StatementSummary | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                statement_type_0 = StatementSummary.from_dict(data)



                return statement_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | StatementSummary | Unset, data)

        statement = _parse_statement(d.pop("statement", UNSET))


        settlement = cls(
            carried_forward_minor=carried_forward_minor,
            created_at=created_at,
            currency=currency,
            destination=destination,
            id=id,
            items_count=items_count,
            livemode=livemode,
            minimum_minor=minimum_minor,
            net_minor=net_minor,
            object_=object_,
            payments_settled=payments_settled,
            period=period,
            schedule=schedule,
            settlement_currency=settlement_currency,
            status=status,
            totals=totals,
            updated_at=updated_at,
            items=items,
            items_has_more=items_has_more,
            amount_paid_minor=amount_paid_minor,
            carried_into=carried_into,
            close_transaction=close_transaction,
            closed_at=closed_at,
            conversion=conversion,
            cut_off=cut_off,
            due_at=due_at,
            failure_reason=failure_reason,
            paid_at=paid_at,
            pay_transaction=pay_transaction,
            payout=payout,
            profile=profile,
            rail=rail,
            statement_number=statement_number,
            statement=statement,
        )


        settlement.additional_properties = d
        return settlement

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
