//! The load generator: N client tasks, each on its own HTTP/1.1 keep-alive
//! connection to 127.0.0.1, sending requests back to back (closed loop) until a
//! deadline or a request count is reached. Latency is measured from sending a
//! request to having its whole body, in microseconds, into one histogram per
//! task (merged at the end).

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use bytes::Bytes;
use hdrhistogram::Histogram;
use http_body_util::{BodyExt, Full};
use hyper::client::conn::http1::SendRequest;
pub use hyper::header::HeaderValue;
use hyper::header::{AUTHORIZATION, CONTENT_TYPE, HOST};
use hyper::{Method, Request};
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;

/// Latencies above this (60 s) are recorded as this.
const LATENCY_MAX_MICROS: u64 = 60_000_000;
/// Ids kept from create responses at most (enough to read 1M intents back).
pub const IDS_MAX: usize = 2_000_000;

/// One request to send. `POST`s get a fresh `Idempotency-Key`.
#[derive(Clone)]
pub struct Call {
    pub method: Method,
    pub path: String,
    pub body: Bytes,
    /// This call's `Authorization`, when it is not the target's (a scenario
    /// that acts for many organisations, such as `transfer`).
    pub authorization: Option<HeaderValue>,
}

/// Picks the next request of a client; gets the client's random generator.
pub type Workload = Arc<dyn Fn(&mut Rng) -> Call + Send + Sync>;

/// When a run stops: at the deadline, or when `count` requests were sent.
#[derive(Clone, Copy)]
pub struct Until {
    pub duration: Duration,
    pub count: Option<u64>,
}

#[derive(Clone)]
pub struct Target {
    pub addr: SocketAddr,
    /// `Bearer sk_...`, or none for the raw-http server.
    pub authorization: Option<String>,
}

/// What a run produced.
pub struct LoadResult {
    pub ok: u64,
    pub non_2xx: u64,
    pub transport_errors: u64,
    pub elapsed: Duration,
    pub latency: Histogram<u64>,
    /// `pi_...` ids read from 201 responses (only when asked for).
    pub created_ids: Vec<String>,
    pub first_error: Option<String>,
}

impl LoadResult {
    pub fn errors(&self) -> u64 {
        self.non_2xx + self.transport_errors
    }

    pub fn per_second(&self) -> f64 {
        self.ok as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// A small xorshift generator: one per client, seeded by its index.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }
}

pub fn new_histogram() -> Histogram<u64> {
    Histogram::new_with_bounds(1, LATENCY_MAX_MICROS, 3).expect("histogram bounds are valid")
}

/// Runs `clients` concurrent clients against `target` until `until`.
pub async fn run(
    target: &Target,
    clients: usize,
    until: Until,
    workload: Workload,
    collect_ids: bool,
) -> LoadResult {
    let shared = Arc::new(Shared {
        addr: target.addr,
        host: HeaderValue::from_str(&target.addr.to_string()).expect("an address is a header"),
        authorization: target
            .authorization
            .as_deref()
            .map(|a| HeaderValue::from_str(a).expect("a key is a header")),
        issued: AtomicU64::new(0),
        // Distinguishes the keys of one run from those of earlier runs on one store.
        run_tag: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0),
        until,
        workload,
        collect_ids,
    });
    let barrier = Arc::new(tokio::sync::Barrier::new(clients + 1));
    let mut tasks = Vec::with_capacity(clients);
    for index in 0..clients {
        let shared = shared.clone();
        let barrier = barrier.clone();
        tasks.push(tokio::spawn(client(shared, barrier, index)));
    }
    barrier.wait().await;
    let started = Instant::now();
    let mut result = LoadResult {
        ok: 0,
        non_2xx: 0,
        transport_errors: 0,
        elapsed: Duration::ZERO,
        latency: new_histogram(),
        created_ids: Vec::new(),
        first_error: None,
    };
    for task in tasks {
        match task.await {
            Ok(one) => {
                result.ok += one.ok;
                result.non_2xx += one.non_2xx;
                result.transport_errors += one.transport_errors;
                let _ = result.latency.add(&one.latency);
                let room = IDS_MAX.saturating_sub(result.created_ids.len());
                result
                    .created_ids
                    .extend(one.created_ids.into_iter().take(room));
                result.first_error = result.first_error.or(one.first_error);
            }
            Err(e) => {
                result.transport_errors += 1;
                result
                    .first_error
                    .get_or_insert(format!("client task: {e}"));
            }
        }
    }
    result.elapsed = started.elapsed();
    result
}

struct Shared {
    addr: SocketAddr,
    host: HeaderValue,
    authorization: Option<HeaderValue>,
    issued: AtomicU64,
    run_tag: u64,
    until: Until,
    workload: Workload,
    collect_ids: bool,
}

impl Shared {
    /// Takes the right to send one more request.
    fn ticket(&self, deadline: Instant) -> Option<u64> {
        if Instant::now() >= deadline {
            return None;
        }
        let n = self.issued.fetch_add(1, Ordering::Relaxed);
        match self.until.count {
            Some(count) if n >= count => None,
            _ => Some(n),
        }
    }
}

async fn connect(addr: SocketAddr) -> Result<SendRequest<Full<Bytes>>, String> {
    let stream = TcpStream::connect(addr)
        .await
        .map_err(|e| format!("connect {addr}: {e}"))?;
    stream.set_nodelay(true).map_err(|e| e.to_string())?;
    let (sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .map_err(|e| format!("handshake: {e}"))?;
    tokio::spawn(async move {
        let _ = connection.await;
    });
    Ok(sender)
}

async fn client(
    shared: Arc<Shared>,
    barrier: Arc<tokio::sync::Barrier>,
    index: usize,
) -> LoadResult {
    let mut out = LoadResult {
        ok: 0,
        non_2xx: 0,
        transport_errors: 0,
        elapsed: Duration::ZERO,
        latency: new_histogram(),
        created_ids: Vec::new(),
        first_error: None,
    };
    let mut sender = connect(shared.addr).await.ok();
    barrier.wait().await;
    let deadline = Instant::now() + shared.until.duration;
    let mut rng = Rng::new(index as u64 + 1);
    while let Some(seq) = shared.ticket(deadline) {
        let mut conn = match sender.take() {
            Some(s) => s,
            None => match connect(shared.addr).await {
                Ok(s) => s,
                Err(e) => {
                    out.transport_errors += 1;
                    out.first_error.get_or_insert(e);
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
        };
        let call = (shared.workload)(&mut rng);
        let request = build(&shared, &call, seq);
        let began = Instant::now();
        match send(&mut conn, request).await {
            Ok((status, body)) => {
                let micros = began.elapsed().as_micros() as u64;
                out.latency
                    .saturating_record(micros.clamp(1, LATENCY_MAX_MICROS));
                if status.is_success() {
                    out.ok += 1;
                    if shared.collect_ids
                        && status.as_u16() == 201
                        && let Some(id) = intent_id(&body)
                    {
                        out.created_ids.push(id);
                    }
                } else {
                    out.non_2xx += 1;
                    out.first_error.get_or_insert_with(|| {
                        format!(
                            "{} {} -> {status}: {}",
                            call.method,
                            call.path,
                            String::from_utf8_lossy(&body[..body.len().min(300)])
                        )
                    });
                }
                sender = Some(conn);
            }
            Err(e) => {
                out.transport_errors += 1;
                out.first_error.get_or_insert(e);
            }
        }
    }
    out
}

fn build(shared: &Shared, call: &Call, seq: u64) -> Request<Full<Bytes>> {
    let mut request = Request::builder()
        .method(call.method.clone())
        .uri(call.path.as_str())
        .header(HOST, shared.host.clone());
    if let Some(authorization) = call
        .authorization
        .as_ref()
        .or(shared.authorization.as_ref())
    {
        request = request.header(AUTHORIZATION, authorization.clone());
    }
    if call.method == Method::POST {
        request = request.header(CONTENT_TYPE, "application/json").header(
            "idempotency-key",
            format!("bench-{:x}-{seq}", shared.run_tag),
        );
    }
    request
        .body(Full::new(call.body.clone()))
        .expect("a request from valid parts")
}

async fn send(
    conn: &mut SendRequest<Full<Bytes>>,
    request: Request<Full<Bytes>>,
) -> Result<(hyper::StatusCode, Bytes), String> {
    conn.ready().await.map_err(|e| format!("connection: {e}"))?;
    let response = conn
        .send_request(request)
        .await
        .map_err(|e| format!("request: {e}"))?;
    let status = response.status();
    let body = response
        .into_body()
        .collect()
        .await
        .map_err(|e| format!("body: {e}"))?
        .to_bytes();
    Ok((status, body))
}

/// The `"id":"pi_..."` of an intent response, found without parsing the JSON.
fn intent_id(body: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(body).ok()?;
    let start = text.find("\"id\":\"pi_")? + "\"id\":\"".len();
    let len = text[start..].find('"')?;
    Some(text[start..start + len].to_string())
}

/// One request on a fresh connection, for `/status` and calibration.
pub async fn fetch(
    target: &Target,
    method: Method,
    path: &str,
    body: &str,
    idempotency_key: Option<&str>,
) -> Result<(u16, Bytes), String> {
    let mut conn = connect(target.addr).await?;
    let mut request = Request::builder()
        .method(method)
        .uri(path)
        .header(HOST, target.addr.to_string())
        .header(CONTENT_TYPE, "application/json");
    if let Some(authorization) = &target.authorization {
        request = request.header(AUTHORIZATION, authorization);
    }
    if let Some(key) = idempotency_key {
        request = request.header("idempotency-key", key);
    }
    let request = request
        .body(Full::new(Bytes::from(body.to_string())))
        .map_err(|e| e.to_string())?;
    let (status, body) = send(&mut conn, request).await?;
    Ok((status.as_u16(), body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_intent_id() {
        let body = br#"{"id":"pi_01abc","object":"payment_intent","attempts":[{"id":"att_1"}]}"#;
        assert_eq!(intent_id(body).as_deref(), Some("pi_01abc"));
        assert_eq!(intent_id(b"{}"), None);
    }

    #[test]
    fn rng_stays_below_its_bound() {
        let mut rng = Rng::new(7);
        assert!((0..1000).all(|_| rng.below(10) < 10));
    }
}
