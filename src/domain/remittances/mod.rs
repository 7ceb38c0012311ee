//! Remittances (spec section 4.7, origin O§21): money sent to a person in
//! another currency, to a wallet of this gateway, a bank account, a
//! mobile-money number, or for cash pickup, priced the origin's way (a 100
//! bps fee on top, the amount converted at the rate).
//!
//! Each remittance is carried by a route (decision 134): the route checks
//! the corridor's rules inside the writer (allowed pairs, per-transfer and
//! monthly limits, purpose), moves the money leg by leg, and reports its
//! stages here ([`on_route`]), which set the remittance's status. With a
//! `source`, a processor funds it through the route's funding payment
//! instead of the wallet; cash pickup is funded from the wallet only.

pub mod state;
mod view;

use crate::domain::routes::ROUTE;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub use self::state::Status;
use self::state::{Trigger, transition};
pub use self::view::{RemittanceQuoteView, RemittanceView, view};

use super::currency::{self, Currency};
use super::fx::{self, Rate};
use super::intents::input::PurposeCode;
use super::resource;
use super::routes::{
    self, Destination, DestinationInput, NewRoute, Route, Source, SourceInput, Stage,
};
use crate::auth::Principal;
use crate::error::{ApiError, Code};
use crate::events::EventType;
use crate::mode::Mode;
use crate::store::keys::Family;
use crate::store::{Read, Tx};

/// A recipient's name: 2 to 120 characters.
const NAME_CHARS: std::ops::RangeInclusive<usize> = 2..=120;
/// A recipient's `tag`: at most 30 characters.
const TAG_CHARS_MAX: usize = 30;
/// A recipient's `account_number` as sent: at most 40 characters.
const ACCOUNT_NUMBER_CHARS_MAX: usize = 40;
/// Any other recipient field.
const FIELD_CHARS_MAX: usize = 200;
const NOTE_CHARS_MAX: usize = 200;
/// The agent reference of a cash pickup: any agent of the network.
const ANY_AGENT: &str = "any_agent";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = RemittancePayoutMethod)]
#[serde(rename_all = "snake_case")]
pub enum PayoutMethod {
    Wallet,
    Bank,
    MobileMoney,
    CashPickup,
}

/// Who receives it (spec section 4.7; the origin's fields besides).
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[schema(as = RemittanceRecipient)]
#[serde(deny_unknown_fields)]
pub struct Recipient {
    /// 2 to 120 characters; required for bank and cash pickup.
    #[schema(min_length = 2, max_length = 120)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// ISO 3166-1 alpha-2: the bank's country, and the default target currency's.
    #[schema(pattern = "^[A-Za-z]{2}$")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
    /// E.164: a mobile-money number, or a wallet's phone.
    #[schema(max_length = 200)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
    /// A wallet's e-mail.
    #[schema(max_length = 200)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// A wallet's tag (`@amani` or `amani`).
    #[schema(max_length = 30)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tag: Option<String>,
    /// Mobile money: the operator (`mpesa_cd`, ...).
    #[schema(max_length = 200)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub operator_id: Option<String>,
    #[schema(max_length = 200)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bank_name: Option<String>,
    #[schema(max_length = 40)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub account_number: Option<String>,
    #[schema(max_length = 200)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub swift: Option<String>,
    /// A saved bank account of the origin: this gateway keeps none (404).
    #[schema(max_length = 200)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bank_account_id: Option<String>,
    #[schema(max_length = 200)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
    #[schema(max_length = 200)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id_number: Option<String>,
}

impl Recipient {
    /// Bounds every field, naming it under `recipient.`.
    fn check(self) -> Result<Recipient, ApiError> {
        let text = |field: &str, value: Option<String>, max: usize| {
            super::fields::text(
                &format!("recipient.{field}"),
                value.map(|v| v.trim().to_string()),
                max,
            )
        };
        let name = text("name", self.name, NAME_CHARS.end().to_owned())?;
        if name
            .as_ref()
            .is_some_and(|n| !NAME_CHARS.contains(&n.chars().count()))
        {
            return Err(ApiError::field(
                "recipient.name",
                "recipient.name must be 2 to 120 characters",
            ));
        }
        Ok(Recipient {
            name,
            country: text("country", self.country, 2)?.map(|c| c.to_ascii_uppercase()),
            phone: text("phone", self.phone, FIELD_CHARS_MAX)?,
            email: text("email", self.email, FIELD_CHARS_MAX)?,
            tag: text("tag", self.tag, TAG_CHARS_MAX)?,
            operator_id: text("operator_id", self.operator_id, FIELD_CHARS_MAX)?,
            bank_name: text("bank_name", self.bank_name, FIELD_CHARS_MAX)?,
            account_number: text(
                "account_number",
                self.account_number,
                ACCOUNT_NUMBER_CHARS_MAX,
            )?,
            swift: text("swift", self.swift, FIELD_CHARS_MAX)?,
            bank_account_id: text("bank_account_id", self.bank_account_id, FIELD_CHARS_MAX)?,
            address: text("address", self.address, FIELD_CHARS_MAX)?,
            id_number: text("id_number", self.id_number, FIELD_CHARS_MAX)?,
        })
    }

    fn required(
        &self,
        field: &str,
        value: &Option<String>,
        method: &str,
    ) -> Result<String, ApiError> {
        value.clone().filter(|v| !v.is_empty()).ok_or_else(|| {
            ApiError::field(
                format!("recipient.{field}"),
                format!("a {method} remittance needs recipient.{field}"),
            )
        })
    }

    /// The route destination of `method`.
    fn destination(&self, method: PayoutMethod) -> Result<DestinationInput, ApiError> {
        use routes::ends::DestinationMethod as M;
        Ok(match method {
            PayoutMethod::Wallet => {
                let to = match (&self.tag, &self.email, &self.phone) {
                    (Some(tag), _, _) if tag.starts_with('@') => tag.clone(),
                    (Some(tag), _, _) => format!("@{tag}"),
                    (None, Some(email), _) => email.clone(),
                    (None, None, Some(phone)) => phone.clone(),
                    (None, None, None) => {
                        return Err(ApiError::field(
                            "recipient.tag",
                            "a wallet remittance needs recipient.tag, recipient.email or recipient.phone",
                        ));
                    }
                };
                DestinationInput {
                    method: Some(M::Wallet),
                    to: Some(to),
                    ..Default::default()
                }
            }
            PayoutMethod::MobileMoney => DestinationInput {
                method: Some(M::MobileMoney),
                operator_id: Some(self.required(
                    "operator_id",
                    &self.operator_id,
                    "mobile_money",
                )?),
                phone: Some(self.required("phone", &self.phone, "mobile_money")?),
                name: self.name.clone(),
                ..Default::default()
            },
            PayoutMethod::Bank => DestinationInput {
                method: Some(M::Bank),
                bank_name: self.bank_name.clone(),
                account_name: Some(self.required("name", &self.name, "bank")?),
                account_number: self.account_number.clone(),
                country: self.country.clone(),
                swift: self.swift.clone(),
                bank_account_id: self.bank_account_id.clone(),
                ..Default::default()
            },
            PayoutMethod::CashPickup => {
                self.required("name", &self.name, "cash_pickup")?;
                DestinationInput {
                    method: Some(M::Agent),
                    agent: Some(ANY_AGENT.into()),
                    ..Default::default()
                }
            }
        })
    }
}

/// The destination's refusals name the recipient's fields.
fn as_recipient(e: ApiError, method: PayoutMethod) -> ApiError {
    let Some(param) = e.param.clone() else {
        return e;
    };
    let field = param.trim_start_matches("destination.");
    let renamed = match (method, field) {
        (PayoutMethod::Wallet, "to") => "tag",
        (PayoutMethod::Bank, "account_name") => "name",
        (_, other) => other,
    };
    e.with_param(format!("recipient.{renamed}"))
}

/// `rem_...`, listed per owner under `rem`.
pub const REMITTANCE: Family = Family::new("rem");

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Remittance {
    pub id: String,
    pub mode: Mode,
    pub owner: String,
    /// The route carrying it.
    pub route: String,
    pub payout_method: PayoutMethod,
    pub recipient: Recipient,
    /// The recipient organisation, for a wallet remittance.
    pub recipient_organisation: Option<String>,
    pub source: Source,
    pub amount_minor: i64,
    pub currency: String,
    pub fee_minor: i64,
    pub total_minor: i64,
    pub target_amount_minor: i64,
    pub target_currency: String,
    pub rate: Option<Rate>,
    pub mid_rate: Option<Rate>,
    pub margin_bps: u32,
    pub status: Status,
    pub pickup_code: Option<String>,
    pub note: Option<String>,
    pub purpose: Option<PurposeCode>,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
    pub completed_at_ms: Option<i64>,
}

crate::domain::resource::owned!(Remittance);

/// A remittance's conversion: the customer's rate, the mid rate and the
/// margin, from the mode's rate table; `None` for the same currency.
fn conversion(
    read: &impl Read,
    mode: Mode,
    from: Currency,
    to: Currency,
) -> Result<Option<(Rate, Rate, u32)>, ApiError> {
    if from == to {
        return Ok(None);
    }
    let table = fx::rates::table(read, mode)?;
    let mid = table.mid(from, to).ok_or_else(|| {
        ApiError::new(
            Code::FxRateUnavailable,
            format!(
                "no {} rate converts {} to {}",
                mode.as_str(),
                from.code,
                to.code
            ),
        )
        .with_param("target_currency")
    })?;
    Ok(Some((
        mid.rate.less_margin(mid.margin_bps),
        mid.rate,
        mid.margin_bps,
    )))
}

/// What `GET /remittances/quote` and `POST /remittances` ask for.
#[derive(Clone)]
pub struct Ask {
    pub amount_minor: i64,
    pub currency: Currency,
    pub target_currency: Currency,
}

impl Ask {
    /// Checks the amount and the currencies (`currency` defaults to USD, O§21;
    /// `target_currency` to `default_target`, else `currency`).
    pub fn parse(
        amount_minor: i64,
        currency: Option<&str>,
        target_currency: Option<&str>,
        default_target: Option<&str>,
    ) -> Result<Ask, ApiError> {
        let amount_minor = super::intents::input::amount("amount_minor", amount_minor)?;
        let currency = currency::parse("currency", currency.unwrap_or("USD"))?;
        let target = match target_currency.or(default_target) {
            Some(t) => currency::parse("target_currency", t)?,
            None => currency,
        };
        Ok(Ask {
            amount_minor,
            currency,
            target_currency: target,
        })
    }
}

/// `GET /remittances/quote`: the origin's formula, from the rate table, nothing written.
pub fn quote(read: &impl Read, mode: Mode, ask: &Ask) -> Result<RemittanceQuoteView, ApiError> {
    let conversion = conversion(read, mode, ask.currency, ask.target_currency)?;
    let figures = routes::pricing::remittance(
        ask.amount_minor,
        ask.currency,
        ask.target_currency,
        0,
        conversion,
    )?;
    Ok(view::quote_view(&figures))
}

/// A checked `POST /remittances`.
#[derive(Clone)]
pub struct NewRemittance {
    pub ask: Ask,
    pub payout_method: PayoutMethod,
    pub recipient: Recipient,
    pub source: Option<SourceInput>,
    pub note: Option<String>,
    pub purpose: Option<PurposeCode>,
}

/// `POST /remittances`: the remittance and its route, in one command; the
/// route's corridor checks refuse it before anything is written.
pub fn create(
    tx: &mut Tx<'_>,
    settings: &super::Settings,
    principal: &Principal,
    new: NewRemittance,
) -> Result<Remittance, ApiError> {
    let recipient = new.recipient.check()?;
    let source = routes::ends::parse_source(new.source)?;
    if new.payout_method == PayoutMethod::CashPickup
        && source.method != routes::ends::SourceMethod::Wallet
    {
        return Err(ApiError::new(
            Code::CashPickupWalletOnly,
            "cash pickup is funded from the wallet only: leave source out",
        )
        .with_param("source"));
    }
    let note = super::fields::text("note", new.note, NOTE_CHARS_MAX)?;
    let method = new.payout_method;
    let input = recipient.destination(method)?;
    let destination =
        routes::ends::parse_destination(tx, principal, input, new.ask.target_currency.code, None)
            .map_err(|e| as_recipient(e, method))?;
    let ask = &new.ask;
    let conversion = conversion(tx, principal.mode, ask.currency, ask.target_currency)?;
    let amount_with_fee =
        ask.amount_minor + routes::pricing::remittance_fee_minor(ask.amount_minor);
    let funding_fee = source.funding_fee_minor(amount_with_fee);
    let figures = routes::pricing::remittance(
        ask.amount_minor,
        ask.currency,
        ask.target_currency,
        funding_fee,
        conversion,
    )?;
    let now = tx.now_ms();
    let remittance = Remittance {
        id: REMITTANCE.new_id(),
        mode: principal.mode,
        owner: principal.owner().to_string(),
        route: ROUTE.new_id(),
        payout_method: method,
        recipient_organisation: destination.recipient().map(str::to_string),
        recipient,
        source: source.clone(),
        amount_minor: ask.amount_minor,
        currency: figures.currency.clone(),
        fee_minor: figures.exchange_fee_minor,
        total_minor: figures.amount_minor,
        target_amount_minor: figures.recipient_amount_minor,
        target_currency: figures.target_currency.clone(),
        rate: figures.rate,
        mid_rate: figures.mid_rate,
        margin_bps: figures.margin_bps,
        status: Status::Pending,
        pickup_code: None,
        note: note.clone(),
        purpose: new.purpose,
        created_at_ms: now,
        updated_at_ms: now,
        completed_at_ms: None,
    };
    resource::insert(tx, REMITTANCE, &remittance)?;
    emit(tx, &remittance, None, EventType::RemittanceCreated)?;
    let route = NewRoute {
        id: remittance.route.clone(),
        source,
        destination,
        figures,
        quote_id: None,
        note,
        purpose: new.purpose,
        source_of_funds: None,
        remittance: Some(remittance.id.clone()),
    };
    routes::create(tx, settings, principal, route)?;
    // The route's stages have moved it on already (completed, pickup, ...).
    tx.object(&remittance.id)?
        .ok_or_else(|| ApiError::internal(format!("remittance {} vanished", remittance.id)))
}

fn emit(
    tx: &mut Tx<'_>,
    remittance: &Remittance,
    route: Option<&Route>,
    event_type: EventType,
) -> Result<(), ApiError> {
    let rendered = view(remittance, route);
    resource::emit(tx, event_type, remittance, &rendered)
}

/// The route's hook: a route that carries a remittance entered a stage that
/// changes the remittance's status.
pub fn on_route(tx: &mut Tx<'_>, route: &Route) -> Result<(), ApiError> {
    let Some(id) = &route.remittance else {
        return Ok(());
    };
    let trigger = match route.stage {
        Stage::Settled => Trigger::RouteSettled,
        Stage::PayoutRouted if matches!(route.destination, Destination::Agent { .. }) => {
            Trigger::HeldForPickup
        }
        Stage::Failed => Trigger::RouteFailed,
        Stage::Refunded | Stage::Expired => Trigger::MoneyReturned,
        _ => return Ok(()),
    };
    let Some(mut remittance) = tx.object::<Remittance>(id)? else {
        return Ok(());
    };
    let Ok(next) = transition(remittance.status, trigger) else {
        return Ok(());
    };
    let now = tx.now_ms();
    remittance.status = next;
    remittance.updated_at_ms = now;
    remittance.pickup_code = route.pickup_code.clone();
    if next == Status::Completed {
        remittance.completed_at_ms = Some(now);
    }
    tx.put_object(remittance.id.clone(), &remittance)?;
    let event_type = match next {
        Status::Completed => EventType::RemittanceCompleted,
        Status::ReadyForPickup => EventType::RemittanceReadyForPickup,
        Status::Failed => EventType::RemittanceFailed,
        Status::Refunded | Status::Pending => EventType::RemittanceRefunded,
    };
    emit(tx, &remittance, Some(route), event_type)
}

/// The route of `remittance`, for its view.
pub fn route_of(read: &impl Read, remittance: &Remittance) -> Result<Option<Route>, ApiError> {
    Ok(read.object(&remittance.route)?)
}
