//! Locations, terminals, static QR codes, scan analytics, and the public
//! `POST /resolve` (rate limited per client address).

use crate::domain::qr_codes::codes::QR_CODE;
use crate::domain::qr_codes::locations::LOCATION;
use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr};

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use utoipa::ToSchema;

use super::AppState;
use super::command;
use super::command::Write;
use super::extract::{Body, ClientIp, Params, Path, Reader, json};
use super::list::{self, Rows, named_list};
use super::operations::operations;
use crate::domain::qr_codes::views::{
    LocationView, QrCodeView, TerminalView, code_view, location_view, terminal_view,
};
use crate::domain::qr_codes::{
    self as qr, Analytics, CodeInput, Location, LocationInput, QrCode, QrStatus, Resolution,
    RevokeReason, Terminal, TerminalInput,
};
use crate::error::{ApiError, ErrorBody};
use crate::store::keys::Child;

operations! {
    create_location: scope("qr_codes:write"),
    list_locations: scope("qr_codes:read").added(),
    retrieve_location: scope("qr_codes:read").added(),
    create_terminal: scope("qr_codes:write"),
    list_terminals: scope("qr_codes:read").added(),
    create_code: scope("qr_codes:write"),
    list_codes: scope("qr_codes:read"),
    analytics: scope("qr_codes:read"),
    retrieve_code: scope("qr_codes:read").added(),
    revoke_code: scope("qr_codes:write"),
    resolve: public(),
}

// ---------------------------------------------------------------------------
// Locations and terminals
// ---------------------------------------------------------------------------

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateLocation {
    #[schema(
        min_length = 1,
        max_length = 100,
        pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*[^\\s\\u0000-\\u001f\\u007f-\\u009f][^\\u0000-\\u001f\\u007f-\\u009f]*$"
    )]
    pub name: String,
    #[schema(max_length = 200, pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$")]
    pub address: Option<String>,
    #[schema(
        min_length = 1,
        max_length = 60,
        pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*[^\\s\\u0000-\\u001f\\u007f-\\u009f][^\\u0000-\\u001f\\u007f-\\u009f]*$"
    )]
    pub city: String,
    /// ISO 3166-1 alpha-2, upper case.
    #[schema(pattern = "^[A-Z]{2}$")]
    pub country: String,
    /// Merchant category code; default 5999.
    #[schema(pattern = "^[0-9]{4}$")]
    pub mcc: Option<String>,
    pub metadata: Option<BTreeMap<String, String>>,
}

#[utoipa::path(post, path = "/locations", tag = "qr_codes", request_body = CreateLocation,
    responses((status = 201, description = "The location", body = LocationView)))]
pub async fn create_location(
    Write(state, caller, claim): Write,
    Body(input): Body<CreateLocation>,
) -> Result<Response, ApiError> {
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let location = qr::create_location(
            tx,
            &caller,
            LocationInput {
                name: input.name,
                address: input.address,
                city: input.city,
                country: input.country,
                mcc: input.mcc,
                metadata: input.metadata,
            },
        )?;
        Ok(location_view(&location))
    })
    .await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct LocationQuery {
    /// 1 to 200; default 50.
    #[param(minimum = 1, maximum = 200)]
    limit: Option<usize>,
    /// The `next_cursor` of the previous page.
    #[param(pattern = "^loc_[a-z0-9]{1,64}$")]
    cursor: Option<String>,
}

named_list!(LocationList of LocationView, "Newest first.");

#[utoipa::path(get, path = "/locations", tag = "qr_codes", params(LocationQuery),
    responses((status = 200, description = "Locations, newest first", body = LocationList)))]
pub async fn list_locations(
    Reader(state, caller): Reader,
    Params(query): Params<LocationQuery>,
) -> Result<Response, ApiError> {
    let rows = Rows::owned(LOCATION.family, &caller);
    let snapshot = state.store.snapshot()?;
    let found = list::all::<Location>(&snapshot, rows, query.limit, query.cursor.as_deref())?;
    json(200, &found.map(|l| location_view(&l)))
}

#[utoipa::path(get, path = "/locations/{id}", tag = "qr_codes",
    params(("id" = String, Path, description = "loc_...")),
    responses((status = 200, description = "The location", body = LocationView),
              (status = 404, description = "Not found", body = ErrorBody)))]
pub async fn retrieve_location(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let location = qr::read_location(&state.store.snapshot()?, &caller, &id)?;
    json(200, &location_view(&location))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateTerminal {
    /// Printed as the terminal label (EMVCo 62/07): printable ASCII.
    #[schema(min_length = 1, max_length = 25, pattern = "^[ -~]+$")]
    pub label: String,
    pub metadata: Option<BTreeMap<String, String>>,
}

#[utoipa::path(post, path = "/locations/{id}/terminals", tag = "qr_codes",
    params(("id" = String, Path, description = "loc_...")), request_body = CreateTerminal,
    responses((status = 201, description = "The terminal", body = TerminalView),
              (status = 404, description = "No such location", body = ErrorBody)))]
pub async fn create_terminal(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
    Body(input): Body<CreateTerminal>,
) -> Result<Response, ApiError> {
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let terminal = qr::create_terminal(
            tx,
            &caller,
            &id,
            TerminalInput {
                label: input.label,
                metadata: input.metadata,
            },
        )?;
        Ok(terminal_view(&terminal))
    })
    .await
}

named_list!(TerminalList of TerminalView, "Newest first, at most 100.");

#[utoipa::path(get, path = "/locations/{id}/terminals", tag = "qr_codes",
    params(("id" = String, Path, description = "loc_...")),
    responses((status = 200, description = "The location's terminals, newest first", body = TerminalList),
              (status = 404, description = "No such location", body = ErrorBody)))]
pub async fn list_terminals(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    let location = qr::read_location(&snapshot, &caller, &id)?;
    let rows = Rows::children(Child::Terminal, &location.id);
    let all = |_: &Terminal| true;
    let found = list::page(&snapshot, rows, Some(qr::TERMINALS_MAX), None, all)?;
    // The terminals of one location come in one page (no cursor).
    json(200, &found.without_cursor().map(|t| terminal_view(&t)))
}

// ---------------------------------------------------------------------------
// QR codes
// ---------------------------------------------------------------------------

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateQrCode {
    /// A location's code (its city, country, MCC and name are printed in the payload).
    #[schema(pattern = "^loc_[a-z0-9]{1,64}$")]
    pub location: Option<String>,
    /// A terminal's code (implies its location).
    #[schema(pattern = "^term_[a-z0-9]{1,64}$")]
    pub terminal: Option<String>,
    /// A fixed amount in minor units; absent, the payer enters it.
    #[serde(default, deserialize_with = "crate::domain::fields::opt_int")]
    #[schema(minimum = 1, maximum = 999_999_999_999_i64)]
    pub amount_minor: Option<i64>,
    pub currency: String,
    /// Printed as the reference label (EMVCo 62/05): printable ASCII.
    #[schema(min_length = 1, max_length = 25, pattern = "^[ -~]+$")]
    pub reference: Option<String>,
    #[schema(max_length = 500, pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$")]
    pub description: Option<String>,
    /// Merchant category code; default the location's, else 5999.
    #[schema(pattern = "^[0-9]{4}$")]
    pub mcc: Option<String>,
    pub metadata: Option<BTreeMap<String, String>>,
}

#[utoipa::path(post, path = "/qr_codes", tag = "qr_codes", request_body = CreateQrCode,
    responses((status = 201, description = "The static code with its signed payload and SVG", body = QrCodeView),
              (status = 404, description = "No such location or terminal", body = ErrorBody)))]
pub async fn create_code(
    Write(state, caller, claim): Write,
    Body(input): Body<CreateQrCode>,
) -> Result<Response, ApiError> {
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let code = qr::create_code(
            tx,
            &caller,
            CodeInput {
                location: input.location,
                terminal: input.terminal,
                amount_minor: input.amount_minor,
                currency: input.currency,
                reference: input.reference,
                description: input.description,
                mcc: input.mcc,
                metadata: input.metadata,
            },
        )?;
        code_view(&code, true)
    })
    .await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct CodeQuery {
    /// Only codes in this status.
    status: Option<QrStatus>,
    /// Only codes of this location.
    #[param(pattern = "^loc_[a-z0-9]{1,64}$")]
    location: Option<String>,
    /// 1 to 200; default 50.
    #[param(minimum = 1, maximum = 200)]
    limit: Option<usize>,
    /// The `next_cursor` of the previous page.
    #[param(pattern = "^qr_[a-z0-9]{1,64}$")]
    cursor: Option<String>,
}

named_list!(QrCodeList of QrCodeView, "Newest first (without `svg`).");

#[utoipa::path(get, path = "/qr_codes", tag = "qr_codes", params(CodeQuery),
    responses((status = 200, description = "QR codes, newest first", body = QrCodeList)))]
pub async fn list_codes(
    Reader(state, caller): Reader,
    Params(query): Params<CodeQuery>,
) -> Result<Response, ApiError> {
    let at_location = list::id_filter(
        "location",
        query.location.as_deref(),
        "loc",
        "a location id",
    )?;
    let keep = |c: &QrCode| {
        query.status.is_none_or(|s| c.status == s)
            && c.location
                .as_deref()
                .map_or(query.location.is_none(), &at_location)
    };
    let rows = Rows::owned(QR_CODE.family, &caller);
    let snapshot = state.store.snapshot()?;
    let found = list::page(&snapshot, rows, query.limit, query.cursor.as_deref(), keep)?;
    json(200, &found.try_map(|c| code_view(&c, false))?)
}

#[utoipa::path(get, path = "/qr_codes/{id}", tag = "qr_codes",
    params(("id" = String, Path, description = "qr_...")),
    responses((status = 200, description = "The code with its SVG", body = QrCodeView),
              (status = 404, description = "Not found", body = ErrorBody)))]
pub async fn retrieve_code(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let code = qr::read_code(&state.store.snapshot()?, &caller, &id)?;
    json(200, &code_view(&code, true)?)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RevokeQrCode {
    /// Why the code is withdrawn.
    pub reason: RevokeReason,
    #[schema(max_length = 500, pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$")]
    pub note: Option<String>,
}

#[utoipa::path(post, path = "/qr_codes/{id}/revoke", tag = "qr_codes",
    params(("id" = String, Path, description = "qr_...")), request_body = RevokeQrCode,
    responses((status = 200, description = "The revoked code; resolves now answer revoked", body = QrCodeView),
              (status = 404, description = "Not found", body = ErrorBody),
              (status = 409, description = "Already revoked (qr_code_revoked)", body = ErrorBody)))]
pub async fn revoke_code(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
    Body(input): Body<RevokeQrCode>,
) -> Result<Response, ApiError> {
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let code = qr::revoke_code(tx, &caller, &id, input.reason, input.note)?;
        code_view(&code, false)
    })
    .await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct AnalyticsQuery {
    /// Only the codes of this location.
    #[param(pattern = "^loc_[a-z0-9]{1,64}$")]
    location: Option<String>,
}

#[utoipa::path(get, path = "/qr_codes/analytics", tag = "qr_codes", params(AnalyticsQuery),
    responses((status = 200, description = "Scans per code, per location, per day, and resolve outcomes (newest 1000 codes)", body = Analytics)))]
pub async fn analytics(
    Reader(state, caller): Reader,
    Params(query): Params<AnalyticsQuery>,
) -> Result<Response, ApiError> {
    let _ = list::id_filter(
        "location",
        query.location.as_deref(),
        "loc",
        "a location id",
    )?;
    let snapshot = state.store.snapshot()?;
    json(
        200,
        &qr::analytics(&snapshot, &caller, query.location.as_deref())?,
    )
}

// ---------------------------------------------------------------------------
// Resolve
// ---------------------------------------------------------------------------

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResolveInput {
    /// Whatever was scanned: an EMVCo payload (ours or another scheme's), an
    /// intent's `qr_payload`, or a checkout URL of this gateway.
    #[schema(min_length = 1, max_length = 2048)]
    pub payload: String,
}

#[utoipa::path(post, path = "/resolve", tag = "qr_codes", request_body = ResolveInput,
    responses((status = 200, description = "What the scanned string is, whom it pays, whether to trust it, and what to do next", body = Resolution),
              (status = 429, description = "Too many resolves from this address (rate_limited); see Retry-After", body = ErrorBody)))]
pub async fn resolve(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Body(input): Body<ResolveInput>,
) -> Result<Response, ApiError> {
    // Requests without a peer address (in-process tests) share one window.
    let ip = ip.unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
    let now = state.clock.now_ms();
    if let Err(wait) = state.public_limiter.check(ip, now) {
        return Ok(super::rate_limit::refused(&state.public_limiter, ip, wait));
    }
    let chars = input.payload.chars().count();
    if chars == 0 || chars > qr::SCANNED_CHARS_MAX {
        return Err(ApiError::field(
            "payload",
            format!(
                "payload must be 1 to {} characters (got {chars})",
                qr::SCANNED_CHARS_MAX
            ),
        ));
    }
    let snapshot = state.store.snapshot()?;
    let (mut resolution, scan): (Resolution, _) =
        qr::resolve(&snapshot, &state.settings, now, &input.payload)?;
    drop(snapshot);
    if let Some(scan) = scan {
        // A payable scan of a static code creates its intent (scan-to-pay).
        let payable = resolution.next_action.kind == qr::resolution::NextActionType::PayQrCode;
        let settings = state.settings.clone();
        let created = state
            .writer
            .run(move |tx| {
                qr::record_scan(tx, &scan.qr_code, scan.outcome)?;
                match payable {
                    true => qr::scan_pay::intent_for_scan(tx, &settings, &scan.qr_code),
                    false => Ok(None),
                }
            })
            .await?;
        if let Some(intent) = created {
            qr::scan_pay::attach(&mut resolution, &intent, &state.settings);
        }
    }
    json(200, &resolution)
}
