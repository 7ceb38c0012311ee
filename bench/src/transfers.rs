//! The `transfer` scenarios (issue 18): wallet-to-wallet transfers among many
//! organisations of one gateway. The setup goes through the public API as an
//! institution would: the instance's owner logs in, adds the organisations
//! (`POST /v1/organisations`), and each one is funded by a sandbox payment
//! that settles. The load then sends `POST /v1/transfers` with the sender's
//! own key, to a random other organisation (`transfer`) or always to the same
//! one, a merchant's hot wallet (`transfer (hot wallet)`).

use std::sync::Arc;
use std::time::{Duration, Instant};

use bytes::Bytes;
use hyper::Method;
use serde_json::{Value, json};

use crate::gateway::Gateway;
use crate::load::{self, Call, HeaderValue, Target, Workload};

/// What each transfer moves, in CDF minor units (the fee, 75 bps with a
/// minimum of 100, is paid on top).
const TRANSFER_MINOR: i64 = 1_000;
/// What each organisation is funded with: far more than a run can spend
/// (a 5 s run at 10,000 transfers/s spread over 1,000 senders is 50 each).
const FUNDING_MINOR: i64 = 100_000_000;
/// The sandbox payer number that captures at once.
const SUCCEED: &str = "+243000000501";
/// Setup requests in flight at once: organisation creation hashes the new
/// owner's password and PIN (argon2id), which is CPU-bound.
const SETUP_IN_FLIGHT: usize = 8;
/// How long funding may take to settle.
const SETTLE_WAIT_MAX: Duration = Duration::from_secs(120);

/// One organisation of the run: its id (a transfer's `to`) and its key.
struct Organisation {
    id: String,
    authorization: HeaderValue,
}

/// The organisations the scenarios move money among.
pub struct Wallets {
    organisations: Vec<Organisation>,
}

impl Wallets {
    pub fn len(&self) -> usize {
        self.organisations.len()
    }
}

/// Adds `count` organisations to `gateway` and funds each one.
pub async fn setup(gateway: &Gateway, count: usize) -> Result<Wallets, String> {
    let operator = login(gateway).await?;
    let creates = (0..count).map(|i| {
        let operator = operator.clone();
        async move { add_organisation(&operator, i).await }
    });
    let began = Instant::now();
    let organisations = in_flight(creates).await?;
    eprintln!(
        "  {count} organisations added in {:.1} s",
        began.elapsed().as_secs_f64()
    );
    let addr = gateway.server.addr;
    let funds = organisations.iter().map(|o| {
        let target = as_organisation(addr, o);
        async move { fund(&target, &o.id).await }
    });
    in_flight(funds).await?;
    for o in &organisations {
        let target = as_organisation(addr, o);
        // Settled: the payment, net of its processing fee, is available.
        while available(&target).await? <= 0 {
            if began.elapsed() > SETTLE_WAIT_MAX {
                return Err(format!("{}'s funding did not settle", o.id));
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    eprintln!(
        "  funded and settled after {:.1} s",
        began.elapsed().as_secs_f64()
    );
    Ok(Wallets { organisations })
}

/// Transfers from a random organisation to another random one.
pub fn spread(wallets: Arc<Wallets>) -> Workload {
    assert!(wallets.len() >= 2, "transfers need two organisations");
    Arc::new(move |rng| {
        let n = wallets.len() as u64;
        let from = rng.below(n);
        // Any other organisation, uniformly: skip over the sender.
        let to = (from + 1 + rng.below(n - 1)) % n;
        call(&wallets, from as usize, to as usize)
    })
}

/// Transfers from a random organisation to the first one, the merchant:
/// every transfer posts to the same wallet.
pub fn hot(wallets: Arc<Wallets>) -> Workload {
    assert!(wallets.len() >= 2, "transfers need two organisations");
    Arc::new(move |rng| {
        let from = 1 + rng.below(wallets.len() as u64 - 1);
        call(&wallets, from as usize, 0)
    })
}

fn call(wallets: &Wallets, from: usize, to: usize) -> Call {
    let body = json!({
        "to": wallets.organisations[to].id,
        "amount_minor": TRANSFER_MINOR,
        "currency": "CDF",
        "note": "bench",
    });
    Call {
        method: Method::POST,
        path: "/v1/transfers".into(),
        body: Bytes::from(body.to_string()),
        authorization: Some(wallets.organisations[from].authorization.clone()),
    }
}

/// Runs `tasks` with at most [`SETUP_IN_FLIGHT`] at once; the first error ends it.
async fn in_flight<T, F>(tasks: impl Iterator<Item = F>) -> Result<Vec<T>, String>
where
    F: std::future::Future<Output = Result<T, String>>,
{
    use futures_util::{StreamExt, TryStreamExt};
    futures_util::stream::iter(tasks)
        .buffered(SETUP_IN_FLIGHT)
        .try_collect()
        .await
}

/// The instance owner's session (its login is on the first start's ready line).
pub async fn login(gateway: &Gateway) -> Result<Target, String> {
    let owner = &gateway.server.ready["owner"];
    let login = json!({"email": owner["email"], "password": owner["password"]});
    let anonymous = Target {
        addr: gateway.server.addr,
        authorization: None,
    };
    let session = send(&anonymous, "/v1/sessions", &login, None).await?;
    let token = session["token"]
        .as_str()
        .ok_or("the login answered no token")?;
    Ok(Target {
        addr: gateway.server.addr,
        authorization: Some(format!("Bearer {token}")),
    })
}

async fn add_organisation(operator: &Target, i: usize) -> Result<Organisation, String> {
    let body = json!({
        "name": format!("Bench wallet {i}"),
        "country": "CD",
        "default_currency": "CDF",
        "owner_email": format!("owner-{i}@bench.example"),
    });
    let key = format!("bench-organisation-{i}");
    let created = send(operator, "/v1/organisations", &body, Some(&key)).await?;
    let id = created["organisation"]["id"].as_str();
    let secret = created["keys"]["secret_key"].as_str();
    let (Some(id), Some(secret)) = (id, secret) else {
        return Err(format!("organisation {i}: no id or key in {created}"));
    };
    Ok(Organisation {
        id: id.to_string(),
        authorization: HeaderValue::from_str(&format!("Bearer {secret}"))
            .map_err(|e| e.to_string())?,
    })
}

fn as_organisation(addr: std::net::SocketAddr, o: &Organisation) -> Target {
    Target {
        addr,
        authorization: o.authorization.to_str().ok().map(str::to_string),
    }
}

/// A sandbox payment that captures at once and settles into the wallet.
async fn fund(organisation: &Target, id: &str) -> Result<(), String> {
    let body = json!({
        "amount_minor": FUNDING_MINOR,
        "currency": "CDF",
        "reference": "bench funding",
        "customer_msisdn": SUCCEED,
        "confirm": true,
    });
    let key = format!("bench-funding-{id}");
    send(organisation, "/v1/payment_intents", &body, Some(&key))
        .await
        .map(|_| ())
}

/// The CDF wallet's available balance.
pub async fn available(organisation: &Target) -> Result<i64, String> {
    let (status, body) = load::fetch(organisation, Method::GET, "/v1/wallets", "", None).await?;
    if status != 200 {
        return Err(format!("GET /v1/wallets -> {status}"));
    }
    let wallets: Value = serde_json::from_slice(&body).map_err(|e| e.to_string())?;
    Ok(wallets["data"]
        .as_array()
        .and_then(|all| all.iter().find(|w| w["currency"] == "CDF"))
        .and_then(|w| w["available_minor"].as_i64())
        .unwrap_or(0))
}

pub async fn send(
    target: &Target,
    path: &str,
    body: &Value,
    key: Option<&str>,
) -> Result<Value, String> {
    let (status, answer) = load::fetch(target, Method::POST, path, &body.to_string(), key).await?;
    if !(200..300).contains(&status) {
        return Err(format!(
            "POST {path} -> {status}: {}",
            String::from_utf8_lossy(&answer)
        ));
    }
    serde_json::from_slice(&answer).map_err(|e| format!("POST {path}: {e}"))
}
