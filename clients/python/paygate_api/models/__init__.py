""" Contains all the data models used in inputs/outputs """

from .account_balance import AccountBalance
from .account_balance_currency import AccountBalanceCurrency
from .account_link_view import AccountLinkView
from .account_list import AccountList
from .account_onboarding import AccountOnboarding
from .account_status import AccountStatus
from .account_type import AccountType
from .account_view import AccountView
from .account_view_metadata import AccountViewMetadata
from .add_member import AddMember
from .advance_test_clock import AdvanceTestClock
from .agent_depth import AgentDepth
from .agent_ref import AgentRef
from .agent_run_billing import AgentRunBilling
from .agent_run_billing_currency import AgentRunBillingCurrency
from .agent_run_error import AgentRunError
from .agent_run_status import AgentRunStatus
from .agent_run_tier import AgentRunTier
from .analytics import Analytics
from .answer import Answer
from .approve_batch import ApproveBatch
from .approve_refund import ApproveRefund
from .attempt_status import AttemptStatus
from .attempt_view import AttemptView
from .audit_list import AuditList
from .audit_view import AuditView
from .audit_view_details import AuditViewDetails
from .backup_report import BackupReport
from .backup_report_rows import BackupReportRows
from .balance_view import BalanceView
from .bank_credit_input import BankCreditInput
from .bank_credit_input_currency import BankCreditInputCurrency
from .bank_credit_outcome import BankCreditOutcome
from .bank_credit_view import BankCreditView
from .bank_credit_view_currency import BankCreditViewCurrency
from .bank_instructions import BankInstructions
from .bank_instructions_currency import BankInstructionsCurrency
from .batch_columns_view import BatchColumnsView
from .batch_list import BatchList
from .batch_view import BatchView
from .batch_view_currency import BatchViewCurrency
from .brand import Brand
from .by_status import ByStatus
from .callback_ack import CallbackAck
from .cancel_batch import CancelBatch
from .cancel_intent import CancelIntent
from .cancel_route import CancelRoute
from .cancel_subscription import CancelSubscription
from .cancellation_reason import CancellationReason
from .cancellation_view import CancellationView
from .capture_intent import CaptureIntent
from .capture_method import CaptureMethod
from .card_input import CardInput
from .card_outcome import CardOutcome
from .card_summary import CardSummary
from .cause import Cause
from .checkout_session_view import CheckoutSessionView
from .checkout_session_view_currency import CheckoutSessionViewCurrency
from .checkout_session_view_metadata import CheckoutSessionViewMetadata
from .circuit import Circuit
from .close_cycle import CloseCycle
from .close_cycle_currency import CloseCycleCurrency
from .code_scans import CodeScans
from .collected import Collected
from .collected_currency import CollectedCurrency
from .column_view import ColumnView
from .configure_rail import ConfigureRail
from .configure_rail_credentials import ConfigureRailCredentials
from .confirm_intent import ConfirmIntent
from .consent_input import ConsentInput
from .corridor_status import CorridorStatus
from .create_account import CreateAccount
from .create_account_metadata_type_0 import CreateAccountMetadataType0
from .create_batch import CreateBatch
from .create_batch_currency import CreateBatchCurrency
from .create_consent import CreateConsent
from .create_diaspora_quote import CreateDiasporaQuote
from .create_endpoint import CreateEndpoint
from .create_endpoint_enabled_events_type_0_item import CreateEndpointEnabledEventsType0Item
from .create_endpoint_metadata_type_0 import CreateEndpointMetadataType0
from .create_fx_quote import CreateFxQuote
from .create_fx_quote_currency import CreateFxQuoteCurrency
from .create_fx_quote_target_currency import CreateFxQuoteTargetCurrency
from .create_intent import CreateIntent
from .create_intent_currency import CreateIntentCurrency
from .create_intent_metadata_type_0 import CreateIntentMetadataType0
from .create_key import CreateKey
from .create_link import CreateLink
from .create_link_currency import CreateLinkCurrency
from .create_location import CreateLocation
from .create_location_metadata_type_0 import CreateLocationMetadataType0
from .create_money_request import CreateMoneyRequest
from .create_money_request_currency import CreateMoneyRequestCurrency
from .create_offline_qr import CreateOfflineQr
from .create_offline_qr_currency import CreateOfflineQrCurrency
from .create_organisation import CreateOrganisation
from .create_payment import CreatePayment
from .create_payment_currency import CreatePaymentCurrency
from .create_payout import CreatePayout
from .create_payout_currency import CreatePayoutCurrency
from .create_plan import CreatePlan
from .create_plan_currency import CreatePlanCurrency
from .create_qr_code import CreateQrCode
from .create_qr_code_currency import CreateQrCodeCurrency
from .create_qr_code_metadata_type_0 import CreateQrCodeMetadataType0
from .create_refund import CreateRefund
from .create_refund_currency import CreateRefundCurrency
from .create_refund_metadata_type_0 import CreateRefundMetadataType0
from .create_remittance import CreateRemittance
from .create_remittance_currency import CreateRemittanceCurrency
from .create_remittance_target_currency import CreateRemittanceTargetCurrency
from .create_route import CreateRoute
from .create_route_currency import CreateRouteCurrency
from .create_route_target_currency import CreateRouteTargetCurrency
from .create_session import CreateSession
from .create_session_currency import CreateSessionCurrency
from .create_session_metadata_type_0 import CreateSessionMetadataType0
from .create_subscription import CreateSubscription
from .create_subscription_metadata_type_0 import CreateSubscriptionMetadataType0
from .create_terminal import CreateTerminal
from .create_terminal_metadata_type_0 import CreateTerminalMetadataType0
from .create_test_clock import CreateTestClock
from .create_transfer import CreateTransfer
from .create_transfer_currency import CreateTransferCurrency
from .created_organisation import CreatedOrganisation
from .credit_band import CreditBand
from .credit_consent_status import CreditConsentStatus
from .credit_consent_view import CreditConsentView
from .credit_factor import CreditFactor
from .currency_amount import CurrencyAmount
from .currency_amount_currency import CurrencyAmountCurrency
from .currency_balance import CurrencyBalance
from .currency_balance_currency import CurrencyBalanceCurrency
from .customer_input import CustomerInput
from .customer_message import CustomerMessage
from .customer_view import CustomerView
from .day_scans import DayScans
from .deleted_view import DeletedView
from .delivery_attempt_view import DeliveryAttemptView
from .delivery_list import DeliveryList
from .delivery_status import DeliveryStatus
from .delivery_view import DeliveryView
from .destination import Destination
from .destination_preview import DestinationPreview
from .device_view import DeviceView
from .diaspora_quote_status import DiasporaQuoteStatus
from .diaspora_quote_view import DiasporaQuoteView
from .disclosure import Disclosure
from .dispute_list import DisputeList
from .dispute_reason import DisputeReason
from .dispute_status import DisputeStatus
from .dispute_view import DisputeView
from .dispute_view_currency import DisputeViewCurrency
from .dunning_exhausted import DunningExhausted
from .endpoint_list import EndpointList
from .endpoint_status import EndpointStatus
from .endpoint_view import EndpointView
from .endpoint_view_enabled_events_item import EndpointViewEnabledEventsItem
from .endpoint_view_metadata import EndpointViewMetadata
from .entry_view import EntryView
from .entry_view_currency import EntryViewCurrency
from .error_body import ErrorBody
from .error_detail import ErrorDetail
from .error_detail_details import ErrorDetailDetails
from .event_data import EventData
from .event_list import EventList
from .event_type import EventType
from .event_type_list import EventTypeList
from .event_type_view import EventTypeView
from .event_view import EventView
from .evidence import Evidence
from .exclude_row import ExcludeRow
from .fact_view import FactView
from .failure_reason import FailureReason
from .fees import Fees
from .fetch_nonces import FetchNonces
from .fx_indicative_reason import FxIndicativeReason
from .fx_quote_status import FxQuoteStatus
from .fx_quote_view import FxQuoteView
from .fx_quote_view_currency import FxQuoteViewCurrency
from .fx_quote_view_target_currency import FxQuoteViewTargetCurrency
from .fx_rate_list import FxRateList
from .guardian_view import GuardianView
from .held_by_kind import HeldByKind
from .import_statement import ImportStatement
from .import_statement_currency import ImportStatementCurrency
from .institution import Institution
from .institution_list import InstitutionList
from .intent_list import IntentList
from .intent_next_action import IntentNextAction
from .invoice_collection import InvoiceCollection
from .invoice_line_kind import InvoiceLineKind
from .invoice_line_view import InvoiceLineView
from .invoice_list import InvoiceList
from .invoice_status import InvoiceStatus
from .invoice_view import InvoiceView
from .invoice_view_currency import InvoiceViewCurrency
from .key_kind import KeyKind
from .key_list import KeyList
from .key_registry import KeyRegistry
from .key_status import KeyStatus
from .key_view import KeyView
from .kind import Kind
from .late_payment_status import LatePaymentStatus
from .late_payment_view import LatePaymentView
from .late_payment_view_currency import LatePaymentViewCurrency
from .leg_view import LegView
from .leg_view_currency import LegViewCurrency
from .line_item import LineItem
from .link_list import LinkList
from .link_status import LinkStatus
from .link_view import LinkView
from .link_view_currency import LinkViewCurrency
from .list_cycles_currency_type_1 import ListCyclesCurrencyType1
from .list_cycles_currency_type_2_type_1 import ListCyclesCurrencyType2Type1
from .list_cycles_currency_type_3_type_1 import ListCyclesCurrencyType3Type1
from .list_transfers_direction import ListTransfersDirection
from .location_list import LocationList
from .location_scans import LocationScans
from .location_view import LocationView
from .location_view_metadata import LocationViewMetadata
from .login import Login
from .magic_card import MagicCard
from .magic_number import MagicNumber
from .match import Match
from .match_currency import MatchCurrency
from .matched_on import MatchedOn
from .member_list import MemberList
from .member_view import MemberView
from .merchant import Merchant
from .method import Method
from .method_columns_view import MethodColumnsView
from .method_list import MethodList
from .mode_input import ModeInput
from .money_request_status import MoneyRequestStatus
from .money_request_view import MoneyRequestView
from .money_request_view_currency import MoneyRequestViewCurrency
from .next_action import NextAction
from .next_action_type import NextActionType
from .no_params import NoParams
from .nonce_view import NonceView
from .nonces_view import NoncesView
from .offline_promise_list import OfflinePromiseList
from .offline_promise_outcome import OfflinePromiseOutcome
from .offline_promise_reason import OfflinePromiseReason
from .offline_promise_status import OfflinePromiseStatus
from .offline_promise_view import OfflinePromiseView
from .offline_promise_view_currency import OfflinePromiseViewCurrency
from .offline_qr_view import OfflineQrView
from .offline_qr_view_currency import OfflineQrViewCurrency
from .open_dispute import OpenDispute
from .operator import Operator
from .organisation_list import OrganisationList
from .organisation_status import OrganisationStatus
from .organisation_view import OrganisationView
from .outcome import Outcome
from .outcomes import Outcomes
from .overview_view import OverviewView
from .payer_kind import PayerKind
from .payment_intent_status import PaymentIntentStatus
from .payment_intent_view import PaymentIntentView
from .payment_intent_view_currency import PaymentIntentViewCurrency
from .payment_intent_view_metadata import PaymentIntentViewMetadata
from .payment_resolution import PaymentResolution
from .payout_batch_approval import PayoutBatchApproval
from .payout_batch_cancellation import PayoutBatchCancellation
from .payout_batch_counts import PayoutBatchCounts
from .payout_batch_error import PayoutBatchError
from .payout_batch_funds import PayoutBatchFunds
from .payout_batch_invalid_rows import PayoutBatchInvalidRows
from .payout_batch_maker import PayoutBatchMaker
from .payout_batch_readiness import PayoutBatchReadiness
from .payout_batch_ref import PayoutBatchRef
from .payout_batch_row import PayoutBatchRow
from .payout_batch_row_cells import PayoutBatchRowCells
from .payout_batch_row_error import PayoutBatchRowError
from .payout_batch_row_input import PayoutBatchRowInput
from .payout_batch_row_status import PayoutBatchRowStatus
from .payout_batch_run import PayoutBatchRun
from .payout_batch_source import PayoutBatchSource
from .payout_batch_status import PayoutBatchStatus
from .payout_currencies import PayoutCurrencies
from .payout_currencies_currency import PayoutCurrenciesCurrency
from .payout_currencies_view import PayoutCurrenciesView
from .payout_currency_option import PayoutCurrencyOption
from .payout_currency_option_currency import PayoutCurrencyOptionCurrency
from .payout_currency_reason import PayoutCurrencyReason
from .payout_destination_input import PayoutDestinationInput
from .payout_destination_type_0 import PayoutDestinationType0
from .payout_destination_type_0_method import PayoutDestinationType0Method
from .payout_destination_type_1 import PayoutDestinationType1
from .payout_destination_type_1_method import PayoutDestinationType1Method
from .payout_failure import PayoutFailure
from .payout_list import PayoutList
from .payout_method import PayoutMethod
from .payout_number import PayoutNumber
from .payout_outcome import PayoutOutcome
from .payout_status import PayoutStatus
from .payout_view import PayoutView
from .payout_view_currency import PayoutViewCurrency
from .plan_interval import PlanInterval
from .plan_list import PlanList
from .plan_status import PlanStatus
from .plan_view import PlanView
from .plan_view_currency import PlanViewCurrency
from .platform_view import PlatformView
from .policy import Policy
from .problem import Problem
from .provider import Provider
from .public_key_view import PublicKeyView
from .purpose_code import PurposeCode
from .purpose_lock import PurposeLock
from .purpose_view import PurposeView
from .qr_code_list import QrCodeList
from .qr_code_view import QrCodeView
from .qr_code_view_currency import QrCodeViewCurrency
from .qr_code_view_metadata import QrCodeViewMetadata
from .qr_status import QrStatus
from .quota_view import QuotaView
from .quote_remittances_currency_type_1 import QuoteRemittancesCurrencyType1
from .quote_remittances_currency_type_2_type_1 import QuoteRemittancesCurrencyType2Type1
from .quote_remittances_currency_type_3_type_1 import QuoteRemittancesCurrencyType3Type1
from .quote_route import QuoteRoute
from .quote_route_currency import QuoteRouteCurrency
from .quote_route_target_currency import QuoteRouteTargetCurrency
from .quote_transfer import QuoteTransfer
from .quote_transfer_currency import QuoteTransferCurrency
from .quote_transfer_target_currency import QuoteTransferTargetCurrency
from .quote_view import QuoteView
from .rail_health_view import RailHealthView
from .rail_kind import RailKind
from .rail_list import RailList
from .rail_reason import RailReason
from .rail_rule import RailRule
from .rail_view import RailView
from .ranked_method import RankedMethod
from .ranking_components import RankingComponents
from .rate_card_list import RateCardList
from .rate_card_view import RateCardView
from .rate_view import RateView
from .receipt_signature import ReceiptSignature
from .reconcile_rail import ReconcileRail
from .reconciliation_class import ReconciliationClass
from .reconciliation_counts import ReconciliationCounts
from .reconciliation_item import ReconciliationItem
from .reconciliation_item_view import ReconciliationItemView
from .reconciliation_item_view_currency import ReconciliationItemViewCurrency
from .reconciliation_report_view import ReconciliationReportView
from .reconciliation_statement_view import ReconciliationStatementView
from .reconciliation_statement_view_currency import ReconciliationStatementViewCurrency
from .record_usage import RecordUsage
from .recovery import Recovery
from .recovery_status import RecoveryStatus
from .refund_list import RefundList
from .refund_policy import RefundPolicy
from .refund_status import RefundStatus
from .refund_view import RefundView
from .refund_view_currency import RefundViewCurrency
from .refund_view_metadata import RefundViewMetadata
from .refundable_view import RefundableView
from .refundable_view_currency import RefundableViewCurrency
from .register_device import RegisterDevice
from .reject_refund import RejectRefund
from .rejection import Rejection
from .remittance_list import RemittanceList
from .remittance_payout_method import RemittancePayoutMethod
from .remittance_quote_view import RemittanceQuoteView
from .remittance_quote_view_target_currency import RemittanceQuoteViewTargetCurrency
from .remittance_recipient import RemittanceRecipient
from .remittance_status import RemittanceStatus
from .remittance_view import RemittanceView
from .remittance_view_target_currency import RemittanceViewTargetCurrency
from .replay_list import ReplayList
from .report import Report
from .report_currency import ReportCurrency
from .resolution import Resolution
from .resolution_currency import ResolutionCurrency
from .resolution_currency_type_1 import ResolutionCurrencyType1
from .resolution_currency_type_2_type_1 import ResolutionCurrencyType2Type1
from .resolution_currency_type_3_type_1 import ResolutionCurrencyType3Type1
from .resolve_input import ResolveInput
from .resolved_intent import ResolvedIntent
from .resolved_intent_currency import ResolvedIntentCurrency
from .resolved_qr_code import ResolvedQrCode
from .resource_ref import ResourceRef
from .respond_dispute import RespondDispute
from .retrieve_payouts_batches_format import RetrievePayoutsBatchesFormat
from .review_decision import ReviewDecision
from .review_evidence import ReviewEvidence
from .review_intent import ReviewIntent
from .review_outcome import ReviewOutcome
from .review_request import ReviewRequest
from .review_resolution import ReviewResolution
from .review_view import ReviewView
from .revocation_view import RevocationView
from .revoke_key import RevokeKey
from .revoke_qr_code import RevokeQrCode
from .revoke_reason import RevokeReason
from .role import Role
from .rotate_key import RotateKey
from .route import Route
from .route_cancellation_view import RouteCancellationView
from .route_corridor_view import RouteCorridorView
from .route_destination_input import RouteDestinationInput
from .route_destination_method import RouteDestinationMethod
from .route_destination_type_0 import RouteDestinationType0
from .route_destination_type_0_method import RouteDestinationType0Method
from .route_destination_type_1 import RouteDestinationType1
from .route_destination_type_1_method import RouteDestinationType1Method
from .route_destination_type_2_method import RouteDestinationType2Method
from .route_destination_type_2_payout import RouteDestinationType2Payout
from .route_destination_type_3_method import RouteDestinationType3Method
from .route_destination_type_3_payout import RouteDestinationType3Payout
from .route_destination_type_4 import RouteDestinationType4
from .route_destination_type_4_method import RouteDestinationType4Method
from .route_destination_type_5 import RouteDestinationType5
from .route_destination_type_5_method import RouteDestinationType5Method
from .route_figures import RouteFigures
from .route_figures_currency import RouteFiguresCurrency
from .route_figures_target_currency import RouteFiguresTargetCurrency
from .route_funding_view import RouteFundingView
from .route_receipt_view import RouteReceiptView
from .route_receipt_view_receipt import RouteReceiptViewReceipt
from .route_source import RouteSource
from .route_source_input import RouteSourceInput
from .route_source_input_card import RouteSourceInputCard
from .route_source_method import RouteSourceMethod
from .route_stage import RouteStage
from .route_stage_entry import RouteStageEntry
from .route_stage_group import RouteStageGroup
from .route_transactions import RouteTransactions
from .route_view_currency import RouteViewCurrency
from .route_view_target_currency import RouteViewTargetCurrency
from .row_list import RowList
from .run_agent import RunAgent
from .run_agent_context_type_0 import RunAgentContextType0
from .run_agent_currency import RunAgentCurrency
from .run_view import RunView
from .run_view_result_type_0 import RunViewResultType0
from .sandbox_bank_account import SandboxBankAccount
from .sandbox_view import SandboxView
from .session_list import SessionList
from .session_status import SessionStatus
from .session_view import SessionView
from .set_fx_rate import SetFxRate
from .set_transfer_limits import SetTransferLimits
from .settlement import Settlement
from .settlement_calendar import SettlementCalendar
from .settlement_conversion import SettlementConversion
from .settlement_conversion_currency import SettlementConversionCurrency
from .settlement_cycle_list import SettlementCycleList
from .settlement_cycle_status import SettlementCycleStatus
from .settlement_cycle_view import SettlementCycleView
from .settlement_cycle_view_currency import SettlementCycleViewCurrency
from .settlement_destination_input import SettlementDestinationInput
from .settlement_destination_method import SettlementDestinationMethod
from .settlement_destination_type_0 import SettlementDestinationType0
from .settlement_item_kind import SettlementItemKind
from .settlement_item_view import SettlementItemView
from .settlement_obligation import SettlementObligation
from .settlement_obligation_currency import SettlementObligationCurrency
from .settlement_period import SettlementPeriod
from .settlement_preview import SettlementPreview
from .settlement_preview_currency import SettlementPreviewCurrency
from .settlement_profile_list import SettlementProfileList
from .settlement_profile_view import SettlementProfileView
from .settlement_profile_view_currency import SettlementProfileViewCurrency
from .settlement_schedule import SettlementSchedule
from .settlement_statement_view import SettlementStatementView
from .settlement_statement_view_currency import SettlementStatementViewCurrency
from .settlement_totals_view import SettlementTotalsView
from .settlement_view import SettlementView
from .settlement_view_currency import SettlementViewCurrency
from .split_input import SplitInput
from .split_payout import SplitPayout
from .split_payout_status import SplitPayoutStatus
from .split_refunds_view import SplitRefundsView
from .splits_view import SplitsView
from .splits_view_currency import SplitsViewCurrency
from .started_run import StartedRun
from .statement_line import StatementLine
from .statement_line_type import StatementLineType
from .statement_list import StatementList
from .statement_of_format import StatementOfFormat
from .statement_organisation import StatementOrganisation
from .statement_summary import StatementSummary
from .status_view import StatusView
from .store_view import StoreView
from .submitted_promise import SubmittedPromise
from .subscription_list import SubscriptionList
from .subscription_status import SubscriptionStatus
from .subscription_view import SubscriptionView
from .subscription_view_currency import SubscriptionViewCurrency
from .subscription_view_metadata import SubscriptionViewMetadata
from .switch_consent_view import SwitchConsentView
from .switch_payment_status import SwitchPaymentStatus
from .switch_payment_view import SwitchPaymentView
from .switch_payment_view_currency import SwitchPaymentViewCurrency
from .switch_route import SwitchRoute
from .sync_promises import SyncPromises
from .sync_result import SyncResult
from .sync_view import SyncView
from .template import Template
from .template_field import TemplateField
from .terminal_list import TerminalList
from .terminal_view import TerminalView
from .terminal_view_metadata import TerminalViewMetadata
from .test_clock_list import TestClockList
from .test_clock_status import TestClockStatus
from .test_clock_view import TestClockView
from .three_d_secure import ThreeDSecure
from .timeline_entry_view import TimelineEntryView
from .timeline_entry_view_details import TimelineEntryViewDetails
from .timeline_view import TimelineView
from .transaction_view import TransactionView
from .transfer_limits_view import TransferLimitsView
from .transfer_list import TransferList
from .transfer_quote_view import TransferQuoteView
from .transfer_quote_view_currency import TransferQuoteViewCurrency
from .transfer_quote_view_target_currency import TransferQuoteViewTargetCurrency
from .transfer_status import TransferStatus
from .transfer_view import TransferView
from .transfer_view_currency import TransferViewCurrency
from .upcoming_cut_off import UpcomingCutOff
from .upcoming_cut_off_currency import UpcomingCutOffCurrency
from .update_account import UpdateAccount
from .update_account_metadata_type_0 import UpdateAccountMetadataType0
from .update_endpoint import UpdateEndpoint
from .update_endpoint_enabled_events_type_0_item import UpdateEndpointEnabledEventsType0Item
from .update_endpoint_metadata_type_0 import UpdateEndpointMetadataType0
from .update_member import UpdateMember
from .upsert_settlement_profile import UpsertSettlementProfile
from .upsert_settlement_profile_currency import UpsertSettlementProfileCurrency
from .usage_record_view import UsageRecordView
from .verdict import Verdict
from .verification import Verification
from .verification_criteria import VerificationCriteria
from .verification_criteria_currency import VerificationCriteriaCurrency
from .verification_currency import VerificationCurrency
from .verification_reason import VerificationReason
from .verification_status import VerificationStatus
from .verify_payment import VerifyPayment
from .verify_payment_currency import VerifyPaymentCurrency
from .wallet_list import WalletList
from .wallet_view import WalletView
from .wallet_view_currency import WalletViewCurrency

__all__ = (
    "AccountBalance",
    "AccountBalanceCurrency",
    "AccountLinkView",
    "AccountList",
    "AccountOnboarding",
    "AccountStatus",
    "AccountType",
    "AccountView",
    "AccountViewMetadata",
    "AddMember",
    "AdvanceTestClock",
    "AgentDepth",
    "AgentRef",
    "AgentRunBilling",
    "AgentRunBillingCurrency",
    "AgentRunError",
    "AgentRunStatus",
    "AgentRunTier",
    "Analytics",
    "Answer",
    "ApproveBatch",
    "ApproveRefund",
    "AttemptStatus",
    "AttemptView",
    "AuditList",
    "AuditView",
    "AuditViewDetails",
    "BackupReport",
    "BackupReportRows",
    "BalanceView",
    "BankCreditInput",
    "BankCreditInputCurrency",
    "BankCreditOutcome",
    "BankCreditView",
    "BankCreditViewCurrency",
    "BankInstructions",
    "BankInstructionsCurrency",
    "BatchColumnsView",
    "BatchList",
    "BatchView",
    "BatchViewCurrency",
    "Brand",
    "ByStatus",
    "CallbackAck",
    "CancelBatch",
    "CancelIntent",
    "CancellationReason",
    "CancellationView",
    "CancelRoute",
    "CancelSubscription",
    "CaptureIntent",
    "CaptureMethod",
    "CardInput",
    "CardOutcome",
    "CardSummary",
    "Cause",
    "CheckoutSessionView",
    "CheckoutSessionViewCurrency",
    "CheckoutSessionViewMetadata",
    "Circuit",
    "CloseCycle",
    "CloseCycleCurrency",
    "CodeScans",
    "Collected",
    "CollectedCurrency",
    "ColumnView",
    "ConfigureRail",
    "ConfigureRailCredentials",
    "ConfirmIntent",
    "ConsentInput",
    "CorridorStatus",
    "CreateAccount",
    "CreateAccountMetadataType0",
    "CreateBatch",
    "CreateBatchCurrency",
    "CreateConsent",
    "CreateDiasporaQuote",
    "CreatedOrganisation",
    "CreateEndpoint",
    "CreateEndpointEnabledEventsType0Item",
    "CreateEndpointMetadataType0",
    "CreateFxQuote",
    "CreateFxQuoteCurrency",
    "CreateFxQuoteTargetCurrency",
    "CreateIntent",
    "CreateIntentCurrency",
    "CreateIntentMetadataType0",
    "CreateKey",
    "CreateLink",
    "CreateLinkCurrency",
    "CreateLocation",
    "CreateLocationMetadataType0",
    "CreateMoneyRequest",
    "CreateMoneyRequestCurrency",
    "CreateOfflineQr",
    "CreateOfflineQrCurrency",
    "CreateOrganisation",
    "CreatePayment",
    "CreatePaymentCurrency",
    "CreatePayout",
    "CreatePayoutCurrency",
    "CreatePlan",
    "CreatePlanCurrency",
    "CreateQrCode",
    "CreateQrCodeCurrency",
    "CreateQrCodeMetadataType0",
    "CreateRefund",
    "CreateRefundCurrency",
    "CreateRefundMetadataType0",
    "CreateRemittance",
    "CreateRemittanceCurrency",
    "CreateRemittanceTargetCurrency",
    "CreateRoute",
    "CreateRouteCurrency",
    "CreateRouteTargetCurrency",
    "CreateSession",
    "CreateSessionCurrency",
    "CreateSessionMetadataType0",
    "CreateSubscription",
    "CreateSubscriptionMetadataType0",
    "CreateTerminal",
    "CreateTerminalMetadataType0",
    "CreateTestClock",
    "CreateTransfer",
    "CreateTransferCurrency",
    "CreditBand",
    "CreditConsentStatus",
    "CreditConsentView",
    "CreditFactor",
    "CurrencyAmount",
    "CurrencyAmountCurrency",
    "CurrencyBalance",
    "CurrencyBalanceCurrency",
    "CustomerInput",
    "CustomerMessage",
    "CustomerView",
    "DayScans",
    "DeletedView",
    "DeliveryAttemptView",
    "DeliveryList",
    "DeliveryStatus",
    "DeliveryView",
    "Destination",
    "DestinationPreview",
    "DeviceView",
    "DiasporaQuoteStatus",
    "DiasporaQuoteView",
    "Disclosure",
    "DisputeList",
    "DisputeReason",
    "DisputeStatus",
    "DisputeView",
    "DisputeViewCurrency",
    "DunningExhausted",
    "EndpointList",
    "EndpointStatus",
    "EndpointView",
    "EndpointViewEnabledEventsItem",
    "EndpointViewMetadata",
    "EntryView",
    "EntryViewCurrency",
    "ErrorBody",
    "ErrorDetail",
    "ErrorDetailDetails",
    "EventData",
    "EventList",
    "EventType",
    "EventTypeList",
    "EventTypeView",
    "EventView",
    "Evidence",
    "ExcludeRow",
    "FactView",
    "FailureReason",
    "Fees",
    "FetchNonces",
    "FxIndicativeReason",
    "FxQuoteStatus",
    "FxQuoteView",
    "FxQuoteViewCurrency",
    "FxQuoteViewTargetCurrency",
    "FxRateList",
    "GuardianView",
    "HeldByKind",
    "ImportStatement",
    "ImportStatementCurrency",
    "Institution",
    "InstitutionList",
    "IntentList",
    "IntentNextAction",
    "InvoiceCollection",
    "InvoiceLineKind",
    "InvoiceLineView",
    "InvoiceList",
    "InvoiceStatus",
    "InvoiceView",
    "InvoiceViewCurrency",
    "KeyKind",
    "KeyList",
    "KeyRegistry",
    "KeyStatus",
    "KeyView",
    "Kind",
    "LatePaymentStatus",
    "LatePaymentView",
    "LatePaymentViewCurrency",
    "LegView",
    "LegViewCurrency",
    "LineItem",
    "LinkList",
    "LinkStatus",
    "LinkView",
    "LinkViewCurrency",
    "ListCyclesCurrencyType1",
    "ListCyclesCurrencyType2Type1",
    "ListCyclesCurrencyType3Type1",
    "ListTransfersDirection",
    "LocationList",
    "LocationScans",
    "LocationView",
    "LocationViewMetadata",
    "Login",
    "MagicCard",
    "MagicNumber",
    "Match",
    "MatchCurrency",
    "MatchedOn",
    "MemberList",
    "MemberView",
    "Merchant",
    "Method",
    "MethodColumnsView",
    "MethodList",
    "ModeInput",
    "MoneyRequestStatus",
    "MoneyRequestView",
    "MoneyRequestViewCurrency",
    "NextAction",
    "NextActionType",
    "NoncesView",
    "NonceView",
    "NoParams",
    "OfflinePromiseList",
    "OfflinePromiseOutcome",
    "OfflinePromiseReason",
    "OfflinePromiseStatus",
    "OfflinePromiseView",
    "OfflinePromiseViewCurrency",
    "OfflineQrView",
    "OfflineQrViewCurrency",
    "OpenDispute",
    "Operator",
    "OrganisationList",
    "OrganisationStatus",
    "OrganisationView",
    "Outcome",
    "Outcomes",
    "OverviewView",
    "PayerKind",
    "PaymentIntentStatus",
    "PaymentIntentView",
    "PaymentIntentViewCurrency",
    "PaymentIntentViewMetadata",
    "PaymentResolution",
    "PayoutBatchApproval",
    "PayoutBatchCancellation",
    "PayoutBatchCounts",
    "PayoutBatchError",
    "PayoutBatchFunds",
    "PayoutBatchInvalidRows",
    "PayoutBatchMaker",
    "PayoutBatchReadiness",
    "PayoutBatchRef",
    "PayoutBatchRow",
    "PayoutBatchRowCells",
    "PayoutBatchRowError",
    "PayoutBatchRowInput",
    "PayoutBatchRowStatus",
    "PayoutBatchRun",
    "PayoutBatchSource",
    "PayoutBatchStatus",
    "PayoutCurrencies",
    "PayoutCurrenciesCurrency",
    "PayoutCurrenciesView",
    "PayoutCurrencyOption",
    "PayoutCurrencyOptionCurrency",
    "PayoutCurrencyReason",
    "PayoutDestinationInput",
    "PayoutDestinationType0",
    "PayoutDestinationType0Method",
    "PayoutDestinationType1",
    "PayoutDestinationType1Method",
    "PayoutFailure",
    "PayoutList",
    "PayoutMethod",
    "PayoutNumber",
    "PayoutOutcome",
    "PayoutStatus",
    "PayoutView",
    "PayoutViewCurrency",
    "PlanInterval",
    "PlanList",
    "PlanStatus",
    "PlanView",
    "PlanViewCurrency",
    "PlatformView",
    "Policy",
    "Problem",
    "Provider",
    "PublicKeyView",
    "PurposeCode",
    "PurposeLock",
    "PurposeView",
    "QrCodeList",
    "QrCodeView",
    "QrCodeViewCurrency",
    "QrCodeViewMetadata",
    "QrStatus",
    "QuotaView",
    "QuoteRemittancesCurrencyType1",
    "QuoteRemittancesCurrencyType2Type1",
    "QuoteRemittancesCurrencyType3Type1",
    "QuoteRoute",
    "QuoteRouteCurrency",
    "QuoteRouteTargetCurrency",
    "QuoteTransfer",
    "QuoteTransferCurrency",
    "QuoteTransferTargetCurrency",
    "QuoteView",
    "RailHealthView",
    "RailKind",
    "RailList",
    "RailReason",
    "RailRule",
    "RailView",
    "RankedMethod",
    "RankingComponents",
    "RateCardList",
    "RateCardView",
    "RateView",
    "ReceiptSignature",
    "ReconcileRail",
    "ReconciliationClass",
    "ReconciliationCounts",
    "ReconciliationItem",
    "ReconciliationItemView",
    "ReconciliationItemViewCurrency",
    "ReconciliationReportView",
    "ReconciliationStatementView",
    "ReconciliationStatementViewCurrency",
    "RecordUsage",
    "Recovery",
    "RecoveryStatus",
    "RefundableView",
    "RefundableViewCurrency",
    "RefundList",
    "RefundPolicy",
    "RefundStatus",
    "RefundView",
    "RefundViewCurrency",
    "RefundViewMetadata",
    "RegisterDevice",
    "Rejection",
    "RejectRefund",
    "RemittanceList",
    "RemittancePayoutMethod",
    "RemittanceQuoteView",
    "RemittanceQuoteViewTargetCurrency",
    "RemittanceRecipient",
    "RemittanceStatus",
    "RemittanceView",
    "RemittanceViewTargetCurrency",
    "ReplayList",
    "Report",
    "ReportCurrency",
    "Resolution",
    "ResolutionCurrency",
    "ResolutionCurrencyType1",
    "ResolutionCurrencyType2Type1",
    "ResolutionCurrencyType3Type1",
    "ResolvedIntent",
    "ResolvedIntentCurrency",
    "ResolvedQrCode",
    "ResolveInput",
    "ResourceRef",
    "RespondDispute",
    "RetrievePayoutsBatchesFormat",
    "ReviewDecision",
    "ReviewEvidence",
    "ReviewIntent",
    "ReviewOutcome",
    "ReviewRequest",
    "ReviewResolution",
    "ReviewView",
    "RevocationView",
    "RevokeKey",
    "RevokeQrCode",
    "RevokeReason",
    "Role",
    "RotateKey",
    "Route",
    "RouteCancellationView",
    "RouteCorridorView",
    "RouteDestinationInput",
    "RouteDestinationMethod",
    "RouteDestinationType0",
    "RouteDestinationType0Method",
    "RouteDestinationType1",
    "RouteDestinationType1Method",
    "RouteDestinationType2Method",
    "RouteDestinationType2Payout",
    "RouteDestinationType3Method",
    "RouteDestinationType3Payout",
    "RouteDestinationType4",
    "RouteDestinationType4Method",
    "RouteDestinationType5",
    "RouteDestinationType5Method",
    "RouteFigures",
    "RouteFiguresCurrency",
    "RouteFiguresTargetCurrency",
    "RouteFundingView",
    "RouteReceiptView",
    "RouteReceiptViewReceipt",
    "RouteSource",
    "RouteSourceInput",
    "RouteSourceInputCard",
    "RouteSourceMethod",
    "RouteStage",
    "RouteStageEntry",
    "RouteStageGroup",
    "RouteTransactions",
    "RouteViewCurrency",
    "RouteViewTargetCurrency",
    "RowList",
    "RunAgent",
    "RunAgentContextType0",
    "RunAgentCurrency",
    "RunView",
    "RunViewResultType0",
    "SandboxBankAccount",
    "SandboxView",
    "SessionList",
    "SessionStatus",
    "SessionView",
    "SetFxRate",
    "Settlement",
    "SettlementCalendar",
    "SettlementConversion",
    "SettlementConversionCurrency",
    "SettlementCycleList",
    "SettlementCycleStatus",
    "SettlementCycleView",
    "SettlementCycleViewCurrency",
    "SettlementDestinationInput",
    "SettlementDestinationMethod",
    "SettlementDestinationType0",
    "SettlementItemKind",
    "SettlementItemView",
    "SettlementObligation",
    "SettlementObligationCurrency",
    "SettlementPeriod",
    "SettlementPreview",
    "SettlementPreviewCurrency",
    "SettlementProfileList",
    "SettlementProfileView",
    "SettlementProfileViewCurrency",
    "SettlementSchedule",
    "SettlementStatementView",
    "SettlementStatementViewCurrency",
    "SettlementTotalsView",
    "SettlementView",
    "SettlementViewCurrency",
    "SetTransferLimits",
    "SplitInput",
    "SplitPayout",
    "SplitPayoutStatus",
    "SplitRefundsView",
    "SplitsView",
    "SplitsViewCurrency",
    "StartedRun",
    "StatementLine",
    "StatementLineType",
    "StatementList",
    "StatementOfFormat",
    "StatementOrganisation",
    "StatementSummary",
    "StatusView",
    "StoreView",
    "SubmittedPromise",
    "SubscriptionList",
    "SubscriptionStatus",
    "SubscriptionView",
    "SubscriptionViewCurrency",
    "SubscriptionViewMetadata",
    "SwitchConsentView",
    "SwitchPaymentStatus",
    "SwitchPaymentView",
    "SwitchPaymentViewCurrency",
    "SwitchRoute",
    "SyncPromises",
    "SyncResult",
    "SyncView",
    "Template",
    "TemplateField",
    "TerminalList",
    "TerminalView",
    "TerminalViewMetadata",
    "TestClockList",
    "TestClockStatus",
    "TestClockView",
    "ThreeDSecure",
    "TimelineEntryView",
    "TimelineEntryViewDetails",
    "TimelineView",
    "TransactionView",
    "TransferLimitsView",
    "TransferList",
    "TransferQuoteView",
    "TransferQuoteViewCurrency",
    "TransferQuoteViewTargetCurrency",
    "TransferStatus",
    "TransferView",
    "TransferViewCurrency",
    "UpcomingCutOff",
    "UpcomingCutOffCurrency",
    "UpdateAccount",
    "UpdateAccountMetadataType0",
    "UpdateEndpoint",
    "UpdateEndpointEnabledEventsType0Item",
    "UpdateEndpointMetadataType0",
    "UpdateMember",
    "UpsertSettlementProfile",
    "UpsertSettlementProfileCurrency",
    "UsageRecordView",
    "Verdict",
    "Verification",
    "VerificationCriteria",
    "VerificationCriteriaCurrency",
    "VerificationCurrency",
    "VerificationReason",
    "VerificationStatus",
    "VerifyPayment",
    "VerifyPaymentCurrency",
    "WalletList",
    "WalletView",
    "WalletViewCurrency",
)
