//! Checkout sessions (line items, totals computed here, one intent paid on the
//! hosted page) and payment links (single-use or reusable, fixed or
//! payer-chosen amount; each visit makes a fresh intent).
//!
//! The lifecycles of sessions and links are in `state.rs`. An expired
//! session cancels its intent while that is possible.

pub mod state;
mod view;

use crate::domain::resource::Kind;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::intents::input::CreateIntent;
use super::intents::{self, Intent};
use super::purpose::Purpose;
use super::{Settings, resource};
use crate::auth::Principal;
use crate::error::{ApiError, Code, Missing};
use crate::events::EventType;
use crate::mode::Mode;
use crate::scheduler::{self, TimerKind};
use crate::store::keys::Family;
use crate::store::{Read, Snapshot, Tx};

pub use self::state::link::LinkStatus;
pub use self::state::session::SessionStatus;
use self::state::{link, session};
pub use self::view::{CheckoutSessionView, LinkView, link_view, session_view};

pub const LINE_ITEMS_MAX: usize = 100;
pub const QUANTITY_MAX: i64 = 10_000;
/// A line item's unit price at most, in minor units (as documented).
pub const UNIT_AMOUNT_MINOR_MAX: i64 = 1_000_000_000_000;
pub const SESSION_MINUTES_DEFAULT: i64 = 24 * 60;

#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LineItem {
    #[schema(min_length = 1, max_length = 200, pattern = "\\S")]
    pub name: String,
    #[serde(deserialize_with = "super::fields::int")]
    #[schema(minimum = 1, maximum = 10_000)]
    pub quantity: i64,
    #[serde(deserialize_with = "super::fields::int")]
    #[schema(minimum = 1, maximum = 1_000_000_000_000i64)]
    pub unit_amount_minor: i64,
}

/// `cs_...`: checkout sessions, `checkout_session_not_found` when absent or another's.
pub const CHECKOUT_SESSION: Kind = Kind::new(
    Family::new("cs"),
    Missing::new(Code::CheckoutSessionNotFound, "checkout session"),
);

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Session {
    pub id: String,
    pub mode: Mode,
    pub owner: String,
    pub status: SessionStatus,
    pub line_items: Vec<LineItem>,
    pub amount_total_minor: i64,
    pub currency: String,
    pub success_url: Option<String>,
    pub cancel_url: Option<String>,
    pub payment_intent: String,
    pub metadata: BTreeMap<String, String>,
    pub expires_at_ms: i64,
    pub completed_at_ms: Option<i64>,
    pub created_at_ms: i64,
    /// Its URL carries a page token (`?t=`, issue 44): the page and
    /// `POST /resolve` need it. False for sessions made before, whose URL
    /// (the id alone) keeps working until they expire.
    #[serde(default)]
    pub url_token: bool,
}

crate::domain::resource::owned!(Session);

pub struct NewSession {
    pub line_items: Vec<LineItem>,
    pub currency: String,
    pub success_url: Option<String>,
    pub cancel_url: Option<String>,
    pub expires_in_minutes: Option<i64>,
    pub metadata: Option<BTreeMap<String, String>>,
    pub customer_msisdn: Option<String>,
}

/// Creates an intent through the same validation as `POST /payment_intents`.
fn new_intent(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    body: serde_json::Value,
) -> Result<Intent, ApiError> {
    let input: CreateIntent =
        serde_json::from_value(body).map_err(|e| ApiError::field("body", e.to_string()))?;
    let valid = input.validate(principal.account.is_some())?;
    let minted = intents::Minted::in_tx(tx, principal, valid)?;
    Ok(intents::create(tx, settings, principal, minted)?.0)
}

fn total(items: &[LineItem]) -> Result<i64, ApiError> {
    if items.is_empty() || items.len() > LINE_ITEMS_MAX {
        return Err(ApiError::field(
            "line_items",
            format!("line_items needs 1 to {LINE_ITEMS_MAX} items"),
        ));
    }
    let mut sum: i64 = 0;
    for (i, item) in items.iter().enumerate() {
        if item.name.trim().is_empty() || item.name.chars().count() > 200 {
            return Err(ApiError::field(
                format!("line_items[{i}].name"),
                "name must be 1 to 200 characters",
            ));
        }
        if !(1..=QUANTITY_MAX).contains(&item.quantity) {
            return Err(ApiError::field(
                format!("line_items[{i}].quantity"),
                format!("quantity must be from 1 to {QUANTITY_MAX}"),
            ));
        }
        let line = item
            .quantity
            .checked_mul(item.unit_amount_minor)
            .filter(|_| (1..=UNIT_AMOUNT_MINOR_MAX).contains(&item.unit_amount_minor))
            .ok_or_else(|| {
                ApiError::field(
                    format!("line_items[{i}].unit_amount_minor"),
                    format!("unit_amount_minor must be from 1 to {UNIT_AMOUNT_MINOR_MAX}"),
                )
            })?;
        sum = sum
            .checked_add(line)
            .ok_or_else(|| ApiError::field("line_items", "the total is too large"))?;
    }
    intents::input::amount("line_items", sum)
}

pub fn create_session(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    input: NewSession,
) -> Result<Session, ApiError> {
    let amount = total(&input.line_items)?;
    let minutes = input.expires_in_minutes.unwrap_or(SESSION_MINUTES_DEFAULT);
    let metadata = super::fields::metadata(input.metadata)?;
    let mut body = serde_json::json!({
        "amount_minor": amount,
        "currency": input.currency,
        "expires_in_minutes": minutes,
        "description": input.line_items.iter().map(|i| i.name.as_str()).collect::<Vec<_>>().join(", ").chars().take(200).collect::<String>(),
    });
    for (field, value) in [
        ("success_url", &input.success_url),
        ("cancel_url", &input.cancel_url),
        ("customer_msisdn", &input.customer_msisdn),
    ] {
        if let Some(value) = value {
            body[field] = value.clone().into();
        }
    }
    // A session with the payer's number starts the attempt at once, as it
    // always did (intents do so only when asked).
    if input.customer_msisdn.is_some() {
        body["confirm"] = true.into();
    }
    let mut intent = new_intent(tx, settings, principal, body)?;
    let now = tx.now_ms();
    let session = Session {
        id: CHECKOUT_SESSION.new_id(),
        mode: principal.mode,
        owner: principal.owner().to_string(),
        status: SessionStatus::Open,
        line_items: input.line_items,
        amount_total_minor: amount,
        currency: intent.currency.clone(),
        success_url: input.success_url,
        cancel_url: input.cancel_url,
        payment_intent: intent.id.clone(),
        metadata,
        expires_at_ms: intent.expires_at_ms,
        completed_at_ms: None,
        created_at_ms: now,
        url_token: true,
    };
    intent.purpose = Some(Purpose::CheckoutSession {
        id: session.id.clone(),
    });
    intents::save(tx, &intent)?;
    scheduler::schedule(
        tx,
        session.expires_at_ms,
        TimerKind::CheckoutExpire {
            session: session.id.clone(),
        },
    )?;
    resource::insert(tx, CHECKOUT_SESSION.family, &session)?;
    Ok(session)
}

pub fn read_session(
    snapshot: &Snapshot,
    principal: &Principal,
    id: &str,
) -> Result<Session, ApiError> {
    resource::find(snapshot, principal, id, &CHECKOUT_SESSION)
}

/// Records a session's expiry (its status already moved) and cancels its
/// intent while that is possible.
fn expire(tx: &mut Tx<'_>, settings: &Settings, session: &mut Session) -> Result<(), ApiError> {
    if let Some(intent) = tx.object::<Intent>(&session.payment_intent)? {
        let principal = Principal::system("checkout_session", &intent.owner, intent.mode);
        // An intent already in flight finishes on its own; the session stays expired.
        let _ = intents::cancel(tx, settings, &principal, &intent.id, Default::default());
    }
    tx.put_object(session.id.clone(), &*session)?;
    emit_session(tx, session, EventType::CheckoutSessionExpired)
}

pub fn expire_session(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    id: &str,
) -> Result<Session, ApiError> {
    let mut session: Session = resource::find(tx, principal, id, &CHECKOUT_SESSION)?;
    session.status =
        session::transition(session.status, session::Trigger::Expire).map_err(|_| {
            ApiError::new(
                Code::SessionNotOpen,
                format!(
                    "checkout session {id} is {:?}; only open sessions expire",
                    session.status
                ),
            )
        })?;
    expire(tx, settings, &mut session)?;
    Ok(session)
}

fn emit_session(tx: &mut Tx<'_>, session: &Session, event_type: EventType) -> Result<(), ApiError> {
    resource::emit(tx, event_type, session, &session_view(session, ""))
}

/// The session's expiry timer.
pub fn on_timer(tx: &mut Tx<'_>, settings: &Settings, kind: &TimerKind) -> Result<(), ApiError> {
    let TimerKind::CheckoutExpire { session } = kind else {
        return Ok(());
    };
    let Some(mut session) = tx.object::<Session>(session)? else {
        return Ok(());
    };
    if let Ok(expired) = session::transition(session.status, session::Trigger::Expire) {
        session.status = expired;
        expire(tx, settings, &mut session)?;
    }
    Ok(())
}

/// The intent "paid" hook of a session's payment (`domain::purpose`):
/// completes the session.
pub fn on_session_paid(tx: &mut Tx<'_>, id: &str) -> Result<(), ApiError> {
    let session = tx.object::<Session>(id)?;
    let completed = session.and_then(|s| {
        let next = session::transition(s.status, session::Trigger::Complete).ok()?;
        Some((s, next))
    });
    if let Some((mut session, complete)) = completed {
        session.status = complete;
        session.completed_at_ms = Some(tx.now_ms());
        tx.put_object(session.id.clone(), &session)?;
        emit_session(tx, &session, EventType::CheckoutSessionCompleted)?;
    }
    Ok(())
}

/// The intent "paid" hook of a link's payment: counts it, and uses up a
/// single-use link.
pub fn on_link_paid(tx: &mut Tx<'_>, id: &str) -> Result<(), ApiError> {
    let link = tx.object::<Link>(id)?;
    if let Some(mut link) = link {
        link.payments_count += 1;
        let paid = link::Trigger::Paid {
            reusable: link.reusable,
        };
        // A payment through a link deactivated since it was opened changes nothing.
        let next = link::transition(link.status, paid).unwrap_or(link.status);
        let used_up = next != link.status;
        link.status = next;
        if used_up {
            link.deactivated_at_ms = Some(tx.now_ms());
            link.inactive_reason = Some("used".into());
        }
        tx.put_object(link.id.clone(), &link)?;
        if used_up {
            emit_link(tx, &link, EventType::PaymentLinkDeactivated)?;
        }
    }
    Ok(())
}

/// `plink_...`: payment links, `payment_link_not_found` when absent or another's.
pub const PAYMENT_LINK: Kind = Kind::new(
    Family::new("plink"),
    Missing::new(Code::PaymentLinkNotFound, "payment link"),
);

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Link {
    pub id: String,
    pub mode: Mode,
    pub owner: String,
    pub status: LinkStatus,
    pub reusable: bool,
    /// Fixed amount; `None` lets the payer choose.
    pub amount_minor: Option<i64>,
    /// The bounds of an amount the payer chooses (decision 451).
    #[serde(default)]
    pub minimum_amount_minor: Option<i64>,
    #[serde(default)]
    pub maximum_amount_minor: Option<i64>,
    pub currency: String,
    pub description: Option<String>,
    pub success_url: Option<String>,
    pub payments_count: u32,
    pub inactive_reason: Option<String>,
    pub deactivated_at_ms: Option<i64>,
    pub created_at_ms: i64,
}

crate::domain::resource::owned!(Link);

pub struct NewLink {
    pub amount_minor: Option<i64>,
    pub minimum_amount_minor: Option<i64>,
    pub maximum_amount_minor: Option<i64>,
    pub currency: String,
    pub reusable: bool,
    pub description: Option<String>,
    pub success_url: Option<String>,
}

fn emit_link(tx: &mut Tx<'_>, link: &Link, event_type: EventType) -> Result<(), ApiError> {
    resource::emit(tx, event_type, link, &link_view(link, ""))
}

pub fn create_link(
    tx: &mut Tx<'_>,
    principal: &Principal,
    input: NewLink,
) -> Result<Link, ApiError> {
    let currency = super::currency::parse("currency", &input.currency)?;
    if let Some(amount) = input.amount_minor {
        intents::input::amount("amount_minor", amount)?;
    }
    let (minimum, maximum) = chosen_bounds(&input)?;
    let description = super::fields::text("description", input.description, 200)?;
    let link = Link {
        id: PAYMENT_LINK.new_id(),
        mode: principal.mode,
        owner: principal.owner().to_string(),
        status: LinkStatus::Active,
        reusable: input.reusable,
        amount_minor: input.amount_minor,
        minimum_amount_minor: minimum,
        maximum_amount_minor: maximum,
        currency: currency.code.to_string(),
        description,
        success_url: input.success_url,
        payments_count: 0,
        inactive_reason: None,
        deactivated_at_ms: None,
        created_at_ms: tx.now_ms(),
    };
    resource::insert(tx, PAYMENT_LINK.family, &link)?;
    Ok(link)
}

/// The bounds of a chosen amount: only on a link without a fixed amount,
/// each a valid amount, the minimum not above the maximum.
fn chosen_bounds(input: &NewLink) -> Result<(Option<i64>, Option<i64>), ApiError> {
    let bounds = [
        ("minimum_amount_minor", input.minimum_amount_minor),
        ("maximum_amount_minor", input.maximum_amount_minor),
    ];
    for (field, bound) in bounds {
        let Some(bound) = bound else { continue };
        if input.amount_minor.is_some() {
            return Err(ApiError::field(
                field,
                "only a link whose payer chooses the amount (no amount_minor) takes bounds",
            ));
        }
        intents::input::amount(field, bound)?;
    }
    if let (Some(min), Some(max)) = (input.minimum_amount_minor, input.maximum_amount_minor)
        && min > max
    {
        return Err(ApiError::field(
            "maximum_amount_minor",
            format!("maximum_amount_minor ({max}) is below minimum_amount_minor ({min})"),
        ));
    }
    Ok((input.minimum_amount_minor, input.maximum_amount_minor))
}

/// Whether `chosen` lies within the link's bounds (a link without bounds
/// takes any valid amount).
pub fn within_bounds(link: &Link, chosen: i64) -> bool {
    link.minimum_amount_minor.is_none_or(|min| chosen >= min)
        && link.maximum_amount_minor.is_none_or(|max| chosen <= max)
}

pub fn deactivate_link(tx: &mut Tx<'_>, principal: &Principal, id: &str) -> Result<Link, ApiError> {
    let mut link: Link = resource::find(tx, principal, id, &PAYMENT_LINK)?;
    link.status = link::transition(link.status, link::Trigger::Deactivate).map_err(|_| {
        ApiError::new(
            Code::LinkInactive,
            format!("payment link {id} is already inactive"),
        )
    })?;
    link.inactive_reason = Some("deactivated".into());
    link.deactivated_at_ms = Some(tx.now_ms());
    tx.put_object(link.id.clone(), &link)?;
    emit_link(tx, &link, EventType::PaymentLinkDeactivated)?;
    Ok(link)
}

/// A payer opened the link: a fresh intent for this visit (public, by the link's id).
pub fn visit_link(
    tx: &mut Tx<'_>,
    settings: &Settings,
    id: &str,
    chosen_minor: Option<i64>,
) -> Result<Intent, ApiError> {
    let link: Link = tx
        .object(id)?
        .ok_or_else(|| ApiError::not_found(PAYMENT_LINK.missing, id))?;
    link::transition(link.status, link::Trigger::Visit).map_err(|_| {
        ApiError::new(
            Code::LinkInactive,
            format!("payment link {id} is no longer active"),
        )
    })?;
    let amount = match (link.amount_minor, chosen_minor) {
        (Some(fixed), _) => fixed,
        (None, Some(chosen)) => {
            let chosen = intents::input::amount("amount_minor", chosen)?;
            if !within_bounds(&link, chosen) {
                return Err(ApiError::field(
                    "amount_minor",
                    format!("amount_minor must be within the link's bounds (got {chosen})"),
                ));
            }
            chosen
        }
        (None, None) => {
            return Err(ApiError::field(
                "amount_minor",
                "this link lets the payer choose the amount: send amount_minor",
            ));
        }
    };
    let principal = Principal::system("payment_link", &link.owner, link.mode);
    let mut body = serde_json::json!({"amount_minor": amount, "currency": link.currency});
    if let Some(description) = &link.description {
        body["description"] = description.clone().into();
    }
    if let Some(url) = &link.success_url {
        body["success_url"] = url.clone().into();
    }
    let mut intent = new_intent(tx, settings, &principal, body)?;
    intent.purpose = Some(Purpose::PaymentLink {
        id: link.id.clone(),
    });
    intents::save(tx, &intent)?;
    Ok(intent)
}

pub fn read_link(snapshot: &Snapshot, id: &str) -> Result<Option<Link>, ApiError> {
    Ok(if id.starts_with("plink_") {
        snapshot.object(id)?
    } else {
        None
    })
}

/// The token of session `id`'s page URL (see
/// [`crate::domain::page_tokens::session_token`]).
pub fn page_token(id: &str) -> String {
    crate::domain::page_tokens::session_token(id)
}

/// Whether `presented` opens `session`'s page: its token, or anything for a
/// session made before URLs carried one.
pub fn page_opens(session: &Session, presented: Option<&str>) -> bool {
    !session.url_token || presented.is_some_and(|t| page_token_matches(&session.id, t))
}

/// Whether `presented` is the page token of session `id`.
pub fn page_token_matches(id: &str, presented: &str) -> bool {
    crate::domain::page_tokens::session_token_matches(id, presented)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(quantity: i64, unit_amount_minor: i64) -> LineItem {
        LineItem {
            name: "rice".into(),
            quantity,
            unit_amount_minor,
        }
    }

    #[test]
    fn totals_are_computed_and_bounded() {
        assert_eq!(
            total(&[item(2, 1_500), item(1, 250)]).expect("total"),
            3_250
        );
        assert!(total(&[]).is_err());
        assert!(total(&[item(0, 100)]).is_err());
        assert!(total(&[item(10_000, i64::MAX / 2)]).is_err());
        // The documented bound of one unit price (found by API fuzzing).
        assert!(total(&[item(1, UNIT_AMOUNT_MINOR_MAX)]).is_ok());
        let over = total(&[item(1, UNIT_AMOUNT_MINOR_MAX + 1)]).expect_err("over");
        assert_eq!(
            over.param.as_deref(),
            Some("line_items[0].unit_amount_minor")
        );
    }
}
