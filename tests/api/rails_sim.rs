//! Local simulators of the live providers' public APIs, for the black-box
//! tests of `rails.rs`: axum servers on `127.0.0.1:<free port>`, each on its
//! own thread and runtime, speaking the documented API closely enough that
//! the gateway's connector cannot tell (tokens and their expiry, requests,
//! status inquiries, disbursements, timeouts after acceptance, 5xx).
//!
//! The outcome of a request is chosen by the last two digits of the
//! payer's or payee's number:
//!
//! | suffix | the simulator |
//! |---|---|
//! | `01` | takes it; SUCCESSFUL at once |
//! | `02` | takes it; FAILED (MTN `APPROVAL_REJECTED`) |
//! | `03` | takes it (SUCCESSFUL), but answers only after [`HANG`]: a timeout after acceptance |
//! | `04` | takes it; PENDING until the test decides |
//! | `05` | loses it: answers nothing for [`HANG`] and never records it (inquiry: 404) |
//! | `06` | takes it; FAILED (`PAYEE_NOT_FOUND`) |

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};

/// How long a `03` or `05` request hangs (longer than the tests' `--rail-timeout-ms`).
pub const HANG: Duration = Duration::from_millis(2_500);

pub const API_USER: &str = "sim-api-user";
pub const API_KEY: &str = "sim-api-key-7f3a9c";
pub const SUBSCRIPTION_KEY: &str = "sim-subscription-key-41d2";

/// A request the simulator received.
#[derive(Debug, Clone)]
pub struct Posted {
    pub product: String,
    pub reference: String,
    pub external_id: String,
    pub party: String,
    pub amount: String,
    pub callback_url: String,
}

#[derive(Debug, Clone)]
struct Txn {
    external_id: String,
    amount: String,
    currency: String,
    status: String,
    reason: Option<String>,
}

#[derive(Default)]
struct MomoState {
    tokens: Vec<String>,
    token_requests: usize,
    posts: Vec<Posted>,
    inquiries: usize,
    txns: HashMap<String, Txn>,
    down: bool,
    token_expires_in: u64,
}

/// The MTN MoMo Open API (collection and disbursement).
pub struct Momo {
    addr: SocketAddr,
    state: Arc<Mutex<MomoState>>,
}

type Shared = Arc<Mutex<MomoState>>;

fn lock(state: &Shared) -> std::sync::MutexGuard<'_, MomoState> {
    state.lock().unwrap_or_else(|e| e.into_inner())
}

impl Momo {
    pub fn start() -> Momo {
        let state: Shared = Arc::new(Mutex::new(MomoState {
            token_expires_in: 3600,
            ..MomoState::default()
        }));
        let app = Router::new()
            .route("/{product}/token/", post(token))
            .route("/collection/v1_0/requesttopay", post(request_to_pay))
            .route("/collection/v1_0/requesttopay/{reference}", get(status))
            .route("/disbursement/v1_0/transfer", post(transfer))
            .route("/disbursement/v1_0/transfer/{reference}", get(status))
            .with_state(state.clone());
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind the simulator");
        listener.set_nonblocking(true).expect("nonblocking");
        let addr = listener.local_addr().expect("address");
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("runtime");
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(listener).expect("listener");
                let _ = axum::serve(listener, app).await;
            });
        });
        Momo { addr, state }
    }

    /// `mtn_momo=http://127.0.0.1:PORT`, for `--rail-base-url`.
    pub fn base_url_flag(&self) -> String {
        format!("mtn_momo=http://{}", self.addr)
    }

    pub fn token_requests(&self) -> usize {
        lock(&self.state).token_requests
    }

    /// Every token issued so far is refused from now on (401), as after its expiry.
    pub fn expire_tokens(&self) {
        lock(&self.state).tokens.clear();
    }

    /// Requests received (request-to-pay and transfers), in order.
    pub fn posts(&self) -> Vec<Posted> {
        lock(&self.state).posts.clone()
    }

    pub fn inquiries(&self) -> usize {
        lock(&self.state).inquiries
    }

    /// Decides a PENDING (`04`) request.
    pub fn decide(&self, reference: &str, status: &str, reason: Option<&str>) {
        let mut state = lock(&self.state);
        if let Some(txn) = state.txns.get_mut(reference) {
            txn.status = status.to_string();
            txn.reason = reason.map(str::to_string);
        }
    }

    /// Every call answers 503 while down.
    pub fn set_down(&self, down: bool) {
        lock(&self.state).down = down;
    }

    /// Forgets a request, as if it never arrived (its status inquiry: 404).
    pub fn forget(&self, reference: &str) {
        lock(&self.state).txns.remove(reference);
    }

    /// The callback MTN would send about `reference` now (its status body).
    pub fn callback_body(&self, reference: &str) -> Value {
        let state = lock(&self.state);
        let txn = state.txns.get(reference).expect("a known reference");
        status_body(reference, txn)
    }
}

fn status_body(reference: &str, txn: &Txn) -> Value {
    json!({
        "financialTransactionId": format!("FT{}", &reference[..8]),
        "externalId": txn.external_id,
        "amount": txn.amount,
        "currency": txn.currency,
        "payer": {"partyIdType": "MSISDN", "partyId": "0"},
        "status": txn.status,
        "reason": txn.reason,
    })
}

fn unavailable() -> Response {
    (StatusCode::SERVICE_UNAVAILABLE, "down").into_response()
}

async fn token(
    State(state): State<Shared>,
    Path(product): Path<String>,
    headers: HeaderMap,
) -> Response {
    use base64::Engine;
    let expected = format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(format!("{API_USER}:{API_KEY}"))
    );
    let mut state = lock(&state);
    if state.down {
        return unavailable();
    }
    state.token_requests += 1;
    let auth_ok = headers.get("authorization").and_then(|v| v.to_str().ok()) == Some(&expected);
    let key_ok = headers
        .get("ocp-apim-subscription-key")
        .and_then(|v| v.to_str().ok())
        == Some(SUBSCRIPTION_KEY);
    if !auth_ok || !key_ok || !["collection", "disbursement"].contains(&product.as_str()) {
        return (StatusCode::UNAUTHORIZED, "bad credentials").into_response();
    }
    let token = format!("tok-{}-{}", product, state.token_requests);
    state.tokens.push(token.clone());
    let body = json!({"access_token": token, "token_type": "access_token", "expires_in": state.token_expires_in});
    (StatusCode::OK, axum::Json(body)).into_response()
}

/// Checks the bearer token and the other headers of an API call.
fn authorised(state: &MomoState, headers: &HeaderMap) -> Result<(), StatusCode> {
    let bearer = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or_default();
    if !state.tokens.iter().any(|t| t == bearer) {
        return Err(StatusCode::UNAUTHORIZED);
    }
    if headers.get("x-target-environment").is_none() {
        return Err(StatusCode::BAD_REQUEST);
    }
    Ok(())
}

async fn request_to_pay(state: State<Shared>, headers: HeaderMap, body: String) -> Response {
    create(state, headers, body, "collection", "payer").await
}

async fn transfer(state: State<Shared>, headers: HeaderMap, body: String) -> Response {
    create(state, headers, body, "disbursement", "payee").await
}

async fn create(
    State(state): State<Shared>,
    headers: HeaderMap,
    body: String,
    product: &str,
    party_field: &str,
) -> Response {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string()
    };
    let Ok(value) = serde_json::from_str::<Value>(&body) else {
        return (StatusCode::BAD_REQUEST, "not json").into_response();
    };
    let text = |v: &Value| v.as_str().unwrap_or_default().to_string();
    let posted = Posted {
        product: product.to_string(),
        reference: header("x-reference-id"),
        external_id: text(&value["externalId"]),
        party: text(&value[party_field]["partyId"]),
        amount: text(&value["amount"]),
        callback_url: header("x-callback-url"),
    };
    let suffix = posted
        .party
        .get(posted.party.len().saturating_sub(2)..)
        .unwrap_or_default()
        .to_string();
    {
        let mut s = lock(&state);
        if s.down {
            return unavailable();
        }
        if let Err(refused) = authorised(&s, &headers) {
            return refused.into_response();
        }
        if s.txns.contains_key(&posted.reference) {
            return (StatusCode::CONFLICT, "ResourceAlreadyExist").into_response();
        }
        s.posts.push(posted.clone());
        let (status, reason) = match suffix.as_str() {
            "02" => ("FAILED", Some("APPROVAL_REJECTED")),
            "04" => ("PENDING", None),
            "06" => ("FAILED", Some("PAYEE_NOT_FOUND")),
            _ => ("SUCCESSFUL", None),
        };
        if suffix != "05" {
            s.txns.insert(
                posted.reference.clone(),
                Txn {
                    external_id: posted.external_id.clone(),
                    amount: posted.amount.clone(),
                    currency: text(&value["currency"]),
                    status: status.to_string(),
                    reason: reason.map(str::to_string),
                },
            );
        }
    }
    if suffix == "03" || suffix == "05" {
        tokio::time::sleep(HANG).await;
    }
    StatusCode::ACCEPTED.into_response()
}

async fn status(
    State(state): State<Shared>,
    Path(reference): Path<String>,
    headers: HeaderMap,
) -> Response {
    let mut s = lock(&state);
    if s.down {
        return unavailable();
    }
    if let Err(refused) = authorised(&s, &headers) {
        return refused.into_response();
    }
    s.inquiries += 1;
    match s.txns.get(&reference) {
        Some(txn) => (StatusCode::OK, axum::Json(status_body(&reference, txn))).into_response(),
        None => (
            StatusCode::NOT_FOUND,
            axum::Json(json!({"code": "RESOURCE_NOT_FOUND", "message": "Requested resource was not found."})),
        )
            .into_response(),
    }
}

// ---------------------------------------------------------------------------
// Airtel Money and Flutterwave: the same outcomes by number suffix.
// ---------------------------------------------------------------------------

pub const AIRTEL_CLIENT_ID: &str = "sim-airtel-client";
pub const AIRTEL_CLIENT_SECRET: &str = "sim-airtel-secret-93be";
pub const FLW_SECRET_KEY: &str = "FLWSECK_TEST-sim-0c1d";
pub const FLW_SECRET_HASH: &str = "sim-verif-hash-77aa";

#[derive(Default)]
struct SimState {
    tokens: Vec<String>,
    token_requests: usize,
    posts: Vec<Posted>,
    inquiries: usize,
    /// By the gateway's reference: status, amount (major units), currency.
    txns: HashMap<String, (String, String, String)>,
    /// Flutterwave transfers: the transfer id of each reference.
    transfer_ids: HashMap<String, u64>,
    /// Every call answers 503 while down.
    down: bool,
    /// Lines the transaction report leaves out, or reports with another amount.
    report_drops: Vec<String>,
    report_amounts: HashMap<String, String>,
    /// Flutterwave Standard: the hosted payments created, by `tx_ref`.
    hosted: HashMap<String, Hosted>,
    /// Card transactions the payers made on the hosted pages, by id.
    card_txns: HashMap<u64, CardTxn>,
    /// `POST /v3/payments` answers only after [`HANG`] (the payment is created).
    hang_payments: bool,
    /// Ids asked about at `GET /v3/transactions/{id}/verify`, in order.
    verified_ids: Vec<u64>,
    /// This simulator's own address (the hosted links point at it).
    addr: Option<SocketAddr>,
    /// Card refunds (`POST /v3/transactions/{id}/refund`), by refund id:
    /// the charge's id and the amount refunded (major units).
    card_refunds: HashMap<u64, (u64, String)>,
}

/// A hosted payment (`POST /v3/payments`) as Flutterwave keeps it.
#[derive(Debug, Clone)]
pub struct Hosted {
    pub tx_ref: String,
    /// Major units, as sent.
    pub amount: String,
    pub currency: String,
    pub redirect_url: String,
    pub link: String,
}

/// A card transaction a payer made on a hosted page.
#[derive(Debug, Clone)]
struct CardTxn {
    tx_ref: String,
    status: String,
    amount: String,
    currency: String,
}

type SimShared = Arc<Mutex<SimState>>;

fn sim_lock(state: &SimShared) -> std::sync::MutexGuard<'_, SimState> {
    state.lock().unwrap_or_else(|e| e.into_inner())
}

/// A simulator of Airtel's or Flutterwave's API.
pub struct Sim {
    addr: SocketAddr,
    state: SimShared,
    rail: &'static str,
}

fn serve(app: Router) -> SocketAddr {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind the simulator");
    listener.set_nonblocking(true).expect("nonblocking");
    let addr = listener.local_addr().expect("address");
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("runtime");
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(listener).expect("listener");
            let _ = axum::serve(listener, app).await;
        });
    });
    addr
}

/// Records a new request and picks its outcome by the number's suffix;
/// `None`: lost (`05`).
fn record(
    state: &SimShared,
    posted: Posted,
    currency: &str,
    succeeded: &str,
    failed: &str,
    pending: &str,
) -> bool {
    let suffix = posted
        .party
        .get(posted.party.len().saturating_sub(2)..)
        .unwrap_or_default()
        .to_string();
    let mut s = sim_lock(state);
    s.posts.push(posted.clone());
    let status = match suffix.as_str() {
        "02" | "06" => failed,
        "04" => pending,
        _ => succeeded,
    };
    if suffix != "05" {
        s.txns.insert(
            posted.external_id.clone(),
            (
                status.to_string(),
                posted.amount.clone(),
                currency.to_string(),
            ),
        );
    }
    suffix == "03" || suffix == "05"
}

fn bearer(headers: &HeaderMap) -> String {
    headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or_default()
        .to_string()
}

impl Sim {
    pub fn airtel() -> Sim {
        let state = SimShared::default();
        let app = Router::new()
            .route("/auth/oauth2/token", post(airtel_token))
            .route("/merchant/v1/payments/", post(airtel_pay))
            .route("/standard/v1/payments/{id}", get(airtel_status))
            .route("/standard/v1/disbursements/", post(airtel_disburse))
            .route("/standard/v1/disbursements/{id}", get(airtel_status))
            .with_state(state.clone());
        Sim {
            addr: serve(app),
            state,
            rail: "airtel_money",
        }
    }

    pub fn flutterwave() -> Sim {
        let state = SimShared::default();
        let app = Router::new()
            .route("/v3/charges", post(flw_charge))
            .route("/v3/transactions/verify_by_reference", get(flw_verify))
            .route("/v3/payments", post(flw_hosted_payment))
            .route("/v3/transactions/{id}/verify", get(flw_verify_by_id))
            .route("/v3/transactions/{id}/refund", post(flw_card_refund))
            .route("/v3/refunds/{id}", get(flw_refund_status))
            .route("/v3/transactions", get(flw_transactions))
            .route("/v3/transfers", post(flw_transfer))
            .route("/v3/transfers/{id}", get(flw_transfer_status))
            .with_state(state.clone());
        let addr = serve(app);
        sim_lock(&state).addr = Some(addr);
        Sim {
            addr,
            state,
            rail: "flutterwave",
        }
    }

    /// The hosted payments created so far, in no order.
    pub fn hosted(&self) -> Vec<Hosted> {
        sim_lock(&self.state).hosted.values().cloned().collect()
    }

    /// `POST /v3/payments` hangs past the gateway's timeout after creating the payment.
    pub fn hang_payments(&self, hang: bool) {
        sim_lock(&self.state).hang_payments = hang;
    }

    /// The payer pays the hosted payment `tx_ref` by card: a transaction of
    /// `amount` (major units; `None`: the amount asked) that ends `status`.
    /// Returns its id.
    pub fn pay_card(&self, tx_ref: &str, status: &str, amount: Option<&str>) -> u64 {
        let mut s = sim_lock(&self.state);
        let hosted = s.hosted.get(tx_ref).cloned().expect("a hosted payment");
        let id = 7_000 + s.card_txns.len() as u64;
        s.card_txns.insert(
            id,
            CardTxn {
                tx_ref: tx_ref.to_string(),
                status: status.to_string(),
                amount: amount.map_or(hosted.amount, str::to_string),
                currency: hosted.currency,
            },
        );
        id
    }

    /// The card refunds made: (charge id, amount in major units), in no order.
    pub fn card_refunds(&self) -> Vec<(u64, String)> {
        sim_lock(&self.state)
            .card_refunds
            .values()
            .cloned()
            .collect()
    }

    /// The ids the gateway verified (`GET /v3/transactions/{id}/verify`), in order.
    pub fn verified_ids(&self) -> Vec<u64> {
        sim_lock(&self.state).verified_ids.clone()
    }

    /// Flutterwave's `charge.completed` webhook about card transaction `id`.
    pub fn charge_completed(&self, id: u64) -> Value {
        let s = sim_lock(&self.state);
        let txn = s.card_txns.get(&id).expect("a card transaction");
        json!({"event": "charge.completed", "data": {
            "id": id, "tx_ref": txn.tx_ref, "flw_ref": format!("FLW-MOCK-{id}"),
            "amount": txn.amount.parse::<f64>().unwrap_or(0.0), "currency": txn.currency,
            "status": txn.status, "payment_type": "card"}})
    }

    pub fn base_url_flag(&self) -> String {
        format!("{}=http://{}", self.rail, self.addr)
    }

    pub fn posts(&self) -> Vec<Posted> {
        sim_lock(&self.state).posts.clone()
    }

    pub fn inquiries(&self) -> usize {
        sim_lock(&self.state).inquiries
    }

    pub fn token_requests(&self) -> usize {
        sim_lock(&self.state).token_requests
    }

    pub fn expire_tokens(&self) {
        sim_lock(&self.state).tokens.clear();
    }

    /// Sets the status of the request the gateway calls `reference`.
    pub fn decide(&self, reference: &str, status: &str) {
        if let Some(txn) = sim_lock(&self.state).txns.get_mut(reference) {
            txn.0 = status.to_string();
        }
    }

    /// Flutterwave's transfer id of the gateway's `reference`.
    pub fn transfer_id(&self, reference: &str) -> Option<u64> {
        sim_lock(&self.state).transfer_ids.get(reference).copied()
    }

    /// The transaction report (`GET /v3/transactions`) leaves `reference` out.
    pub fn drop_from_report(&self, reference: &str) {
        sim_lock(&self.state)
            .report_drops
            .push(reference.to_string());
    }

    /// The transaction report shows `reference` with `amount` (major units).
    pub fn misreport(&self, reference: &str, amount: &str) {
        sim_lock(&self.state)
            .report_amounts
            .insert(reference.to_string(), amount.to_string());
    }
}

async fn airtel_token(State(state): State<SimShared>, body: String) -> Response {
    let value: Value = serde_json::from_str(&body).unwrap_or_default();
    let mut s = sim_lock(&state);
    if s.down {
        return unavailable();
    }
    s.token_requests += 1;
    if value["client_id"] != AIRTEL_CLIENT_ID
        || value["client_secret"] != AIRTEL_CLIENT_SECRET
        || value["grant_type"] != "client_credentials"
    {
        return (StatusCode::UNAUTHORIZED, "invalid_client").into_response();
    }
    let token = format!("airtel-tok-{}", s.token_requests);
    s.tokens.push(token.clone());
    axum::Json(json!({"access_token": token, "expires_in": "180", "token_type": "bearer"}))
        .into_response()
}

async fn airtel_pay(State(state): State<SimShared>, headers: HeaderMap, body: String) -> Response {
    airtel_create(state, headers, body, "collection").await
}

async fn airtel_disburse(
    State(state): State<SimShared>,
    headers: HeaderMap,
    body: String,
) -> Response {
    airtel_create(state, headers, body, "disbursement").await
}

async fn airtel_create(
    state: SimShared,
    headers: HeaderMap,
    body: String,
    product: &str,
) -> Response {
    if sim_lock(&state).down {
        return unavailable();
    }
    if !sim_lock(&state).tokens.contains(&bearer(&headers)) {
        return (StatusCode::UNAUTHORIZED, "expired").into_response();
    }
    if headers.get("x-country").is_none() || headers.get("x-currency").is_none() {
        return (StatusCode::BAD_REQUEST, "no X-Country").into_response();
    }
    let value: Value = serde_json::from_str(&body).unwrap_or_default();
    let text = |v: &Value| match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let party = if product == "collection" {
        &value["subscriber"]["msisdn"]
    } else {
        &value["payee"]["msisdn"]
    };
    let posted = Posted {
        product: product.into(),
        reference: text(&value["transaction"]["id"]),
        external_id: text(&value["transaction"]["id"]),
        party: text(party),
        amount: text(&value["transaction"]["amount"]),
        callback_url: String::new(),
    };
    if sim_lock(&state).txns.contains_key(&posted.external_id) {
        // Airtel refuses a transaction id it has seen.
        return axum::Json(
            json!({"status": {"code": "200", "success": false, "result_code": "ESB000036",
                                            "message": "Duplicate transaction id"}}),
        )
        .into_response();
    }
    let currency = headers
        .get("x-currency")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    if record(&state, posted, &currency, "TS", "TF", "TIP") {
        tokio::time::sleep(HANG).await;
    }
    axum::Json(json!({"data": {"transaction": {"id": text(&value["transaction"]["id"]), "status": "Success."}},
                      "status": {"code": "200", "message": "SUCCESS", "result_code": "ESB000010", "success": true}}))
        .into_response()
}

async fn airtel_status(
    State(state): State<SimShared>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let mut s = sim_lock(&state);
    if s.down {
        return unavailable();
    }
    if !s.tokens.contains(&bearer(&headers)) {
        return (StatusCode::UNAUTHORIZED, "expired").into_response();
    }
    s.inquiries += 1;
    match s.txns.get(&id) {
        Some((status, _, _)) => axum::Json(json!({
            "data": {"transaction": {"id": id, "status": status, "message": "sim", "airtel_money_id": "AM-1"}},
            "status": {"code": "200", "success": true}})).into_response(),
        None => (StatusCode::NOT_FOUND, axum::Json(json!({"status": {"success": false}}))).into_response(),
    }
}

async fn flw_charge(
    State(state): State<SimShared>,
    axum::extract::Query(query): axum::extract::Query<HashMap<String, String>>,
    headers: HeaderMap,
    body: String,
) -> Response {
    if sim_lock(&state).down {
        return unavailable();
    }
    if bearer(&headers) != FLW_SECRET_KEY {
        return (
            StatusCode::UNAUTHORIZED,
            axum::Json(json!({"status": "error"})),
        )
            .into_response();
    }
    if query.get("type").map(String::as_str) != Some("mobile_money_uganda") {
        return (
            StatusCode::BAD_REQUEST,
            axum::Json(json!({"status": "error", "message": "type"})),
        )
            .into_response();
    }
    let value: Value = serde_json::from_str(&body).unwrap_or_default();
    let text = |v: &Value| v.as_str().unwrap_or_default().to_string();
    let posted = Posted {
        product: "collection".into(),
        reference: text(&value["tx_ref"]),
        external_id: text(&value["tx_ref"]),
        party: text(&value["phone_number"]),
        amount: text(&value["amount"]),
        callback_url: String::new(),
    };
    let tx_ref = posted.external_id.clone();
    if record(
        &state,
        posted,
        &text(&value["currency"]),
        "successful",
        "failed",
        "pending",
    ) {
        tokio::time::sleep(HANG).await;
    }
    axum::Json(json!({"status": "success", "message": "Charge initiated",
                      "data": {"id": 4242, "tx_ref": tx_ref, "status": "pending"}}))
    .into_response()
}

async fn flw_verify(
    State(state): State<SimShared>,
    axum::extract::Query(query): axum::extract::Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Response {
    if bearer(&headers) != FLW_SECRET_KEY {
        return (
            StatusCode::UNAUTHORIZED,
            axum::Json(json!({"status": "error"})),
        )
            .into_response();
    }
    let mut s = sim_lock(&state);
    if s.down {
        return unavailable();
    }
    s.inquiries += 1;
    let tx_ref = query.get("tx_ref").cloned().unwrap_or_default();
    // A hosted card payment: its transaction, once the payer made one.
    let card = s.card_txns.iter().find(|(_, t)| t.tx_ref == tx_ref);
    if let Some((id, txn)) = card {
        return axum::Json(json!({"status": "success", "data": {
            "id": id, "tx_ref": tx_ref, "status": txn.status,
            "amount": txn.amount.parse::<f64>().unwrap_or(0.0), "currency": txn.currency}}))
        .into_response();
    }
    match s.txns.get(&tx_ref) {
        Some((status, amount, currency)) => axum::Json(json!({"status": "success", "data": {
            "id": 4242, "tx_ref": tx_ref, "status": status,
            "amount": amount.parse::<f64>().unwrap_or(0.0), "currency": currency}}))
        .into_response(),
        None => (
            StatusCode::BAD_REQUEST,
            axum::Json(
                json!({"status": "error", "message": "No transaction was found for this id"}),
            ),
        )
            .into_response(),
    }
}

/// `POST /v3/payments` (Flutterwave Standard): a hosted payment page.
async fn flw_hosted_payment(
    State(state): State<SimShared>,
    headers: HeaderMap,
    body: String,
) -> Response {
    if sim_lock(&state).down {
        return unavailable();
    }
    if bearer(&headers) != FLW_SECRET_KEY {
        return flw_refused();
    }
    let value: Value = serde_json::from_str(&body).unwrap_or_default();
    let text = |v: &Value| v.as_str().unwrap_or_default().to_string();
    let tx_ref = text(&value["tx_ref"]);
    let email = text(&value["customer"]["email"]);
    if tx_ref.is_empty() || email.is_empty() || text(&value["redirect_url"]).is_empty() {
        return (
            StatusCode::BAD_REQUEST,
            axum::Json(json!({"status": "error", "message": "tx_ref, redirect_url and customer.email are required"})),
        )
            .into_response();
    }
    let hang = {
        let mut s = sim_lock(&state);
        if s.hosted.contains_key(&tx_ref) {
            return (
                StatusCode::BAD_REQUEST,
                axum::Json(json!({"status": "error", "message": "Duplicate tx_ref"})),
            )
                .into_response();
        }
        let link = format!(
            "http://{}/v3/hosted/pay/{}",
            s.addr.expect("address"),
            tx_ref.trim_start_matches("rrq_")
        );
        let hosted = Hosted {
            tx_ref: tx_ref.clone(),
            amount: text(&value["amount"]),
            currency: text(&value["currency"]),
            redirect_url: text(&value["redirect_url"]),
            link,
        };
        s.posts.push(Posted {
            product: "card".into(),
            reference: tx_ref.clone(),
            external_id: tx_ref.clone(),
            party: email,
            amount: hosted.amount.clone(),
            callback_url: hosted.redirect_url.clone(),
        });
        s.hosted.insert(tx_ref.clone(), hosted);
        s.hang_payments
    };
    if hang {
        tokio::time::sleep(HANG).await;
    }
    let link = sim_lock(&state).hosted[&tx_ref].link.clone();
    axum::Json(json!({"status": "success", "message": "Hosted Link", "data": {"link": link}}))
        .into_response()
}

/// `GET /v3/transactions/{id}/verify`.
async fn flw_verify_by_id(
    State(state): State<SimShared>,
    Path(id): Path<u64>,
    headers: HeaderMap,
) -> Response {
    if bearer(&headers) != FLW_SECRET_KEY {
        return flw_refused();
    }
    let mut s = sim_lock(&state);
    if s.down {
        return unavailable();
    }
    s.inquiries += 1;
    s.verified_ids.push(id);
    match s.card_txns.get(&id) {
        Some(txn) => axum::Json(json!({"status": "success", "message": "Transaction fetched successfully",
            "data": {"id": id, "tx_ref": txn.tx_ref, "flw_ref": format!("FLW-MOCK-{id}"),
                     "amount": txn.amount.parse::<f64>().unwrap_or(0.0), "currency": txn.currency,
                     "charged_amount": txn.amount.parse::<f64>().unwrap_or(0.0),
                     "status": txn.status, "payment_type": "card",
                     "processor_response": if txn.status == "failed" { "Declined" } else { "Approved" }}}))
        .into_response(),
        None => (
            StatusCode::NOT_FOUND,
            axum::Json(json!({"status": "error", "message": "No transaction was found for this id"})),
        )
            .into_response(),
    }
}

/// `POST /v3/transactions/{id}/refund`: a card charge paid back (at once).
async fn flw_card_refund(
    State(state): State<SimShared>,
    Path(id): Path<u64>,
    headers: HeaderMap,
    body: String,
) -> Response {
    if bearer(&headers) != FLW_SECRET_KEY {
        return flw_refused();
    }
    let mut s = sim_lock(&state);
    if s.down {
        return unavailable();
    }
    let value: Value = serde_json::from_str(&body).unwrap_or_default();
    let amount = match &value["amount"] {
        Value::String(a) => a.clone(),
        other => other.to_string(),
    };
    let Some(txn) = s.card_txns.get(&id).cloned() else {
        return (
            StatusCode::BAD_REQUEST,
            axum::Json(json!({"status": "error", "message": "Transaction not found"})),
        )
            .into_response();
    };
    let refund_id = 8_000 + s.card_refunds.len() as u64;
    s.card_refunds.insert(refund_id, (id, amount.clone()));
    axum::Json(
        json!({"status": "success", "message": "Transaction refund initiated", "data": {
        "id": refund_id, "tx_id": id, "flw_ref": format!("URF_{refund_id}"),
        "amount_refunded": amount.parse::<f64>().unwrap_or(0.0), "currency": txn.currency,
        "status": "completed", "destination": "payment_source"}}),
    )
    .into_response()
}

/// `GET /v3/refunds/{id}`.
async fn flw_refund_status(
    State(state): State<SimShared>,
    Path(id): Path<u64>,
    headers: HeaderMap,
) -> Response {
    if bearer(&headers) != FLW_SECRET_KEY {
        return flw_refused();
    }
    let mut s = sim_lock(&state);
    s.inquiries += 1;
    match s.card_refunds.get(&id) {
        Some((charge, amount)) => axum::Json(json!({"status": "success", "data": {
            "id": id, "tx_id": charge, "amount_refunded": amount.parse::<f64>().unwrap_or(0.0),
            "status": "completed"}}))
        .into_response(),
        None => (
            StatusCode::NOT_FOUND,
            axum::Json(json!({"status": "error", "message": "Refund not found"})),
        )
            .into_response(),
    }
}

fn flw_refused() -> Response {
    (
        StatusCode::UNAUTHORIZED,
        axum::Json(json!({"status": "error", "message": "Invalid authorization key"})),
    )
        .into_response()
}

/// `POST /v3/transfers`: a mobile-money transfer, `reference` the gateway's id.
async fn flw_transfer(
    State(state): State<SimShared>,
    headers: HeaderMap,
    body: String,
) -> Response {
    if sim_lock(&state).down {
        return unavailable();
    }
    if bearer(&headers) != FLW_SECRET_KEY {
        return flw_refused();
    }
    let value: Value = serde_json::from_str(&body).unwrap_or_default();
    let text = |v: &Value| match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let posted = Posted {
        product: "disbursement".into(),
        reference: text(&value["reference"]),
        external_id: text(&value["reference"]),
        party: text(&value["account_number"]),
        amount: text(&value["amount"]),
        callback_url: String::new(),
    };
    let reference = posted.external_id.clone();
    if sim_lock(&state).transfer_ids.contains_key(&reference) {
        return (
            StatusCode::BAD_REQUEST,
            axum::Json(json!({"status": "error", "message": "Duplicate reference"})),
        )
            .into_response();
    }
    let id = {
        let mut s = sim_lock(&state);
        let id = 9_000 + s.transfer_ids.len() as u64;
        s.transfer_ids.insert(reference.clone(), id);
        id
    };
    let currency = text(&value["currency"]);
    if record(&state, posted, &currency, "SUCCESSFUL", "FAILED", "PENDING") {
        tokio::time::sleep(HANG).await;
    }
    axum::Json(json!({"status": "success", "message": "Transfer Queued Successfully",
                      "data": {"id": id, "reference": reference, "status": "NEW", "complete_message": ""}}))
    .into_response()
}

/// `GET /v3/transfers/{id}`.
async fn flw_transfer_status(
    State(state): State<SimShared>,
    Path(id): Path<u64>,
    headers: HeaderMap,
) -> Response {
    let mut s = sim_lock(&state);
    if s.down {
        return unavailable();
    }
    if bearer(&headers) != FLW_SECRET_KEY {
        return flw_refused();
    }
    s.inquiries += 1;
    let reference = s
        .transfer_ids
        .iter()
        .find(|(_, v)| **v == id)
        .map(|(k, _)| k.clone());
    let found = reference
        .as_ref()
        .and_then(|r| s.txns.get(r).map(|t| (r.clone(), t.clone())));
    match found {
        Some((reference, (status, amount, currency))) => {
            axum::Json(json!({"status": "success", "data": {
            "id": id, "reference": reference, "status": status, "currency": currency,
            "amount": amount.parse::<f64>().unwrap_or(0.0),
            "complete_message": if status == "FAILED" { "Account resolve failed" } else { "" }}}))
            .into_response()
        }
        None => (
            StatusCode::NOT_FOUND,
            axum::Json(json!({"status": "error", "message": "Transfer not found"})),
        )
            .into_response(),
    }
}

/// `GET /v3/transactions?from=YYYY-MM-DD&to=YYYY-MM-DD`: the collections of
/// those days, with the test's drops and misreported amounts.
async fn flw_transactions(
    State(state): State<SimShared>,
    axum::extract::Query(query): axum::extract::Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Response {
    let s = sim_lock(&state);
    if bearer(&headers) != FLW_SECRET_KEY {
        return flw_refused();
    }
    if !query.contains_key("from") || !query.contains_key("to") {
        return (
            StatusCode::BAD_REQUEST,
            axum::Json(json!({"status": "error", "message": "from and to are required"})),
        )
            .into_response();
    }
    let mut data: Vec<Value> = s
        .posts
        .iter()
        .enumerate()
        .filter(|(_, p)| p.product == "collection" && !s.report_drops.contains(&p.external_id))
        .filter_map(|(i, p)| {
            let (status, amount, currency) = s.txns.get(&p.external_id)?;
            let amount = s.report_amounts.get(&p.external_id).unwrap_or(amount);
            Some(json!({"id": 4_000 + i, "tx_ref": p.external_id, "status": status, "currency": currency,
                        "amount": amount.parse::<f64>().unwrap_or(0.0)}))
        })
        .collect();
    data.sort_by_key(|v| v["id"].as_u64());
    axum::Json(json!({"status": "success", "message": "Transactions fetched",
                      "meta": {"page_info": {"total": data.len(), "current_page": 1, "total_pages": 1}},
                      "data": data}))
    .into_response()
}
