//! The rail outbox dispatcher: a tokio task that sends live rail requests
//! and their status inquiries to the providers, off the writer
//! (`domain::live_rails::requests` holds the rules, `docs/rails.md` the
//! picture). For each due row it takes the row through the writer, opens
//! the organisation's credentials in memory, calls the connector with a
//! timeout, and records the answer through the writer.
//!
//! Bounded: [`IN_FLIGHT_MAX`] calls at once, [`PROVIDER_IN_FLIGHT_MAX`] per
//! provider (one slow provider cannot hold every slot), each call limited
//! by `--rail-timeout-ms`. A provider whose circuit is open is not called:
//! its queued requests fail as `provider_unavailable` (the payer tries
//! another operator) and its inquiries wait for the circuit to half-open.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::Notify;

use crate::clock::SharedClock;
use crate::domain::Settings;
use crate::domain::live_rails::daily::{self, TakenRun};
use crate::domain::live_rails::health::{self, Circuit};
use crate::domain::live_rails::reconcile::Line;
use crate::domain::live_rails::requests::{self, OutboxRow, Recorded, Taken};
use crate::domain::live_rails::{self};
use crate::rails::live::tokens::Tokens;
use crate::rails::live::{self, Answer, BaseUrls, Job, Provider};
use crate::store::{Store, Writer};

/// Calls in flight at once at most.
pub const IN_FLIGHT_MAX: usize = 32;
/// Calls to one provider at once at most.
pub const PROVIDER_IN_FLIGHT_MAX: usize = 8;
/// Rows read per pass at most.
const ROWS_PER_PASS: usize = 256;
/// The dispatcher looks at the outbox at least this often.
const IDLE_WAKE: Duration = Duration::from_millis(250);

/// The dispatcher's settings (`serve --rail-*`).
#[derive(Clone)]
pub struct Options {
    pub base_urls: BaseUrls,
    /// One call waits this long for the provider at most.
    pub timeout: Duration,
    /// The first status inquiry follows a request by this long.
    pub poll: Duration,
    /// A circuit stays open this long after its last fault.
    pub circuit_cooldown: Duration,
    /// Holds each pass back (the test that kills the gateway mid-flight).
    pub delay: Duration,
    /// The daily reconciliation's period (a day) and its lag after the period ends.
    pub reconcile_period: Duration,
    pub reconcile_lag: Duration,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            base_urls: BaseUrls::default(),
            timeout: Duration::from_secs(30),
            poll: Duration::from_secs(15),
            circuit_cooldown: Duration::from_secs(60),
            delay: Duration::ZERO,
            reconcile_period: Duration::from_secs(86_400),
            reconcile_lag: Duration::from_secs(3_600),
        }
    }
}

/// The `serve` flags of the live rails.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Sends a live rail's calls to URL instead of the provider's own host
    /// (tests against a simulator, private deployments): `mtn_momo=http://127.0.0.1:9000`.
    /// Repeat for each rail.
    #[arg(long = "rail-base-url", value_name = "RAIL=URL")]
    pub rail_base_url: Vec<String>,
    /// Milliseconds one call to a provider may take before its outcome is unknown.
    #[arg(long, default_value_t = 30_000, value_parser = clap::value_parser!(u64).range(100..=300_000))]
    pub rail_timeout_ms: u64,
    /// Milliseconds between a request and its first status inquiry (then longer).
    #[arg(long, default_value_t = 15_000, value_parser = clap::value_parser!(u64).range(50..=3_600_000))]
    pub rail_poll_ms: u64,
    /// Milliseconds a provider's circuit stays open after its last fault.
    #[arg(long, default_value_t = 60_000, value_parser = clap::value_parser!(u64).range(100..=3_600_000))]
    pub rail_circuit_cooldown_ms: u64,
    /// Milliseconds the dispatcher waits before each pass. Hidden: for the
    /// test that kills the gateway with requests in flight.
    #[arg(long, hide = true, default_value_t = 0)]
    pub rail_dispatch_delay_ms: u64,
    /// Milliseconds of each live rail's reconciliation period: a UTC day.
    /// Hidden: tests shorten it (live mode follows no test clock).
    #[arg(long, hide = true, default_value_t = 86_400_000, value_parser = clap::value_parser!(u64).range(1_000..=31_622_400_000))]
    pub rail_reconcile_period_ms: u64,
    /// Milliseconds after a period's end that its reconciliation runs (the
    /// providers' reports lag behind).
    #[arg(long, default_value_t = 3_600_000, value_parser = clap::value_parser!(u64).range(0..=86_400_000))]
    pub rail_reconcile_lag_ms: u64,
}

impl Args {
    pub fn options(&self) -> Result<Options, String> {
        let mut base_urls = BaseUrls::default();
        for value in &self.rail_base_url {
            let (provider, url) = BaseUrls::parse_one(value)?;
            base_urls.0.insert(provider, url);
        }
        Ok(Options {
            base_urls,
            timeout: Duration::from_millis(self.rail_timeout_ms),
            poll: Duration::from_millis(self.rail_poll_ms),
            circuit_cooldown: Duration::from_millis(self.rail_circuit_cooldown_ms),
            delay: Duration::from_millis(self.rail_dispatch_delay_ms),
            reconcile_period: Duration::from_millis(self.rail_reconcile_period_ms),
            reconcile_lag: Duration::from_millis(self.rail_reconcile_lag_ms),
        })
    }
}

fn ms(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

struct Shared {
    store: Store,
    writer: Writer,
    settings: Arc<Settings>,
    clock: SharedClock,
    options: Options,
    client: reqwest::Client,
    tokens: Tokens,
    in_flight: Mutex<InFlight>,
    done: Notify,
}

#[derive(Default)]
struct InFlight {
    requests: HashSet<String>,
    per_provider: HashMap<String, usize>,
}

/// Starts the dispatcher.
pub fn spawn(
    store: Store,
    writer: Writer,
    settings: Arc<Settings>,
    clock: SharedClock,
    wake: Arc<Notify>,
    options: Options,
) -> Result<(), String> {
    let shared = Arc::new(Shared {
        client: live::client(options.timeout)?,
        store,
        writer,
        settings,
        clock,
        options,
        tokens: Tokens::default(),
        in_flight: Mutex::default(),
        done: Notify::new(),
    });
    tokio::spawn(async move {
        // Every configured rail has its daily reconciliation timer.
        let settings = shared.settings.clone();
        if let Err(error) = shared
            .writer
            .run(move |tx| daily::arm_all(tx, &settings))
            .await
        {
            tracing::error!(%error, "rail outbox: cannot arm the daily reconciliations");
        }
        loop {
            if !shared.options.delay.is_zero() {
                tokio::time::sleep(shared.options.delay).await;
            }
            let now = shared.clock.now_ms();
            let rows = shared
                .store
                .snapshot()
                .map_err(crate::error::ApiError::from)
                .and_then(|snapshot| requests::outbox(&snapshot, now, ROWS_PER_PASS));
            match rows {
                Ok(rows) => start_due(&shared, rows),
                Err(error) => tracing::error!(%error, "rail outbox: cannot read the outbox"),
            }
            tokio::select! {
                () = tokio::time::sleep(IDLE_WAKE) => {},
                () = wake.notified() => {},
                () = shared.done.notified() => {},
            }
        }
    });
    Ok(())
}

/// Starts a task for each row that has a slot; the rest wait for the next pass.
fn start_due(shared: &Arc<Shared>, rows: Vec<OutboxRow>) {
    for row in rows {
        {
            let mut in_flight = shared.in_flight.lock().unwrap_or_else(|e| e.into_inner());
            if in_flight.requests.len() >= IN_FLIGHT_MAX {
                return;
            }
            if !in_flight.requests.insert(row.request.clone()) {
                continue;
            }
        }
        let shared = shared.clone();
        tokio::spawn(async move {
            let request = row.request.clone();
            let provider = if row.reconcile {
                reconcile(&shared, row).await;
                None
            } else {
                dispatch(&shared, row).await
            };
            let mut in_flight = shared.in_flight.lock().unwrap_or_else(|e| e.into_inner());
            in_flight.requests.remove(&request);
            if let Some(p) = provider
                && let Some(n) = in_flight.per_provider.get_mut(p.as_str())
            {
                *n = n.saturating_sub(1);
            }
            drop(in_flight);
            shared.done.notify_one();
        });
    }
}

/// Claims a slot of `provider`; false when it has [`PROVIDER_IN_FLIGHT_MAX`].
fn claim_provider(shared: &Shared, provider: Provider) -> bool {
    let mut in_flight = shared.in_flight.lock().unwrap_or_else(|e| e.into_inner());
    let n = in_flight
        .per_provider
        .entry(provider.as_str().to_string())
        .or_default();
    if *n >= PROVIDER_IN_FLIGHT_MAX {
        return false;
    }
    *n += 1;
    true
}

/// Takes one row, calls the provider, records the answer. Returns the
/// provider whose slot it held.
async fn dispatch(shared: &Arc<Shared>, row: OutboxRow) -> Option<Provider> {
    let provider = shared
        .store
        .snapshot()
        .ok()
        .and_then(|s| requests::get(&s, &row.request).ok().flatten())
        .map(|r| r.provider)?;
    if !claim_provider(shared, provider) {
        return None;
    }
    let circuit = shared
        .store
        .snapshot()
        .ok()
        .and_then(|s| health::load(&s, crate::mode::Mode::Live, provider).ok())
        .map(|h| h.circuit(shared.clock.now_ms()));
    // An inquiry waits out an open circuit (its row stays); a request is
    // failed without being sent, so the payer may try another operator.
    if row.inquiry && circuit == Some(Circuit::Open) {
        return Some(provider);
    }
    let poll_ms = ms(shared.options.poll);
    let taken_row = row.clone();
    let taken = shared
        .writer
        .run(move |tx| requests::take(tx, &taken_row, poll_ms))
        .await;
    let taken = match taken {
        Ok(Some(taken)) => taken,
        Ok(None) => return Some(provider),
        Err(error) => {
            tracing::warn!(request = %row.request, %error, "rail outbox: cannot take a row; retrying");
            return Some(provider);
        }
    };
    let (answer, called) = if circuit == Some(Circuit::Open) {
        (
            Answer::NotSent("the provider's circuit is open".into()),
            false,
        )
    } else {
        (call(shared, &taken, row.inquiry).await, true)
    };
    tracing::info!(
        request = %taken.request.id,
        provider = provider.as_str(),
        kind = ?taken.request.kind,
        inquiry = row.inquiry,
        answer = ?answer,
        "rail outbox: answer"
    );
    // Nothing was asked: no sign of the provider's health either way.
    let called = called && !matches!(answer, Answer::CannotAsk(_));
    let recorded = Recorded {
        inquiry: row.inquiry,
        answer,
        called,
        cooldown_ms: ms(shared.options.circuit_cooldown),
    };
    let settings = shared.settings.clone();
    let id = taken.request.id.clone();
    let result = shared
        .writer
        .run(move |tx| requests::record(tx, &settings, &id, recorded))
        .await;
    if let Err(error) = result {
        // The inquiry queued when the row was taken decides it.
        tracing::warn!(request = %taken.request.id, %error, "rail outbox: cannot record an answer");
    }
    Some(provider)
}

/// Calls the request's connector.
async fn call(shared: &Shared, taken: &Taken, inquiry: bool) -> Answer {
    call_about(shared, &taken.request, &taken.config, inquiry).await
}

/// Calls `request`'s connector: the request itself, or an inquiry about it.
async fn call_about(
    shared: &Shared,
    request: &requests::RailRequest,
    config: &live_rails::RailConfig,
    inquiry: bool,
) -> Answer {
    let credentials = match live_rails::open(config) {
        Ok(c) => c,
        Err(error) => return Answer::NotSent(error.message),
    };
    let job = Job {
        provider: request.provider,
        kind: request.kind,
        inquiry,
        request_id: request.id.clone(),
        reference: request.reference.clone(),
        msisdn: request.msisdn.clone(),
        amount_minor: request.amount_minor,
        currency: request.currency.clone(),
        country: config.country.clone(),
        target_environment: config.target_environment.clone(),
        callback_url: format!(
            "{}/v1/rails/{}/callback",
            shared.settings.public_url,
            request.provider.as_str()
        ),
        provider_transaction_id: request.provider_transaction_id.clone(),
        card: request.card,
        charge: request.charge.clone(),
        // The checkout's return page of the intent (its page token is the capability).
        return_url: format!(
            "{}/pay/{}/return?t={}",
            shared.settings.public_url,
            request.target,
            crate::domain::intents::view::page_token(&request.target)
        ),
        credentials,
    };
    let base_url = shared
        .options
        .base_urls
        .of(request.provider, &config.target_environment);
    let ctx = live::Ctx {
        client: &shared.client,
        base_url: &base_url,
        tokens: &shared.tokens,
        owner: &request.owner,
    };
    live::call(&ctx, &job).await
}

/// Runs one daily reconciliation: takes its row through the writer, fetches
/// the provider's view of the period off the writer, records the comparison
/// through the writer (`domain::live_rails::daily`).
async fn reconcile(shared: &Arc<Shared>, row: OutboxRow) {
    let (key, id) = (row.key.clone(), row.request.clone());
    let taken = match shared
        .writer
        .run(move |tx| daily::take(tx, &key, &id))
        .await
    {
        Ok(Some(taken)) => taken,
        Ok(None) => return,
        Err(error) => {
            tracing::warn!(run = %row.request, %error, "rail outbox: cannot take a reconciliation; retrying");
            return;
        }
    };
    let fetched = fetch_period(shared, &taken).await;
    tracing::info!(
        run = %taken.run.id,
        provider = taken.run.provider.as_str(),
        lines = fetched.as_ref().map(|(l, _)| l.len()).ok(),
        error = fetched.as_ref().err(),
        "rail outbox: daily reconciliation fetched"
    );
    let (id, retry_ms) = (taken.run.id.clone(), ms(shared.options.poll));
    if let Err(error) = shared
        .writer
        .run(move |tx| daily::record(tx, &id, fetched, retry_ms))
        .await
    {
        tracing::warn!(run = %taken.run.id, %error, "rail outbox: cannot record a reconciliation");
    }
}

/// The provider's view of a run's period as report lines, and whether it
/// covers collections only: Flutterwave's transaction report, else a
/// status inquiry about each of the period's requests.
async fn fetch_period(shared: &Shared, taken: &TakenRun) -> Result<(Vec<Line>, bool), String> {
    let (run, config) = (&taken.run, &taken.config);
    if run.provider == Provider::Flutterwave {
        let credentials = live_rails::open(config).map_err(|e| e.message)?;
        let base_url = shared
            .options
            .base_urls
            .of(run.provider, &config.target_environment);
        let day = |ms: i64| {
            crate::clock::rfc3339(ms)
                .chars()
                .take(10)
                .collect::<String>()
        };
        let report = live::flutterwave::transactions(
            &shared.client,
            &base_url,
            credentials.get("secret_key"),
            &day(run.period_start_ms),
            &day(run.period_end_ms - 1),
        )
        .await?;
        let lines = report
            .into_iter()
            .enumerate()
            .map(|(i, line)| Line {
                number: i + 1,
                amount_minor: live::minor_units(&line.amount, &line.currency),
                succeeded: line.status.eq_ignore_ascii_case("successful"),
                reference: line.reference,
                currency: line.currency.to_ascii_uppercase(),
            })
            .collect();
        return Ok((lines, true));
    }
    // No report in the provider's public API: ask about each request sent.
    let requests = shared
        .store
        .snapshot()
        .map_err(|e| e.to_string())
        .and_then(|s| daily::period_requests(&s, run).map_err(|e| e.message))?;
    let mut lines = Vec::new();
    for (i, request) in requests.iter().enumerate() {
        if request.status == crate::domain::live_rails::state::Status::Queued {
            continue;
        }
        let succeeded = match call_about(shared, request, config, true).await {
            Answer::Succeeded { .. } => true,
            Answer::Failed { .. } | Answer::Accepted { .. } => false,
            Answer::NotFound => continue,
            other => return Err(format!("the status of {}: {other:?}", request.id)),
        };
        // An inquiry says the outcome, not the amount: the request's own.
        lines.push(Line {
            number: i + 1,
            reference: request.id.clone(),
            amount_minor: Some(request.amount_minor),
            currency: request.currency.clone(),
            succeeded,
        });
    }
    Ok((lines, false))
}
