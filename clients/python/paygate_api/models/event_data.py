from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.account_view import AccountView
  from ..models.batch_view import BatchView
  from ..models.checkout_session_view import CheckoutSessionView
  from ..models.diaspora_quote_view import DiasporaQuoteView
  from ..models.dispute_view import DisputeView
  from ..models.endpoint_view import EndpointView
  from ..models.invoice_view import InvoiceView
  from ..models.link_view import LinkView
  from ..models.money_request_view import MoneyRequestView
  from ..models.offline_promise_view import OfflinePromiseView
  from ..models.payment_intent_view import PaymentIntentView
  from ..models.payout_view import PayoutView
  from ..models.plan_view import PlanView
  from ..models.qr_code_view import QrCodeView
  from ..models.reconciliation_report_view import ReconciliationReportView
  from ..models.refund_view import RefundView
  from ..models.remittance_view import RemittanceView
  from ..models.route_view import RouteView
  from ..models.settlement_cycle_view import SettlementCycleView
  from ..models.subscription_view import SubscriptionView
  from ..models.switch_payment_view import SwitchPaymentView
  from ..models.test_clock_view import TestClockView
  from ..models.transfer_view import TransferView
  from ..models.verification import Verification





T = TypeVar("T", bound="EventData")



@_attrs_define
class EventData:
    """ 
        Attributes:
            object_ (AccountView | BatchView | CheckoutSessionView | DiasporaQuoteView | DisputeView | EndpointView |
                InvoiceView | LinkView | MoneyRequestView | OfflinePromiseView | PaymentIntentView | PayoutView | PlanView |
                QrCodeView | ReconciliationReportView | RefundView | RemittanceView | RouteView | SettlementCycleView |
                SubscriptionView | SwitchPaymentView | TestClockView | TransferView | Verification): The object as the API
                renders it at the time of the event; its `object` field says which.
     """

    object_: AccountView | BatchView | CheckoutSessionView | DiasporaQuoteView | DisputeView | EndpointView | InvoiceView | LinkView | MoneyRequestView | OfflinePromiseView | PaymentIntentView | PayoutView | PlanView | QrCodeView | ReconciliationReportView | RefundView | RemittanceView | RouteView | SettlementCycleView | SubscriptionView | SwitchPaymentView | TestClockView | TransferView | Verification
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.account_view import AccountView # noqa: PLC0415
        from ..models.batch_view import BatchView # noqa: PLC0415
        from ..models.checkout_session_view import CheckoutSessionView # noqa: PLC0415
        from ..models.diaspora_quote_view import DiasporaQuoteView # noqa: PLC0415
        from ..models.dispute_view import DisputeView # noqa: PLC0415
        from ..models.endpoint_view import EndpointView # noqa: PLC0415
        from ..models.invoice_view import InvoiceView # noqa: PLC0415
        from ..models.link_view import LinkView # noqa: PLC0415
        from ..models.money_request_view import MoneyRequestView # noqa: PLC0415
        from ..models.offline_promise_view import OfflinePromiseView # noqa: PLC0415
        from ..models.payment_intent_view import PaymentIntentView # noqa: PLC0415
        from ..models.payout_view import PayoutView # noqa: PLC0415
        from ..models.plan_view import PlanView # noqa: PLC0415
        from ..models.qr_code_view import QrCodeView # noqa: PLC0415
        from ..models.reconciliation_report_view import ReconciliationReportView # noqa: PLC0415
        from ..models.refund_view import RefundView # noqa: PLC0415
        from ..models.remittance_view import RemittanceView # noqa: PLC0415
        from ..models.route_view import RouteView # noqa: PLC0415
        from ..models.settlement_cycle_view import SettlementCycleView # noqa: PLC0415
        from ..models.subscription_view import SubscriptionView # noqa: PLC0415
        from ..models.switch_payment_view import SwitchPaymentView # noqa: PLC0415
        from ..models.test_clock_view import TestClockView # noqa: PLC0415
        from ..models.transfer_view import TransferView # noqa: PLC0415
        from ..models.verification import Verification # noqa: PLC0415
        object_: dict[str, Any]
        if isinstance(self.object_, PaymentIntentView):
            object_ = self.object_.to_dict()
        elif isinstance(self.object_, ReconciliationReportView):
            object_ = self.object_.to_dict()
        elif isinstance(self.object_, RefundView):
            object_ = self.object_.to_dict()
        elif isinstance(self.object_, DisputeView):
            object_ = self.object_.to_dict()
        elif isinstance(self.object_, CheckoutSessionView):
            object_ = self.object_.to_dict()
        elif isinstance(self.object_, LinkView):
            object_ = self.object_.to_dict()
        elif isinstance(self.object_, MoneyRequestView):
            object_ = self.object_.to_dict()
        elif isinstance(self.object_, QrCodeView):
            object_ = self.object_.to_dict()
        elif isinstance(self.object_, Verification):
            object_ = self.object_.to_dict()
        elif isinstance(self.object_, EndpointView):
            object_ = self.object_.to_dict()
        elif isinstance(self.object_, TestClockView):
            object_ = self.object_.to_dict()
        elif isinstance(self.object_, TransferView):
            object_ = self.object_.to_dict()
        elif isinstance(self.object_, PayoutView):
            object_ = self.object_.to_dict()
        elif isinstance(self.object_, BatchView):
            object_ = self.object_.to_dict()
        elif isinstance(self.object_, RouteView):
            object_ = self.object_.to_dict()
        elif isinstance(self.object_, RemittanceView):
            object_ = self.object_.to_dict()
        elif isinstance(self.object_, SettlementCycleView):
            object_ = self.object_.to_dict()
        elif isinstance(self.object_, AccountView):
            object_ = self.object_.to_dict()
        elif isinstance(self.object_, OfflinePromiseView):
            object_ = self.object_.to_dict()
        elif isinstance(self.object_, PlanView):
            object_ = self.object_.to_dict()
        elif isinstance(self.object_, SubscriptionView):
            object_ = self.object_.to_dict()
        elif isinstance(self.object_, InvoiceView):
            object_ = self.object_.to_dict()
        elif isinstance(self.object_, SwitchPaymentView):
            object_ = self.object_.to_dict()
        else:
            object_ = self.object_.to_dict()



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "object": object_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.account_view import AccountView # noqa: PLC0415
        from ..models.batch_view import BatchView # noqa: PLC0415
        from ..models.checkout_session_view import CheckoutSessionView # noqa: PLC0415
        from ..models.diaspora_quote_view import DiasporaQuoteView # noqa: PLC0415
        from ..models.dispute_view import DisputeView # noqa: PLC0415
        from ..models.endpoint_view import EndpointView # noqa: PLC0415
        from ..models.invoice_view import InvoiceView # noqa: PLC0415
        from ..models.link_view import LinkView # noqa: PLC0415
        from ..models.money_request_view import MoneyRequestView # noqa: PLC0415
        from ..models.offline_promise_view import OfflinePromiseView # noqa: PLC0415
        from ..models.payment_intent_view import PaymentIntentView # noqa: PLC0415
        from ..models.payout_view import PayoutView # noqa: PLC0415
        from ..models.plan_view import PlanView # noqa: PLC0415
        from ..models.qr_code_view import QrCodeView # noqa: PLC0415
        from ..models.reconciliation_report_view import ReconciliationReportView # noqa: PLC0415
        from ..models.refund_view import RefundView # noqa: PLC0415
        from ..models.remittance_view import RemittanceView # noqa: PLC0415
        from ..models.route_view import RouteView # noqa: PLC0415
        from ..models.settlement_cycle_view import SettlementCycleView # noqa: PLC0415
        from ..models.subscription_view import SubscriptionView # noqa: PLC0415
        from ..models.switch_payment_view import SwitchPaymentView # noqa: PLC0415
        from ..models.test_clock_view import TestClockView # noqa: PLC0415
        from ..models.transfer_view import TransferView # noqa: PLC0415
        from ..models.verification import Verification # noqa: PLC0415
        d = dict(src_dict)
        def _parse_object_(data: object) -> AccountView | BatchView | CheckoutSessionView | DiasporaQuoteView | DisputeView | EndpointView | InvoiceView | LinkView | MoneyRequestView | OfflinePromiseView | PaymentIntentView | PayoutView | PlanView | QrCodeView | ReconciliationReportView | RefundView | RemittanceView | RouteView | SettlementCycleView | SubscriptionView | SwitchPaymentView | TestClockView | TransferView | Verification:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                object_type_0 = PaymentIntentView.from_dict(data)



                return object_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                object_type_1 = ReconciliationReportView.from_dict(data)



                return object_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                object_type_2 = RefundView.from_dict(data)



                return object_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                object_type_3 = DisputeView.from_dict(data)



                return object_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                object_type_4 = CheckoutSessionView.from_dict(data)



                return object_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                object_type_5 = LinkView.from_dict(data)



                return object_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                object_type_6 = MoneyRequestView.from_dict(data)



                return object_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                object_type_7 = QrCodeView.from_dict(data)



                return object_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                object_type_8 = Verification.from_dict(data)



                return object_type_8
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                object_type_9 = EndpointView.from_dict(data)



                return object_type_9
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                object_type_10 = TestClockView.from_dict(data)



                return object_type_10
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                object_type_11 = TransferView.from_dict(data)



                return object_type_11
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                object_type_12 = PayoutView.from_dict(data)



                return object_type_12
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                object_type_13 = BatchView.from_dict(data)



                return object_type_13
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                object_type_14 = RouteView.from_dict(data)



                return object_type_14
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                object_type_15 = RemittanceView.from_dict(data)



                return object_type_15
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                object_type_16 = SettlementCycleView.from_dict(data)



                return object_type_16
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                object_type_17 = AccountView.from_dict(data)



                return object_type_17
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                object_type_18 = OfflinePromiseView.from_dict(data)



                return object_type_18
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                object_type_19 = PlanView.from_dict(data)



                return object_type_19
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                object_type_20 = SubscriptionView.from_dict(data)



                return object_type_20
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                object_type_21 = InvoiceView.from_dict(data)



                return object_type_21
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                object_type_22 = SwitchPaymentView.from_dict(data)



                return object_type_22
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            object_type_23 = DiasporaQuoteView.from_dict(data)



            return object_type_23

        object_ = _parse_object_(d.pop("object"))


        event_data = cls(
            object_=object_,
        )


        event_data.additional_properties = d
        return event_data

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
