//! Connected accounts of a platform (spec sections 1 rule 4, 4.15; origin
//! section 26; `docs/connected-accounts.md`).
//!
//! A connected account is a customer organisation that a platform created and
//! acts for. Creating one reuses the one organisation command
//! ([`org::create`]: the organisation, its handles and keys) and adds its
//! owner member without a password; the customer sets one through the claim
//! link and logs in from then on. The account record (`acct_...`) belongs to
//! the platform (it lists and reads it); the customer's money, objects and
//! settlement belong to the customer's organisation (`organisation_id`),
//! which is what a request with `Service-Account` acts as
//! ([`crate::auth::Principal::owner`]).
//!
//! Claim tokens are stored only as their SHA-256 (`acct_claim|<digest>`); a
//! new link replaces the old one and a claim clears it, so a link works once.

pub mod state;
pub mod view;

use crate::domain::resource::Kind;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use self::state::{Refusal, Status, Trigger, transition};
use super::audit::{self, Actor};
use super::org::{self, NewOrganisation};
use super::resource;
use super::team::{self, Member};
use crate::auth::Principal;
use crate::auth::roles::Role;
use crate::domain::events;
use crate::error::{ApiError, Code, Missing};
use crate::events::EventType;
use crate::mode::Mode;
use crate::store::keys::{self, Family};
use crate::store::{Read, StoreError, Tx};

pub use view::{AccountLinkView, AccountView};

/// `business_name` is 2 to 120 characters (origin section 26).
pub const BUSINESS_NAME_CHARS_MIN: usize = 2;
pub const BUSINESS_NAME_CHARS_MAX: usize = 120;
/// The default application fee is at most 50 % (origin section 26).
pub const APPLICATION_FEE_BPS_MAX: i64 = 5_000;
/// A claim link is valid 7 days (spec section 3), on the sandbox's clock in test mode.
pub const CLAIM_LINK_MS: i64 = 7 * 24 * 3_600_000;
/// Characters of a claim token: 43 of base62 carry 256 bits (the origin's 24
/// bytes were 192).
pub const CLAIM_TOKEN_CHARS: usize = 43;
/// The most accounts one platform connects in one mode.
pub const ACCOUNTS_PER_PLATFORM_MAX: usize = 10_000;

/// What the customer is (origin section 26).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = AccountType)]
#[serde(rename_all = "snake_case")]
pub enum AccountType {
    Merchant,
    Corporate,
    Ngo,
    Government,
    Developer,
}

impl AccountType {
    pub const ALL: [AccountType; 5] = [
        AccountType::Merchant,
        AccountType::Corporate,
        AccountType::Ngo,
        AccountType::Government,
        AccountType::Developer,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            AccountType::Merchant => "merchant",
            AccountType::Corporate => "corporate",
            AccountType::Ngo => "ngo",
            AccountType::Government => "government",
            AccountType::Developer => "developer",
        }
    }

    /// 400 `invalid_account_type` for anything else.
    pub fn parse(value: &str) -> Result<AccountType, ApiError> {
        AccountType::ALL
            .into_iter()
            .find(|t| t.as_str() == value)
            .ok_or_else(|| {
                ApiError::new(
                    Code::InvalidAccountType,
                    format!(
                        "type must be one of merchant, corporate, ngo, government, developer (got {:?})",
                        value.chars().take(40).collect::<String>()
                    ),
                )
                .with_param("type")
            })
    }
}

/// The current claim link: only its token's digest is kept.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ClaimLink {
    pub digest: String,
    pub expires_at_ms: i64,
}

/// `acct_...`: connected accounts, `account_not_found` when absent or another's.
pub const ACCOUNT: Kind = Kind::new(
    Family::new("acct"),
    Missing::new(Code::AccountNotFound, "connected account"),
);

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Account {
    pub id: String,
    pub mode: Mode,
    /// The platform: the organisation that created the account and acts for it.
    pub owner: String,
    /// The customer's organisation: the merchant of record of what the
    /// platform does for the account.
    pub organisation: String,
    /// The customer's owner member (password-less until the claim).
    pub member: String,
    pub business_name: String,
    pub account_type: AccountType,
    pub email: String,
    pub phone: Option<String>,
    pub country: String,
    /// The default application fee of the account's intents.
    pub application_fee_bps: i64,
    pub metadata: BTreeMap<String, serde_json::Value>,
    pub status: Status,
    pub claim: Option<ClaimLink>,
    pub claimed_at_ms: Option<i64>,
    pub detached_at_ms: Option<i64>,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
}

crate::domain::resource::owned!(Account);

impl Account {
    fn apply(&mut self, trigger: Trigger, now_ms: i64) -> Result<(), ApiError> {
        self.status = transition(self.status, trigger).map_err(|r| refused(self, r))?;
        self.updated_at_ms = now_ms;
        Ok(())
    }

    /// The platform still acts for the account.
    pub fn connected(&self) -> bool {
        self.status == Status::Active
    }
}

fn refused(account: &Account, refusal: Refusal) -> ApiError {
    match refusal {
        Refusal::DeadlinePassed => claim_link_invalid(),
        _ => detached(&account.id),
    }
}

fn detached(id: &str) -> ApiError {
    ApiError::new(
        Code::AccountDetached,
        format!("{id} was detached: the platform no longer acts for it (it stays the customer's)"),
    )
}

fn claim_link_invalid() -> ApiError {
    ApiError::new(
        Code::ClaimLinkInvalid,
        "this claim link is not valid: it was used, replaced by a newer one, or it expired; ask the platform for a new one",
    )
}

/// A validated `POST /accounts`.
#[derive(Debug, Clone)]
pub struct NewAccount {
    pub business_name: String,
    pub account_type: AccountType,
    pub email: String,
    pub phone: Option<String>,
    pub country: String,
    pub default_currency: Option<String>,
    pub application_fee_bps: i64,
    pub metadata: BTreeMap<String, serde_json::Value>,
}

/// `business_name`, 2 to 120 characters.
pub fn business_name(value: String) -> Result<String, ApiError> {
    let name = value.trim().to_string();
    let n = name.chars().count();
    if !(BUSINESS_NAME_CHARS_MIN..=BUSINESS_NAME_CHARS_MAX).contains(&n)
        || name.chars().any(char::is_control)
    {
        return Err(ApiError::field(
            "business_name",
            format!(
                "business_name must be {BUSINESS_NAME_CHARS_MIN} to {BUSINESS_NAME_CHARS_MAX} characters without control characters (got {n})"
            ),
        ));
    }
    Ok(name)
}

/// `application_fee_bps`, 0 to 5000 (400 `invalid_application_fee`).
pub fn fee_bps(value: i64) -> Result<i64, ApiError> {
    if (0..=APPLICATION_FEE_BPS_MAX).contains(&value) {
        return Ok(value);
    }
    Err(ApiError::new(
        Code::InvalidApplicationFee,
        format!("application_fee_bps must be from 0 to {APPLICATION_FEE_BPS_MAX} (got {value})"),
    )
    .with_param("application_fee_bps"))
}

/// The customer logs in by e-mail, so one is needed (400 `contact_required`).
pub fn contact(email: Option<String>) -> Result<String, ApiError> {
    match email
        .map(|e| e.trim().to_string())
        .filter(|e| !e.is_empty())
    {
        Some(email) => team::validate_email(&email),
        None => Err(ApiError::new(
            Code::ContactRequired,
            "email is required: the customer claims the account and logs in with it",
        )
        .with_param("email")),
    }
}

/// Creates the customer's organisation (with its handles and keys), its
/// password-less owner member, and the account connecting it to the
/// platform `principal` acts as.
pub fn create(
    tx: &mut Tx<'_>,
    principal: &Principal,
    new: NewAccount,
) -> Result<Account, ApiError> {
    let platform = principal.org.clone();
    let connected = tx.scan_index(
        &keys::owned_prefix(ACCOUNT.family, principal.mode, &platform),
        None,
        ACCOUNTS_PER_PLATFORM_MAX + 1,
    )?;
    if connected.len() >= ACCOUNTS_PER_PLATFORM_MAX {
        return Err(ApiError::new(
            Code::ValidationError,
            format!("a platform connects at most {ACCOUNTS_PER_PLATFORM_MAX} accounts per mode"),
        ));
    }
    let default_currency = match new.default_currency {
        Some(code) => code,
        None => org::get(tx, &platform)?
            .and_then(|o| o.default_currency)
            .unwrap_or_else(|| DEFAULT_CURRENCY.to_string()),
    };
    // The one organisation command: handles, keys (kept for the customer,
    // shown to nobody: after the claim the customer makes its own).
    let (organisation, _keys) = org::create(
        tx,
        NewOrganisation {
            // The account keeps the origin's 120 characters; an
            // organisation's name has 100 (decision 140).
            name: new
                .business_name
                .chars()
                .take(org::NAME_CHARS_MAX)
                .collect(),
            country: new.country.clone(),
            default_currency,
            tag: None,
            phone: new.phone.clone(),
            email: Some(new.email.clone()),
        },
    )?;
    // No password hash until the claim: no password verifies against "".
    let member = team::add_member(
        tx,
        &organisation.id,
        &new.email,
        Role::Owner,
        String::new(),
        None,
    )?;
    let now = tx.now_ms();
    let account = Account {
        id: ACCOUNT.new_id(),
        mode: principal.mode,
        owner: platform,
        organisation: organisation.id.clone(),
        member: member.id,
        business_name: new.business_name,
        account_type: new.account_type,
        email: member.email,
        phone: new.phone,
        country: organisation.country.clone().unwrap_or_default(),
        application_fee_bps: new.application_fee_bps,
        metadata: new.metadata,
        status: Status::Active,
        claim: None,
        claimed_at_ms: None,
        detached_at_ms: None,
        created_at_ms: now,
        updated_at_ms: now,
    };
    resource::insert(tx, ACCOUNT.family, &account)?;
    resource::point(tx, keys::account_of_org(&organisation.id), &account.id);
    record(tx, principal, &account, "account.created")?;
    emit(tx, &account, EventType::AccountCreated)?;
    Ok(account)
}

/// The default currency of a customer organisation when neither the request
/// nor the platform names one.
const DEFAULT_CURRENCY: &str = "USD";

/// The account `id` when `principal` (a platform) owns it, else 404
/// `account_not_found`.
pub fn read(read: &impl Read, principal: &Principal, id: &str) -> Result<Account, ApiError> {
    resource::find(read, principal, id, &ACCOUNT)
}

/// What `PATCH /accounts/{id}` may change.
#[derive(Debug, Clone, Default)]
pub struct Changes {
    pub application_fee_bps: Option<i64>,
    /// Replaces the metadata whole (origin section 26).
    pub metadata: Option<BTreeMap<String, serde_json::Value>>,
}

pub fn update(
    tx: &mut Tx<'_>,
    principal: &Principal,
    id: &str,
    changes: Changes,
) -> Result<Account, ApiError> {
    let mut account = read(tx, principal, id)?;
    account.apply(Trigger::Update, tx.now_ms())?;
    if let Some(bps) = changes.application_fee_bps {
        account.application_fee_bps = bps;
    }
    if let Some(metadata) = changes.metadata {
        account.metadata = metadata;
    }
    save(tx, &account)?;
    record(tx, principal, &account, "account.updated")?;
    emit(tx, &account, EventType::AccountUpdated)?;
    Ok(account)
}

/// The digest a claim token is stored as.
pub fn token_digest(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Makes a new claim link (the token is made by the caller, off the writer,
/// and only its digest reaches the store); the previous link stops working.
/// A claimed account gets none (409 `account_claimed`): a link sets the
/// owner's password, so after the claim it would hand the customer's
/// account back to the platform (security review issue 44, finding 3).
pub fn send_link(
    tx: &mut Tx<'_>,
    principal: &Principal,
    id: &str,
    digest: String,
) -> Result<Account, ApiError> {
    let mut account = read(tx, principal, id)?;
    let now = tx.now_ms();
    account.apply(Trigger::SendLink, now)?;
    if account.claimed_at_ms.is_some() {
        return Err(ApiError::new(
            Code::AccountClaimed,
            format!(
                "{id} was claimed: its owner set a password and the account is the customer's; a claim link would reset it, so none is made"
            ),
        ));
    }
    if let Some(old) = account.claim.take() {
        tx.delete_index(keys::account_claim(&old.digest));
    }
    resource::point(tx, keys::account_claim(&digest), &account.id);
    account.claim = Some(ClaimLink {
        digest,
        expires_at_ms: now + CLAIM_LINK_MS,
    });
    save(tx, &account)?;
    record(tx, principal, &account, "account.claim_link_created")?;
    Ok(account)
}

/// The account a claim token opens, whatever its state (the page says which).
pub fn by_claim_token(read: &impl Read, token: &str) -> Result<Option<Account>, StoreError> {
    if token.is_empty() || token.len() > CLAIM_TOKEN_CHARS * 2 {
        return Ok(None);
    }
    let Some(id) = read.index(&keys::account_claim(&token_digest(token)))? else {
        return Ok(None);
    };
    read.object(&String::from_utf8_lossy(&id))
}

/// Whether the account's current claim link is `token`'s and still valid at `now_ms`.
pub fn link_live(account: &Account, token: &str, now_ms: i64) -> bool {
    account
        .claim
        .as_ref()
        .is_some_and(|c| c.digest == token_digest(token) && now_ms < c.expires_at_ms)
}

/// The customer claims the account with the link's token: its owner member
/// gets the password (`password_hash`, made off the writer) and the link is
/// spent. 404 `claim_link_invalid` for a used, replaced, expired or unknown token.
pub fn claim(tx: &mut Tx<'_>, token: &str, password_hash: String) -> Result<Account, ApiError> {
    let mut account = by_claim_token(tx, token)?.ok_or_else(claim_link_invalid)?;
    let now = tx.now_ms();
    let link_live = link_live(&account, token, now);
    account.apply(Trigger::Claim { link_live }, now)?;
    let mut member: Member = tx
        .object(&account.member)?
        .ok_or_else(|| ApiError::internal(format!("{} has no owner member", account.id)))?;
    team::set_password(tx, &mut member, password_hash)?;
    if let Some(link) = account.claim.take() {
        tx.delete_index(keys::account_claim(&link.digest));
    }
    account.claimed_at_ms.get_or_insert(now);
    save(tx, &account)?;
    let actor = Actor {
        org: account.organisation.clone(),
        kind: "member".into(),
        member_id: Some(member.id.clone()),
        email: Some(member.email.clone()),
        account: Some(account.id.clone()),
        mode: Some(account.mode),
        ..Actor::default()
    };
    audit::record(
        tx,
        &actor,
        "account.claimed",
        Some(&account.id),
        serde_json::json!({}),
    )?;
    emit(tx, &account, EventType::AccountClaimed)?;
    Ok(account)
}

/// Ends the platform's access; the account, its keys and its money stay the
/// customer's. Idempotent: detaching a detached account changes nothing.
pub fn detach(tx: &mut Tx<'_>, principal: &Principal, id: &str) -> Result<Account, ApiError> {
    let mut account = read(tx, principal, id)?;
    if account.status == Status::Detached {
        return Ok(account);
    }
    let now = tx.now_ms();
    account.apply(Trigger::Detach, now)?;
    account.detached_at_ms = Some(now);
    save(tx, &account)?;
    record(tx, principal, &account, "account.detached")?;
    emit(tx, &account, EventType::AccountDetached)?;
    Ok(account)
}

fn save(tx: &mut Tx<'_>, account: &Account) -> Result<(), ApiError> {
    tx.put_object(account.id.clone(), account)?;
    Ok(())
}

/// An audit entry of the platform's action on the account, in both logs.
fn record(
    tx: &mut Tx<'_>,
    principal: &Principal,
    account: &Account,
    action: &str,
) -> Result<(), ApiError> {
    let actor = Actor {
        account: Some(account.id.clone()),
        on_behalf_of: Some(account.organisation.clone()),
        ..Actor::of(principal)
    };
    audit::record(
        tx,
        &actor,
        action,
        Some(&account.id),
        serde_json::json!({ "status": account.status }),
    )
}

/// `account.*` events go to the platform (the account record is its own);
/// `account` names the account, as on every event of a connected account.
fn emit(tx: &mut Tx<'_>, account: &Account, event_type: EventType) -> Result<(), ApiError> {
    let object = serde_json::to_value(view::render_stored(account)).map_err(ApiError::internal)?;
    events::emit(
        tx,
        event_type,
        account.mode,
        &account.owner,
        Some(&account.id),
        object,
    )?;
    Ok(())
}

/// The connected account whose customer organisation is `org`, if any.
pub fn of_organisation(read: &impl Read, org: &str) -> Result<Option<Account>, StoreError> {
    match crate::domain::events::connected_account(read, org)? {
        Some(id) => read.object(&id),
        None => Ok(None),
    }
}

/// What `Service-Account: <account>` resolves to for a key of `platform` in
/// `mode`: the account when the platform still acts for it, else 403.
/// An id that is unknown, of the other mode or another platform's gets one
/// answer, the same code and message (`account_unavailable`), so the header
/// tells no caller whether an `acct_` exists (security review issue 44,
/// finding 10; decision 292). The platform's own accounts say why:
/// `account_detached`, or `account_unavailable` for a disabled organisation.
pub fn acting_for(
    read: &impl Read,
    platform: &str,
    mode: Mode,
    account: &str,
) -> Result<Account, ApiError> {
    let found: Option<Account> = read.object(account)?;
    let Some(found) = found.filter(|a| a.mode == mode && a.owner == platform) else {
        return Err(not_usable(account));
    };
    if !found.connected() {
        return Err(detached(account));
    }
    org::require_active(read, &found.organisation).map_err(|_| {
        ApiError::new(
            Code::AccountUnavailable,
            format!("{account}'s organisation is disabled: nobody can act for it"),
        )
    })?;
    Ok(found)
}

/// The one answer for an `acct_` this caller may not use, whatever the
/// reason: it names only what the caller sent.
fn not_usable(account: &str) -> ApiError {
    ApiError::new(
        Code::AccountUnavailable,
        format!(
            "{account} is not an account connected to this platform in this mode (or it does not exist)"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fees_names_and_types_are_bounded() {
        assert!(fee_bps(0).is_ok() && fee_bps(5_000).is_ok());
        assert_eq!(
            fee_bps(5_001).map_err(|e| e.code),
            Err(Code::InvalidApplicationFee)
        );
        assert_eq!(
            fee_bps(-1).map_err(|e| e.code),
            Err(Code::InvalidApplicationFee)
        );
        assert!(business_name("A".into()).is_err());
        assert!(business_name("Ab".into()).is_ok());
        assert!(business_name("x".repeat(121)).is_err());
        assert_eq!(AccountType::parse("ngo").ok(), Some(AccountType::Ngo));
        assert_eq!(
            AccountType::parse("charity").map_err(|e| e.code),
            Err(Code::InvalidAccountType)
        );
        assert_eq!(
            contact(None).map_err(|e| e.code),
            Err(Code::ContactRequired)
        );
    }

    #[test]
    fn a_claim_link_is_live_only_with_its_token_before_it_expires() {
        let account = Account {
            id: "acct_a".into(),
            mode: Mode::Test,
            owner: "org_p".into(),
            organisation: "org_c".into(),
            member: "mem_c".into(),
            business_name: "Shop".into(),
            account_type: AccountType::Merchant,
            email: "a@b.cd".into(),
            phone: None,
            country: "CD".into(),
            application_fee_bps: 0,
            metadata: BTreeMap::new(),
            status: Status::Active,
            claim: Some(ClaimLink {
                digest: token_digest("tok"),
                expires_at_ms: 1_000,
            }),
            claimed_at_ms: None,
            detached_at_ms: None,
            created_at_ms: 0,
            updated_at_ms: 0,
        };
        assert!(link_live(&account, "tok", 999));
        assert!(!link_live(&account, "tok", 1_000));
        assert!(!link_live(&account, "other", 0));
    }
}
