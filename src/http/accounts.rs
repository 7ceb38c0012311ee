//! Connected accounts of a platform (spec section 4.15,
//! `docs/connected-accounts.md`). The hosted claim page is in
//! `pages/claim.rs`.

use crate::domain::accounts::ACCOUNT;
use std::collections::BTreeMap;

use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use utoipa::ToSchema;

use super::command;
use super::command::Write;
use super::extract::{Body, Params, Path, Reader, json, read_json};
use super::list::{self, Rows, named_list};
use super::operations::operations;
use crate::clock::rfc3339;
use crate::domain::accounts::{
    self, Account, AccountLinkView, AccountType, AccountView, Changes, NewAccount,
};
use crate::domain::fields;
use crate::error::{ApiError, ErrorBody};
use crate::ledger;

operations! {
    create: scope("accounts:write"),
    list: scope("accounts:read"),
    retrieve: scope("accounts:read"),
    update: scope("accounts:write"),
    create_link: scope("accounts:write"),
    detach: scope("accounts:write"),
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateAccount {
    /// 2 to 120 characters: the customer organisation's name.
    #[schema(min_length = 2, max_length = 120)]
    pub business_name: String,
    /// merchant, corporate, ngo, government or developer (400
    /// `invalid_account_type` otherwise).
    #[serde(rename = "type")]
    #[schema(value_type = AccountType)]
    pub account_type: String,
    /// The customer's e-mail: it claims the account and logs in with it
    /// (400 `contact_required` without it).
    #[serde(default)]
    #[schema(required = true, format = Email, max_length = 254)]
    pub email: String,
    /// E.164.
    #[schema(max_length = 16)]
    pub phone: Option<String>,
    /// ISO 3166-1 alpha-2 (`CD`).
    #[schema(pattern = "^[A-Z]{2}$")]
    pub country: String,
    /// ISO 4217; default: the platform's default currency, else USD.
    #[schema(pattern = "^[A-Z]{3}$")]
    pub default_currency: Option<String>,
    /// The default application fee of the account's intents: 0 to 5000 (default 0).
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 0, maximum = 5000)]
    pub application_fee_bps: Option<i64>,
    /// Up to 50 keys of at most 40 characters; values of any JSON type.
    #[schema(value_type = Option<Object>)]
    pub metadata: Option<BTreeMap<String, serde_json::Value>>,
}

impl CreateAccount {
    fn validate(self) -> Result<NewAccount, ApiError> {
        let business_name = accounts::business_name(self.business_name)?;
        let account_type = AccountType::parse(&self.account_type)?;
        let email = accounts::contact(Some(self.email))?;
        let default_currency = self
            .default_currency
            .map(|c| {
                crate::domain::currency::parse("default_currency", &c).map(|c| c.code.to_string())
            })
            .transpose()?;
        Ok(NewAccount {
            business_name,
            account_type,
            email,
            phone: self.phone,
            country: self.country,
            default_currency,
            application_fee_bps: accounts::fee_bps(self.application_fee_bps.unwrap_or(0))?,
            metadata: fields::metadata_json(self.metadata)?,
        })
    }
}

/// Creates the customer's organisation, its owner (no password until the
/// claim) and its wallets, connected to the calling platform.
#[utoipa::path(post, path = "/accounts", tag = "accounts", request_body = CreateAccount,
    responses((status = 201, description = "The connected account", body = AccountView),
              (status = 400, description = "invalid_account_type, contact_required, invalid_application_fee, account_header_not_allowed, validation_error", body = ErrorBody),
              (status = 409, description = "organisation_exists or member_exists: the e-mail or phone is taken", body = ErrorBody)))]
pub async fn create(
    Write(state, caller, claim): Write,
    Body(input): Body<CreateAccount>,
) -> Result<Response, ApiError> {
    let new = input.validate()?;
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let account = accounts::create(tx, &caller, new)?;
        Ok(accounts::view::render(&account, &[]))
    })
    .await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct AccountQuery {
    /// 1 to 200; default 50.
    #[param(minimum = 1, maximum = 200)]
    limit: Option<usize>,
    /// The `next_cursor` of the previous page.
    #[param(pattern = "^acct_[a-z0-9]{1,64}$")]
    cursor: Option<String>,
}

named_list!(AccountList of AccountView, "Newest first.");

/// The platform's connected accounts (detached ones too).
#[utoipa::path(get, path = "/accounts", tag = "accounts", params(AccountQuery),
    responses((status = 200, description = "Connected accounts, newest first", body = AccountList)))]
pub async fn list(
    Reader(state, caller): Reader,
    Params(query): Params<AccountQuery>,
) -> Result<Response, ApiError> {
    let rows = Rows::owned(ACCOUNT.family, &caller);
    let snapshot = state.store.snapshot()?;
    let found = list::all::<Account>(&snapshot, rows, query.limit, query.cursor.as_deref())?;
    json(200, &found.try_map(|a| render(&snapshot, &a))?)
}

/// A detached account's balances are not read at all: the view hides them.
fn render(snapshot: &crate::store::Snapshot, account: &Account) -> Result<AccountView, ApiError> {
    let balances = if account.connected() {
        ledger::balances(snapshot, account.mode, &account.organisation)?
    } else {
        Vec::new()
    };
    Ok(accounts::view::render(account, &balances))
}

#[utoipa::path(get, path = "/accounts/{id}", tag = "accounts",
    params(("id" = String, Path, description = "acct_...")),
    responses((status = 200, description = "The account with the customer's balances (none once detached)", body = AccountView),
              (status = 404, description = "account_not_found (another platform's too)", body = ErrorBody)))]
pub async fn retrieve(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    read_json(&state, |snapshot| {
        render(snapshot, &accounts::read(snapshot, &caller, &id)?)
    })
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateAccount {
    /// 0 to 5000.
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 0, maximum = 5000)]
    pub application_fee_bps: Option<i64>,
    /// Replaces the metadata whole.
    #[schema(value_type = Option<Object>)]
    pub metadata: Option<BTreeMap<String, serde_json::Value>>,
}

/// Changes the default application fee or the metadata; nothing else.
#[utoipa::path(patch, path = "/accounts/{id}", tag = "accounts",
    params(("id" = String, Path, description = "acct_...")), request_body = UpdateAccount,
    responses((status = 200, description = "The updated account", body = AccountView),
              (status = 403, description = "account_detached", body = ErrorBody)))]
pub async fn update(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
    Body(input): Body<UpdateAccount>,
) -> Result<Response, ApiError> {
    let changes = Changes {
        application_fee_bps: input
            .application_fee_bps
            .map(accounts::fee_bps)
            .transpose()?,
        metadata: input
            .metadata
            .map(|m| fields::metadata_json(Some(m)))
            .transpose()?,
    };
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let account = accounts::update(tx, &caller, &id, changes)?;
        Ok(accounts::view::render_stored(&account))
    })
    .await
}

/// A one-time claim link, valid 7 days; a new one replaces the previous.
#[utoipa::path(post, path = "/accounts/{id}/account_links", tag = "accounts",
    params(("id" = String, Path, description = "acct_...")),
    responses((status = 201, description = "The claim link (its URL is shown once)", body = AccountLinkView),
              (status = 403, description = "account_detached", body = ErrorBody),
              (status = 409, description = "account_claimed: the customer claimed the account, no link is made; or the Idempotency-Key was reused with another body or endpoint", body = ErrorBody)))]
pub async fn create_link(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let token = crate::ids::random_token(accounts::CLAIM_TOKEN_CHARS);
    let digest = accounts::token_digest(&token);
    let url = format!("{}/claim/{token}", state.settings.public_url);
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let account = accounts::send_link(tx, &caller, &id, digest)?;
        let expires_at_ms = account.claim.as_ref().map_or(0, |c| c.expires_at_ms);
        Ok(AccountLinkView {
            object: "account_link",
            account: account.id,
            url,
            expires_at: rfc3339(expires_at_ms),
            created_at: rfc3339(tx.now_ms()),
        })
    })
    .await
}

/// Ends the platform's access; the account, its keys and its money stay the
/// customer's. Idempotent.
#[utoipa::path(post, path = "/accounts/{id}/detach", tag = "accounts",
    params(("id" = String, Path, description = "acct_...")),
    responses((status = 200, description = "The detached account", body = AccountView)))]
pub async fn detach(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let account = accounts::detach(tx, &caller, &id)?;
        Ok(accounts::view::render_stored(&account))
    })
    .await
}
