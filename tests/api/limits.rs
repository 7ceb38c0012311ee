//! The front door under abuse (security review findings 2 and 3): slow request
//! heads are closed after the header timeout and block nothing, unfinished
//! bodies hold at most the body budget (then 503 at once, 408 at the body
//! deadline), and the connection caps refuse the connection over them at once.
//!
//! Slow clients are raw `TcpStream`s on loopback; every loop is bounded in
//! count and time, and every timeout is shortened with the `serve` flags.

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::intents::{body, create_as};
use crate::support::{TestServer, assert_error};

/// The server's RSS with 1,000 slow connections or a spent body budget stays
/// under this (it was 1.5 GB for 800 unfinished bodies before the limits).
const RSS_BOUND_MIB: u64 = 200;

/// Slow connections of the slowloris test.
const SLOW_CONNECTIONS: usize = 1_000;

fn listen_addr(srv: &TestServer) -> SocketAddr {
    srv.ready["listen"]
        .as_str()
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| panic!("no listen address in {}", srv.ready))
}

fn connect(addr: SocketAddr) -> TcpStream {
    TcpStream::connect_timeout(&addr, Duration::from_secs(5))
        .unwrap_or_else(|e| panic!("connect to {addr}: {e}"))
}

/// The server's resident memory, from `/proc/<pid>/status`.
fn rss_mib(srv: &TestServer) -> u64 {
    let path = format!("/proc/{}/status", srv.pid());
    let status = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    let kib: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or_else(|| panic!("no VmRSS in {path}"));
    kib / 1024
}

/// This test process's soft open-file limit: the slow clients need one each.
fn own_open_files_limit() -> usize {
    std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|limits| {
            limits
                .lines()
                .find(|l| l.starts_with("Max open files"))
                .and_then(|l| l.split_whitespace().nth(3))
                .and_then(|soft| soft.parse().ok())
        })
        .unwrap_or(1_024)
}

/// How a connection ended, as its client saw it.
#[derive(Debug)]
enum End {
    /// The server closed it (FIN), after sending these bytes.
    Closed(Vec<u8>),
    /// The server reset it, after sending these bytes.
    Reset(Vec<u8>),
    /// Still open at the deadline.
    Open(Vec<u8>),
}

impl End {
    fn bytes(&self) -> &[u8] {
        match self {
            End::Closed(b) | End::Reset(b) | End::Open(b) => b,
        }
    }

    /// The status and JSON body of the HTTP response received, if any.
    fn response(&self) -> Option<(u16, Value)> {
        let text = String::from_utf8_lossy(self.bytes());
        let status = text.strip_prefix("HTTP/1.1 ")?.get(..3)?.parse().ok()?;
        let (_, body) = text.split_once("\r\n\r\n")?;
        Some((status, serde_json::from_str(body).unwrap_or(Value::Null)))
    }
}

/// Reads until the server closes the connection, or `deadline`.
fn read_until_closed(stream: &mut TcpStream, deadline: Instant) -> End {
    let mut received = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return End::Open(received);
        }
        stream
            .set_read_timeout(Some(left))
            .expect("set a read timeout");
        match stream.read(&mut chunk) {
            Ok(0) => return End::Closed(received),
            Ok(n) => received.extend_from_slice(&chunk[..n]),
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return End::Open(received);
            }
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(_) => return End::Reset(received),
        }
    }
}

/// Whether the server has not closed the connection (nothing to read yet).
fn still_open(stream: &mut TcpStream) -> bool {
    stream.set_nonblocking(true).expect("non-blocking");
    let mut byte = [0u8; 1];
    let open = matches!(stream.read(&mut byte), Err(e) if e.kind() == ErrorKind::WouldBlock);
    stream.set_nonblocking(false).expect("blocking");
    open
}

/// Asserts a connection over a cap was turned away at once: closed or reset
/// within a second, with a 503 `overloaded` if it got an answer at all.
#[track_caller]
fn assert_refused(addr: SocketAddr) {
    let mut stream = connect(addr);
    let started = Instant::now();
    let _ = stream.write_all(b"GET /v1/status HTTP/1.1\r\nHost: paygate\r\n\r\n");
    let end = read_until_closed(&mut stream, started + Duration::from_secs(3));
    let took = started.elapsed();
    assert!(
        !matches!(end, End::Open(_)) && took < Duration::from_secs(1),
        "the connection over the cap was not closed at once ({took:?}): {end:?}"
    );
    if let Some((status, body)) = end.response() {
        assert_eq!(status, 503, "{end:?}");
        assert_eq!(body["code"], "overloaded", "{end:?}");
    }
}

/// `GET /v1/status` on a raw connection, answered with `Connection: close`.
fn raw_status(stream: &mut TcpStream) -> End {
    stream
        .write_all(b"GET /v1/status HTTP/1.1\r\nHost: paygate\r\nConnection: close\r\n\r\n")
        .expect("send a request");
    read_until_closed(stream, Instant::now() + Duration::from_secs(10))
}

#[test]
fn slow_headers_block_nothing_and_are_closed_after_the_header_timeout() {
    const HEADER_TIMEOUT: Duration = Duration::from_secs(5);
    let srv = TestServer::start_args(&["--header-timeout-secs", "5"]);
    let addr = listen_addr(&srv);
    // One descriptor per slow client here too; keep 200 for the rest.
    let n = SLOW_CONNECTIONS.min(own_open_files_limit().saturating_sub(200));
    assert!(n >= 500, "this process may open too few files for the test");
    let rss_idle = rss_mib(&srv);

    let opened = Instant::now();
    let mut slow: Vec<TcpStream> = (0..n)
        .map(|_| {
            let mut stream = connect(addr);
            stream
                .write_all(b"GET /v1/sta")
                .expect("half a request line");
            stream
        })
        .collect();
    let opening = opened.elapsed();
    eprintln!("opened {n} slow connections in {opening:?}");
    assert!(
        opening < HEADER_TIMEOUT / 2,
        "opening {n} connections took {opening:?}: too slow to test the timeout"
    );

    let asked = Instant::now();
    let status = srv.get("/status", None);
    let answered_in = asked.elapsed();
    assert_eq!(status.status, 200, "{status:?}");
    assert!(
        answered_in < Duration::from_secs(2),
        "GET /v1/status took {answered_in:?} with {n} slow connections open"
    );
    let rss_held = rss_mib(&srv);
    eprintln!("slowloris: RSS {rss_idle} MiB idle, {rss_held} MiB with {n} slow connections");
    assert!(
        rss_held < RSS_BOUND_MIB,
        "RSS {rss_held} MiB with {n} slow connections"
    );
    assert!(
        opened.elapsed() < HEADER_TIMEOUT && still_open(&mut slow[0]),
        "the first slow connection was closed before the header timeout"
    );

    // Every slow connection is closed by the server once its head is late.
    let deadline = opened + HEADER_TIMEOUT + Duration::from_secs(6);
    for (i, stream) in slow.iter_mut().enumerate() {
        let end = read_until_closed(stream, deadline);
        assert!(
            !matches!(end, End::Open(_)),
            "slow connection {i} still open {:?} after it was opened",
            opened.elapsed()
        );
    }
    let closed_after = opened.elapsed();
    assert!(
        closed_after >= HEADER_TIMEOUT - Duration::from_millis(500),
        "closed after {closed_after:?}, before the header timeout"
    );
    drop(slow);
    assert_eq!(srv.get("/status", None).status, 200);
    let logs = srv.logs();
    assert!(
        !logs.contains("Too many open files"),
        "accept failed with EMFILE:\n{logs}"
    );
}

#[test]
fn unfinished_bodies_fill_the_budget_then_get_503_at_once_and_408_at_the_deadline() {
    const BODY_TIMEOUT: Duration = Duration::from_secs(3);
    const HELD: usize = 4; // 4 × 1 MiB declared: the whole 4 MiB budget.
    const REFUSED: usize = 100;
    let srv = TestServer::start_args(&["--body-budget-mib", "4", "--body-timeout-secs", "3"]);
    let addr = listen_addr(&srv);
    let head = format!(
        "POST /v1/payment_intents HTTP/1.1\r\nHost: {addr}\r\n\
         Authorization: Bearer {}\r\nContent-Type: application/json\r\n\
         Content-Length: 1048576\r\n\r\n{{\"amount_minor\": 10",
        srv.publishable_key
    );
    let unfinished = || {
        let mut stream = connect(addr);
        stream.write_all(head.as_bytes()).expect("send the head");
        stream
    };
    let rss_idle = rss_mib(&srv);

    let held_at = Instant::now();
    let mut held: Vec<TcpStream> = (0..HELD).map(|_| unfinished()).collect();
    // Let the server read their heads and take their share of the budget.
    std::thread::sleep(Duration::from_millis(500));

    let mut slowest = Duration::ZERO;
    for i in 0..REFUSED {
        let mut stream = unfinished();
        let sent = Instant::now();
        let end = read_until_closed(&mut stream, sent + Duration::from_secs(5));
        slowest = slowest.max(sent.elapsed());
        let (status, body) = end
            .response()
            .unwrap_or_else(|| panic!("unfinished body {i} got no answer: {end:?}"));
        assert_eq!(status, 503, "unfinished body {i}: {end:?}");
        assert_eq!(body["code"], "overloaded", "{end:?}");
        assert!(!matches!(end, End::Open(_)), "left open: {end:?}");
    }
    assert!(
        slowest < Duration::from_secs(1),
        "a body over the budget waited {slowest:?} for its 503"
    );
    // A complete request is refused too while the budget is spent.
    let complete = create_as(&srv, srv.pk(), &body(json!({})));
    assert_error(&complete, 503, "overloaded");
    assert_eq!(complete.header("retry-after"), Some("1"), "{complete:?}");
    let rss_held = rss_mib(&srv);
    eprintln!(
        "unfinished bodies: RSS {rss_idle} MiB idle, {rss_held} MiB with the 4 MiB budget held \
         and {REFUSED} more refused; slowest 503 in {slowest:?}"
    );
    assert!(rss_held < RSS_BOUND_MIB, "RSS {rss_held} MiB");

    // At the body deadline the held requests get 408 and their connections close.
    let deadline = held_at + BODY_TIMEOUT + Duration::from_secs(5);
    for (i, stream) in held.iter_mut().enumerate() {
        let end = read_until_closed(stream, deadline);
        let (status, body) = end
            .response()
            .unwrap_or_else(|| panic!("held body {i} got no answer: {end:?}"));
        assert_eq!(status, 408, "held body {i}: {end:?}");
        assert_eq!(body["code"], "request_timeout", "{end:?}");
        assert!(matches!(end, End::Closed(_)), "held body {i}: {end:?}");
    }
    let answered_after = held_at.elapsed();
    assert!(
        answered_after >= BODY_TIMEOUT,
        "408 after {answered_after:?}, before the body timeout"
    );

    // The budget is free again.
    let created = create_as(&srv, srv.pk(), &body(json!({})));
    assert_eq!(created.status, 201, "{created:?}");
}

#[test]
fn the_connection_over_the_global_cap_is_refused_at_once() {
    let srv = TestServer::start_args(&[
        "--max-connections",
        "4",
        "--max-connections-per-address",
        "0",
    ]);
    let addr = listen_addr(&srv);
    let mut open: Vec<TcpStream> = (0..4).map(|_| connect(addr)).collect();
    assert_refused(addr);
    // The connections within the cap work.
    let end = raw_status(&mut open[0]);
    assert_eq!(end.response().map(|r| r.0), Some(200), "{end:?}");
    // That one closed (Connection: close): its slot is free again.
    let retry_until = Instant::now() + Duration::from_secs(5);
    let freed = loop {
        let end = raw_status(&mut connect(addr));
        if end.response().map(|r| r.0) == Some(200) || Instant::now() > retry_until {
            break end;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(freed.response().map(|r| r.0), Some(200), "{freed:?}");
}

#[test]
fn the_connection_over_the_per_address_cap_is_refused_at_once() {
    let srv = TestServer::start_args(&[
        "--max-connections",
        "100",
        "--max-connections-per-address",
        "3",
    ]);
    let addr = listen_addr(&srv);
    let mut open: Vec<TcpStream> = (0..3).map(|_| connect(addr)).collect();
    assert_refused(addr);
    // Another client address is served.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let other = reqwest::blocking::Client::builder()
        .no_proxy()
        .local_address(std::net::IpAddr::from([127, 0, 0, 2]))
        .timeout(Duration::from_secs(10))
        .build()
        .expect("an HTTP client on 127.0.0.2");
    let status = other
        .get(format!("{}/status", srv.base_url))
        .send()
        .expect("GET /v1/status from 127.0.0.2");
    assert_eq!(status.status().as_u16(), 200);
    // And so are this address's connections within its cap.
    let end = raw_status(&mut open[0]);
    assert_eq!(end.response().map(|r| r.0), Some(200), "{end:?}");
}

#[test]
fn under_a_low_open_file_limit_the_cap_keeps_accept_from_failing() {
    // 400 descriptors: the cap is 400 - 200 (half kept in reserve) = 200.
    const OPEN_FILES: u64 = 400;
    const CAP: usize = 200;
    let srv =
        TestServer::start_with_open_files(OPEN_FILES, &["--max-connections-per-address", "0"]);
    let addr = listen_addr(&srv);
    // More connections than the server has descriptors.
    let mut open: Vec<TcpStream> = (0..CAP).map(|_| connect(addr)).collect();
    for _ in 0..(OPEN_FILES as usize + 100 - CAP) {
        assert_refused(addr);
    }
    let end = raw_status(&mut open[0]);
    assert_eq!(end.response().map(|r| r.0), Some(200), "{end:?}");
    drop(open);
    let retry_until = Instant::now() + Duration::from_secs(5);
    let status = loop {
        let end = raw_status(&mut connect(addr));
        if end.response().map(|r| r.0) == Some(200) || Instant::now() > retry_until {
            break end;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(status.response().map(|r| r.0), Some(200), "{status:?}");
    let logs = srv.logs();
    assert!(
        !logs.contains("Too many open files") && !logs.contains("accept failed"),
        "accept failed:\n{logs}"
    );
    assert!(
        logs.contains("lowered to stay below the open-file limit"),
        "no warning about the lowered cap:\n{logs}"
    );
}
