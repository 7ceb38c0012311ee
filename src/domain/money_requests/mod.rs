//! Money requests (spec section 4.14): a merchant asks a payer (by tag, phone
//! or e-mail) for an amount; the payer pays through a URL. Addressed by a code.
//! `PENDING → PAID | CANCELLED | EXPIRED` (the lifecycle is in `state.rs`).

pub mod state;
mod view;

use crate::domain::resource::Kind;
use serde::{Deserialize, Serialize};

pub use self::state::Status;
use self::state::{Trigger, transition};
pub use self::view::view;

use super::intents;
use super::{Settings, resource};
use crate::auth::Principal;
use crate::error::{ApiError, Code, Missing};
use crate::events::EventType;
use crate::mode::Mode;
use crate::scheduler::{self, TimerKind};
use crate::store::keys::Family;
use crate::store::{Read, Snapshot, Tx};

/// Characters of a code after `MR-` (no 0/O/1/I to read them out loud).
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/// 16 characters of 32 symbols: 80 bits. The code is the payer's pay URL
/// (`/r/{code}`), which shows the payer's number and the amount and offers
/// a cancel, so it must not be found by guessing (issue 44 finding 5: 8
/// characters, 40 bits, took 450 guesses a second). Codes issued with 8
/// characters keep working: a code is read as a whole key, whatever its length.
const CODE_CHARS: usize = 16;
// At least 80 bits, checked when the gateway is compiled.
const _: () = assert!(CODE_CHARS * 5 >= 80 && CODE_ALPHABET.len() == 32);
pub const MINUTES_DEFAULT: i64 = 7 * 24 * 60;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PayerKind {
    Phone,
    Email,
    Tag,
}

/// `MR-...` (listed under `mr`): money requests, `money_request_not_found` when absent or another's.
pub const MONEY_REQUEST: Kind = Kind::new(
    Family::new("mr"),
    Missing::new(Code::MoneyRequestNotFound, "money request"),
)
.with_ids("MR-");

crate::domain::resource::record_and_view! {
    #[derive(Debug, Clone, Serialize, Deserialize)]
    pub struct MoneyRequest {
        pub code: String,
        pub mode: Mode,
        pub owner: String,
    }
    #[derive(Debug, Serialize, utoipa::ToSchema)]
    pub struct MoneyRequestView {
        pub code: String,
        /// Always `money_request`.
        pub object: &'static str,
        pub livemode: bool,
    }
    shared {
        pub payer: String,
        pub payer_kind: PayerKind,
        pub amount_minor: i64,
        pub currency: String,
        pub description: Option<String>,
        pub status: Status,
    }
    record_tail {
        pub payment_intent: String,
        pub expires_at_ms: i64,
        pub created_at_ms: i64,
        pub updated_at_ms: i64,
    }
    view_tail {
        /// Where the payer pays.
        pub pay_url: String,
        pub payment_intent: String,
        pub expires_at: String,
        pub created_at: String,
    }
}

crate::domain::resource::owned!(MoneyRequest[code]);

/// What kind of payer address this is: E.164 phone, e-mail, or `@tag`.
pub fn payer_kind(payer: &str) -> Result<PayerKind, ApiError> {
    let payer = payer.trim();
    if payer.starts_with('+') {
        crate::fields::msisdn("payer", payer)?;
        return Ok(PayerKind::Phone);
    }
    if let Some((local, domain)) = payer.split_once('@') {
        if !local.is_empty()
            && domain.contains('.')
            && !domain.starts_with('.')
            && payer.len() <= 254
            && !payer.contains(char::is_whitespace)
        {
            return Ok(PayerKind::Email);
        }
        if local.is_empty()
            && (3..=30).contains(&domain.len())
            && domain
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.')
        {
            return Ok(PayerKind::Tag);
        }
    }
    Err(ApiError::field(
        "payer",
        "payer must be a phone number (+243...), an e-mail address, or a @tag",
    ))
}

fn new_code() -> String {
    let mut code = String::from("MR-");
    for _ in 0..CODE_CHARS {
        code.push(CODE_ALPHABET[rand::random_range(0..CODE_ALPHABET.len())] as char);
    }
    code
}

pub struct NewRequest {
    pub payer: String,
    pub amount_minor: i64,
    pub currency: String,
    pub description: Option<String>,
    pub expires_in_minutes: Option<i64>,
}

fn emit(
    tx: &mut Tx<'_>,
    request: &MoneyRequest,
    event_type: EventType,
    public_url: &str,
) -> Result<(), ApiError> {
    resource::emit(tx, event_type, request, &view(request, public_url))
}

pub fn create(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    input: NewRequest,
) -> Result<MoneyRequest, ApiError> {
    let kind = payer_kind(&input.payer)?;
    let minutes = input.expires_in_minutes.unwrap_or(MINUTES_DEFAULT);
    let mut body = serde_json::json!({
        "amount_minor": input.amount_minor,
        "currency": input.currency,
        "expires_in_minutes": minutes,
        "rails": ["mobile_money"],
    });
    if let Some(description) = &input.description {
        body["description"] = description.clone().into();
    }
    if kind == PayerKind::Phone {
        body["customer_msisdn"] = input.payer.trim().into();
    }
    let parsed: intents::input::CreateIntent =
        serde_json::from_value(body).map_err(|e| ApiError::field("body", e.to_string()))?;
    // The payer pays later, on the page: no attempt starts now.
    let mut valid = parsed.validate(principal.account.is_some())?;
    let prefill = valid.customer_msisdn.take();
    let minted = intents::Minted::in_tx(tx, principal, valid)?;
    let (mut intent, _) = intents::create(tx, settings, principal, minted)?;
    intent.customer_msisdn = prefill;
    let now = tx.now_ms();
    let mut code = new_code();
    while tx.object_bytes(&code)?.is_some() {
        code = new_code();
    }
    let request = MoneyRequest {
        code: code.clone(),
        mode: principal.mode,
        owner: principal.owner().to_string(),
        payer: input.payer.trim().to_string(),
        payer_kind: kind,
        amount_minor: intent.amount_minor,
        currency: intent.currency.clone(),
        description: intent.description.clone(),
        status: Status::Pending,
        payment_intent: intent.id.clone(),
        expires_at_ms: intent.expires_at_ms,
        created_at_ms: now,
        updated_at_ms: now,
    };
    intent.purpose = Some(super::purpose::Purpose::MoneyRequest { code: code.clone() });
    intents::save(tx, &intent)?;
    scheduler::schedule(
        tx,
        request.expires_at_ms,
        TimerKind::MoneyRequestExpire { code: code.clone() },
    )?;
    resource::insert(tx, MONEY_REQUEST.family, &request)?;
    Ok(request)
}

pub fn read(
    snapshot: &Snapshot,
    principal: &Principal,
    code: &str,
) -> Result<MoneyRequest, ApiError> {
    resource::find(snapshot, principal, code, &MONEY_REQUEST)
}

/// The request behind a pay URL, whoever made it.
pub fn read_public(snapshot: &Snapshot, code: &str) -> Result<Option<MoneyRequest>, ApiError> {
    Ok(if code.starts_with("MR-") {
        snapshot.object(code)?
    } else {
        None
    })
}

pub fn cancel(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    code: &str,
) -> Result<MoneyRequest, ApiError> {
    let mut request: MoneyRequest = resource::find(tx, principal, code, &MONEY_REQUEST)?;
    let cancelled = transition(request.status, Trigger::Cancel).map_err(|_| {
        ApiError::new(
            Code::RequestNotPending,
            format!(
                "money request {code} is {:?}; only unpaid requests can be cancelled",
                request.status
            ),
        )
    })?;
    intents::cancel(
        tx,
        settings,
        principal,
        &request.payment_intent,
        Default::default(),
    )?;
    request.status = cancelled;
    request.updated_at_ms = tx.now_ms();
    tx.put_object(request.code.clone(), &request)?;
    emit(
        tx,
        &request,
        EventType::MoneyRequestCancelled,
        &settings.public_url,
    )?;
    Ok(request)
}

/// The intent "paid" hook of a request's payment (`domain::purpose`).
pub fn on_paid(tx: &mut Tx<'_>, settings: &Settings, code: &str) -> Result<(), ApiError> {
    let Some(mut request) = tx.object::<MoneyRequest>(code)? else {
        return Ok(());
    };
    // A request already closed (cancelled, expired) stays as it is.
    if let Ok(paid) = transition(request.status, Trigger::Pay) {
        request.status = paid;
        request.updated_at_ms = tx.now_ms();
        tx.put_object(request.code.clone(), &request)?;
        emit(
            tx,
            &request,
            EventType::MoneyRequestPaid,
            &settings.public_url,
        )?;
    }
    Ok(())
}

pub fn on_timer(tx: &mut Tx<'_>, kind: &TimerKind) -> Result<(), ApiError> {
    let TimerKind::MoneyRequestExpire { code } = kind else {
        return Ok(());
    };
    let Some(mut request) = tx.object::<MoneyRequest>(code)? else {
        return Ok(());
    };
    if let Ok(expired) = transition(request.status, Trigger::Expire) {
        request.status = expired;
        request.updated_at_ms = tx.now_ms();
        tx.put_object(request.code.clone(), &request)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payers_are_phones_emails_or_tags() {
        assert_eq!(
            payer_kind("+243000000501").expect("phone"),
            PayerKind::Phone
        );
        assert_eq!(
            payer_kind("amani@example.cd").expect("email"),
            PayerKind::Email
        );
        assert_eq!(payer_kind("@amani_k").expect("tag"), PayerKind::Tag);
        for bad in ["amani", "+12", "@a", "a@b", "@ spaced"] {
            assert!(payer_kind(bad).is_err(), "{bad}");
        }
        let code = new_code();
        assert!(code.starts_with("MR-") && code.len() == 3 + 16);
    }
}
