//! The black-box harness shared by every module of the `api` test binary.
//!
//! Each test starts its own `paygate` process on a fresh temporary data dir and
//! a free port, talks to it over HTTP, and on drop kills it with SIGKILL and
//! runs `paygate verify` on its store: every scenario ends with a ledger check,
//! and the kill proves that acknowledged writes survive `kill -9`.
//!
//! With `PAYGATE_TEST_STORE=postgres://user:password@host:port/db` the same
//! tests run on the PostgreSQL store: every data dir the harness hands to
//! `paygate` (a server's, or one a test makes for `init`) gets a fresh
//! database on that server (see [`pg`]), passed as `PAYGATE_STORE`, and
//! dropped with its server. Tests that read or write the redb file itself
//! carry `#[cfg_attr(paygate_test_store_pg, ignore = "redb only: ...")]`
//! and the cluster tests the opposite (the cfg comes from build.rs), so
//! `cargo test` reports a test whose store is absent as ignored, never as
//! passed.
//!
//! ```ignore
//! let srv = TestServer::start();
//! let resp = srv.get("/balance", srv.sk());
//! assert_eq!(resp.status, 200, "{resp:?}");
//!
//! // Prepare the store offline (extra keys) before serving it:
//! let (srv, live) = TestServer::start_with(|dir| create_key(dir, "sk", "live", &[]));
//!
//! // Extra `serve` flags (kept across restarts):
//! let srv = TestServer::start_args(&["--sandbox-settlement-ms", "300"]);
//!
//! // Errors are checked with the flat error body:
//! assert_error(&srv.get("/balance", None), 401, "unauthorized");
//! ```
//!
//! Paths given to [`TestServer::get`], [`TestServer::post`] and
//! [`TestServer::request`] are relative to the `/v1` base URL of the ready line
//! (`"/balance"`); [`TestServer::api_v1`] gives the same helpers on `/api/v1`,
//! [`TestServer::root`] on the bare origin (for paths outside both mounts).

#![allow(dead_code)] // Helpers are shared by modules that do not all use each one.

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use reqwest::Method;
use reqwest::blocking::Client;
use reqwest::header::{HeaderMap, HeaderName, HeaderValue};
use serde_json::Value;
use tempfile::TempDir;

// Scenario helpers shared by the area modules, by what they drive.
pub mod accounts;
pub mod balances;
pub mod clocks;
pub mod emv_qr;
pub mod events;
/// The names `/etc/hosts` maps to loopback only (shared with build.rs).
pub mod hosts;
pub mod intents;
pub mod orgs;
pub mod redb_file;

/// The binary under test.
pub const PAYGATE: &str = env!("CARGO_BIN_EXE_paygate");
/// How long a server may take to print its ready line.
pub const READY_TIMEOUT: Duration = Duration::from_secs(20);
/// How long an offline CLI command (`init`, `verify`, `keys create`, ...) may take.
pub const CLI_TIMEOUT: Duration = Duration::from_secs(30);
/// Per-request HTTP timeout, so a hung handler fails the test.
pub const HTTP_TIMEOUT: Duration = Duration::from_secs(15);

/// Environment variables the binary reads; removed from every child so the
/// flags the harness passes are the whole configuration.
const PAYGATE_ENV: &[&str] = &[
    "PAYGATE_DATA_DIR",
    "PAYGATE_LISTEN",
    "PAYGATE_PUBLIC_URL",
    "PAYGATE_EPHEMERAL",
    "PAYGATE_AUDIT_INTERVAL_SECS",
    "PAYGATE_LOG_FORMAT",
    "PAYGATE_LOG",
    "PAYGATE_SANDBOX_SETTLEMENT_MS",
    "PAYGATE_RESOLVE_RATE_LIMIT",
    "PAYGATE_CACHE_MIB",
    "PAYGATE_WEBHOOK_EGRESS",
    "PAYGATE_MAX_CONNECTIONS",
    "PAYGATE_MAX_CONNECTIONS_PER_ADDRESS",
    "PAYGATE_HEADER_TIMEOUT_SECS",
    "PAYGATE_BODY_TIMEOUT_SECS",
    "PAYGATE_IDLE_TIMEOUT_SECS",
    "PAYGATE_BODY_BUDGET_MIB",
    "PAYGATE_HEADER_PREFIX",
    "PAYGATE_ROUTES_CONFIG",
    "PAYGATE_CONFIG",
    "PAYGATE_METRICS_LISTEN",
    "PAYGATE_STORE",
];

/// Given to every child as `PAYGATE_CONFIG`: an empty configuration, so that a
/// `/etc/paygate/paygate.toml` of an installed package never reaches a test.
pub const NO_CONFIG_FILE: &str = "/dev/null";

/// The API version every document and status reports.
pub const API_VERSION: &str = "2026-09-01";

/// The checked-in OpenAPI document (`schema/openapi.json`).
pub fn checked_in_openapi() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/schema/openapi.json");
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {path}: {e}"))
}

/// A fresh Idempotency-Key.
pub fn ik() -> String {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    format!(
        "ik-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    )
}

/// A TCP port of 127.0.0.1 that was free a moment ago.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

// ---------------------------------------------------------------------------
// The offline CLI
// ---------------------------------------------------------------------------

/// The outcome of one CLI run.
#[derive(Debug)]
pub struct CliOutput {
    pub status: ExitStatus,
    pub stdout: String,
    pub stderr: String,
}

impl CliOutput {
    pub fn success(&self) -> bool {
        self.status.success()
    }

    /// Stdout parsed as JSON; panics with the whole output when it is not JSON.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {self:?}"))
    }

    /// Panics with the whole output unless the command exited 0.
    #[track_caller]
    pub fn assert_success(&self) -> &Self {
        assert!(self.success(), "command failed: {self:?}");
        self
    }
}

/// Runs `paygate <args>` to completion (killed after [`CLI_TIMEOUT`]).
pub fn paygate(args: &[&str]) -> CliOutput {
    let mut command = Command::new(PAYGATE);
    command
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for name in PAYGATE_ENV {
        command.env_remove(name);
    }
    command.env("PAYGATE_CONFIG", NO_CONFIG_FILE);
    if let Some(url) = data_dir_arg(args).and_then(pg::database_for) {
        command.env("PAYGATE_STORE", url);
    }
    let mut child = command
        .spawn()
        .unwrap_or_else(|e| panic!("spawn {PAYGATE} {args:?}: {e}"));
    let stdout = drain(child.stdout.take().expect("piped stdout"));
    let stderr = drain(child.stderr.take().expect("piped stderr"));
    let deadline = Instant::now() + CLI_TIMEOUT;
    let status = loop {
        if let Some(status) = child.try_wait().expect("try_wait") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "paygate {args:?} did not finish within {CLI_TIMEOUT:?}; stderr: {}",
                stderr.join().unwrap_or_default()
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    CliOutput {
        status,
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
    }
}

/// The value of `--data-dir` in `args`, if any.
fn data_dir_arg(args: &[&str]) -> Option<PathBuf> {
    args.iter()
        .position(|arg| *arg == "--data-dir")
        .and_then(|at| args.get(at + 1))
        .map(PathBuf::from)
}

fn drain(mut pipe: impl Read + Send + 'static) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

/// The test keys a store is created with.
#[derive(Debug, Clone)]
pub struct Keys {
    pub secret_key: String,
    pub publishable_key: String,
}

impl Keys {
    fn from_json(keys: &Value) -> Keys {
        let field = |name: &str| {
            keys[name]
                .as_str()
                .unwrap_or_else(|| panic!("keys.{name} missing in {keys}"))
                .to_string()
        };
        Keys {
            secret_key: field("secret_key"),
            publishable_key: field("publishable_key"),
        }
    }
}

/// `paygate init --data-dir DIR`; asserts success and returns the printed keys.
pub fn init(dir: &Path) -> Keys {
    let out = paygate(&["init", "--data-dir", path_str(dir)]);
    out.assert_success();
    Keys::from_json(&out.json()["keys"])
}

/// `paygate keys create` on a stopped store; returns the whole printed JSON
/// (`{id, secret, scopes, mode}`). `kind` is `sk`, `rk` or `pk`; `mode` is
/// `test` or `live`; `scopes` only matter for `rk`.
pub fn create_key_json(
    dir: &Path,
    kind: &str,
    mode: &str,
    scopes: &[&str],
    label: Option<&str>,
) -> Value {
    let scopes = scopes.join(",");
    let mut args = vec![
        "keys",
        "create",
        "--data-dir",
        path_str(dir),
        "--kind",
        kind,
        "--mode",
        mode,
    ];
    if !scopes.is_empty() {
        args.extend(["--scopes", &scopes]);
    }
    if let Some(label) = label {
        args.extend(["--label", label]);
    }
    let out = paygate(&args);
    out.assert_success();
    out.json()
}

/// `paygate keys create` on a stopped store; returns the new secret.
pub fn create_key(dir: &Path, kind: &str, mode: &str, scopes: &[&str]) -> String {
    let created = create_key_json(dir, kind, mode, scopes, None);
    created["secret"]
        .as_str()
        .unwrap_or_else(|| panic!("no secret in {created}"))
        .to_string()
}

/// `paygate verify --data-dir DIR` (not asserted).
pub fn verify(dir: &Path) -> CliOutput {
    paygate(&["verify", "--data-dir", path_str(dir)])
}

fn path_str(path: &Path) -> &str {
    path.to_str().expect("temp paths are UTF-8")
}

// ---------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------

/// One HTTP response, read whole.
pub struct Resp {
    pub status: u16,
    pub headers: HeaderMap,
    /// The body parsed as JSON, or `Value::Null` when it is not JSON.
    pub body: Value,
    pub text: String,
}

impl Resp {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

/// The `data` list of a list answer. Fails the test unless `resp` is a 200
/// with a list, so that an empty list never stands for a failed read (a
/// "nothing was written" check must not pass because the read failed).
#[track_caller]
pub fn data_of(resp: &Resp) -> &Vec<Value> {
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body["data"]
        .as_array()
        .unwrap_or_else(|| panic!("no data list: {resp:?}"))
}

impl std::fmt::Debug for Resp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "HTTP {} {}", self.status, self.text)
    }
}

/// Asserts `resp` is the error object `{code, bp, message, param?, error}`
/// with this status and code, a `BP-dddd` number and a non-empty message,
/// and the same error nested as the origin answered it (`error: {code, bp,
/// message, details}`, `details.param` = `param`), served as JSON. Returns
/// the body for further checks (such as `param`).
#[track_caller]
pub fn assert_error<'a>(resp: &'a Resp, status: u16, code: &str) -> &'a Value {
    assert_eq!(resp.status, status, "status of {resp:?}");
    let body = &resp.body;
    let object = body
        .as_object()
        .unwrap_or_else(|| panic!("error body is not a JSON object: {resp:?}"));
    assert_eq!(body["code"], code, "code of {resp:?}");
    let bp = body["bp"].as_str().unwrap_or_default();
    assert!(
        bp.len() == 7 && bp.starts_with("BP-") && bp[3..].bytes().all(|b| b.is_ascii_digit()),
        "bp is not BP-dddd: {resp:?}"
    );
    let message = body["message"].as_str().unwrap_or_default();
    assert!(!message.trim().is_empty(), "empty message: {resp:?}");
    for key in object.keys() {
        assert!(
            ["code", "bp", "message", "param", "error"].contains(&key.as_str()),
            "unexpected field {key} in the error body: {resp:?}"
        );
    }
    let nested = &body["error"];
    assert_eq!(nested["code"], body["code"], "error.code of {resp:?}");
    assert_eq!(nested["bp"], body["bp"], "error.bp of {resp:?}");
    assert_eq!(
        nested["message"], body["message"],
        "error.message of {resp:?}"
    );
    let details = nested["details"]
        .as_object()
        .unwrap_or_else(|| panic!("error.details is not an object: {resp:?}"));
    assert_eq!(
        details.get("param"),
        object.get("param"),
        "error.details.param of {resp:?}"
    );
    if let Some(param) = object.get("param") {
        assert!(
            param.as_str().is_some_and(|p| !p.is_empty()),
            "param must be a non-empty string when present: {resp:?}"
        );
    }
    let content_type = resp.header("content-type").unwrap_or_default();
    assert!(
        content_type.starts_with("application/json"),
        "error served as {content_type:?}: {resp:?}"
    );
    body
}

// ---------------------------------------------------------------------------
// HTTP helpers
// ---------------------------------------------------------------------------

/// HTTP helpers on one mount of a server: `/v1`, `/api/v1` or the bare origin.
pub struct Api<'a> {
    client: &'a Client,
    base: String,
}

impl Api<'_> {
    /// The absolute URL of `path` under this base.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// `GET path`, with `Authorization: Bearer <key>` when a key is given.
    pub fn get(&self, path: &str, key: Option<&str>) -> Resp {
        let auth = key.map(|k| format!("Bearer {k}"));
        let mut headers = Vec::new();
        if let Some(auth) = &auth {
            headers.push(("Authorization", auth.as_str()));
        }
        self.request("GET", path, &headers, None)
    }

    /// `GET path` with extra headers besides the key.
    pub fn get_with(&self, path: &str, key: Option<&str>, extra: &[(&str, &str)]) -> Resp {
        let auth = key.map(|k| format!("Bearer {k}"));
        let mut headers = extra.to_vec();
        if let Some(auth) = &auth {
            headers.push(("Authorization", auth.as_str()));
        }
        self.request("GET", path, &headers, None)
    }

    /// `POST path` with a JSON body and, when given, an `Idempotency-Key`.
    pub fn post(
        &self,
        path: &str,
        key: Option<&str>,
        body: &Value,
        idempotency_key: Option<&str>,
    ) -> Resp {
        let auth = key.map(|k| format!("Bearer {k}"));
        let mut headers = vec![("Content-Type", "application/json")];
        if let Some(auth) = &auth {
            headers.push(("Authorization", auth.as_str()));
        }
        if let Some(ik) = idempotency_key {
            headers.push(("Idempotency-Key", ik));
        }
        let bytes = serde_json::to_vec(body).expect("serialise body");
        self.request("POST", path, &headers, Some(bytes))
    }

    /// Any request, for odd cases: raw method, headers (sent as given, no key
    /// added) and body bytes.
    pub fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<Vec<u8>>,
    ) -> Resp {
        let url = self.url(path);
        let method = Method::from_bytes(method.as_bytes()).expect("HTTP method");
        let mut map = HeaderMap::new();
        for (name, value) in headers {
            map.append(
                HeaderName::from_bytes(name.as_bytes()).expect("header name"),
                HeaderValue::from_bytes(value.as_bytes()).expect("header value"),
            );
        }
        let mut request = self.client.request(method.clone(), &url).headers(map);
        if let Some(body) = body {
            request = request.body(body);
        }
        let response = request
            .send()
            .unwrap_or_else(|e| panic!("{method} {url}: {e}"));
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let text = response
            .text()
            .unwrap_or_else(|e| panic!("{method} {url}: reading the body: {e}"));
        let body = serde_json::from_str(&text).unwrap_or(Value::Null);
        Resp {
            status,
            headers,
            body,
            text,
        }
    }
}

// ---------------------------------------------------------------------------
// The server
// ---------------------------------------------------------------------------

/// A running `paygate serve` on its own temporary data dir and port.
///
/// Dropping it kills the process (SIGKILL) and, for a store on disk, runs
/// `paygate verify` and asserts it passes unless the test is already failing.
pub struct TestServer {
    /// `http://127.0.0.1:PORT/v1`, from the ready line.
    pub base_url: String,
    /// `http://127.0.0.1:PORT`.
    pub origin: String,
    /// The test `sk_` key: from the first start's ready line, or from `init`.
    pub secret_key: String,
    /// The test `pk_` key.
    pub publishable_key: String,
    /// The store's directory (unused, never created, by an ephemeral server).
    pub data_dir: PathBuf,
    /// The last ready line, parsed.
    pub ready: Value,
    ephemeral: bool,
    /// Extra `paygate serve` flags, passed on every (re)start.
    serve_args: Vec<String>,
    /// The open-file limit (soft and hard) the server runs under, if set.
    open_files: Option<u64>,
    verify_on_drop: bool,
    /// The database this server shares with the node it was started from
    /// ([`TestServer::start_node`]); `None`: its data dir's own store.
    shared_store: Option<String>,
    starts: u32,
    child: Option<Child>,
    client: Client,
    // Last, so the directory outlives the checks `Drop` runs on it.
    tmp: TempDir,
}

impl TestServer {
    /// Serves a fresh data dir: the first start creates the store and prints
    /// the test keys in its ready line.
    pub fn start() -> TestServer {
        TestServer::start_args(&[])
    }

    /// Like [`TestServer::start`], with extra `paygate serve` flags (kept for
    /// restarts), e.g. `&["--sandbox-settlement-ms", "300"]`.
    pub fn start_args(args: &[&str]) -> TestServer {
        TestServer::start_fresh(args, None)
    }

    /// Like [`TestServer::start_args`], under an open-file limit (soft and
    /// hard) of `open_files`, set by `sh -c 'ulimit -n'` before the exec.
    pub fn start_with_open_files(open_files: u64, args: &[&str]) -> TestServer {
        TestServer::start_fresh(args, Some(open_files))
    }

    /// A first start on a fresh data dir, taking the keys from the ready line.
    fn start_fresh(args: &[&str], open_files: Option<u64>) -> TestServer {
        let mut server = TestServer::unstarted(false);
        server.serve_args = args.iter().map(|a| a.to_string()).collect();
        server.open_files = open_files;
        server.spawn();
        let keys = server
            .ready
            .get("keys")
            .map(Keys::from_json)
            .unwrap_or_else(|| panic!("a first start prints keys: {}", server.ready));
        server.secret_key = keys.secret_key;
        server.publishable_key = keys.publishable_key;
        server
    }

    /// Runs `paygate init` on a fresh data dir, then `prepare(dir)` (for
    /// `keys create` and other offline set-up), then serves the dir. The keys
    /// are the ones `init` printed; the ready line carries none.
    pub fn start_with<T>(prepare: impl FnOnce(&Path) -> T) -> (TestServer, T) {
        TestServer::start_with_args(&[], prepare)
    }

    /// Like [`TestServer::start_with`], with extra `paygate serve` flags.
    pub fn start_with_args<T>(args: &[&str], prepare: impl FnOnce(&Path) -> T) -> (TestServer, T) {
        TestServer::unstarted(false).first_start(args, prepare)
    }

    /// Like [`TestServer::start_with_args`], on the PostgreSQL database `url`
    /// the test made itself (not one of `PAYGATE_TEST_STORE`'s): nodes
    /// started from it share it, and it is not dropped.
    pub fn start_on_store_with_args<T>(
        url: &str,
        args: &[&str],
        prepare: impl FnOnce(&Path) -> T,
    ) -> (TestServer, T) {
        let server = TestServer::unstarted(false);
        pg::use_store(server.data_dir.clone(), url);
        server.first_start(args, prepare)
    }

    /// `paygate init`, then `prepare` on the stopped store, then the first start.
    fn first_start<T>(
        mut self,
        args: &[&str],
        prepare: impl FnOnce(&Path) -> T,
    ) -> (TestServer, T) {
        self.serve_args = args.iter().map(|a| a.to_string()).collect();
        let keys = init(&self.data_dir);
        self.secret_key = keys.secret_key;
        self.publishable_key = keys.publishable_key;
        let prepared = prepare(&self.data_dir);
        self.spawn();
        (self, prepared)
    }

    /// `paygate serve --ephemeral`: everything in memory, nothing to verify.
    pub fn start_ephemeral() -> TestServer {
        TestServer::start_ephemeral_args(&[])
    }

    /// Like [`TestServer::start_ephemeral`], with extra `paygate serve` flags.
    pub fn start_ephemeral_args(args: &[&str]) -> TestServer {
        let mut server = TestServer::unstarted(true);
        server.serve_args = args.iter().map(|a| a.to_string()).collect();
        server.spawn();
        let keys = server
            .ready
            .get("keys")
            .map(Keys::from_json)
            .unwrap_or_else(|| panic!("an ephemeral start prints keys: {}", server.ready));
        server.secret_key = keys.secret_key;
        server.publishable_key = keys.publishable_key;
        server
    }

    fn unstarted(ephemeral: bool) -> TestServer {
        let tmp = tempfile::Builder::new()
            .prefix("paygate-test-")
            .tempdir()
            .expect("create a temp dir");
        // reqwest shares the binary's rustls without a built-in crypto provider.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let client = Client::builder()
            .no_proxy()
            .timeout(HTTP_TIMEOUT)
            .connect_timeout(Duration::from_secs(5))
            .build()
            .expect("HTTP client");
        TestServer {
            base_url: String::new(),
            origin: String::new(),
            secret_key: String::new(),
            publishable_key: String::new(),
            data_dir: tmp.path().join("data"),
            ready: Value::Null,
            ephemeral,
            serve_args: Vec::new(),
            open_files: None,
            verify_on_drop: !ephemeral,
            shared_store: None,
            starts: 0,
            child: None,
            client,
            tmp,
        }
    }

    /// The file the current process's stderr goes to.
    pub fn log_path(&self) -> PathBuf {
        self.tmp.path().join(format!("serve-{}.log", self.starts))
    }

    /// The server's stderr so far (every start), for failure messages.
    pub fn logs(&self) -> String {
        (1..=self.starts)
            .map(|n| {
                let path = self.tmp.path().join(format!("serve-{n}.log"));
                std::fs::read_to_string(path).unwrap_or_default()
            })
            .collect::<Vec<_>>()
            .join("\n--- restart ---\n")
    }

    /// `paygate serve` on this server's data dir with its flags, not started.
    fn command(&self) -> Command {
        let mut command = match self.open_files {
            // `exec` keeps the pid: kill and `pid()` reach the server itself.
            Some(limit) => {
                let mut shell = Command::new("sh");
                shell.args([
                    "-c",
                    &format!("ulimit -n {limit} && exec \"$0\" \"$@\""),
                    PAYGATE,
                ]);
                shell
            }
            None => Command::new(PAYGATE),
        };
        command
            .arg("serve")
            .arg("--data-dir")
            .arg(&self.data_dir)
            .args(["--listen", "127.0.0.1:0"]);
        if self.ephemeral {
            command.arg("--ephemeral");
        }
        command.args(&self.serve_args);
        for name in PAYGATE_ENV {
            command.env_remove(name);
        }
        command.env("PAYGATE_CONFIG", NO_CONFIG_FILE);
        if !self.ephemeral
            && let Some(url) = self
                .shared_store
                .clone()
                .or_else(|| pg::database_for(self.data_dir.clone()))
        {
            command.env("PAYGATE_STORE", url);
        }
        command
    }

    /// Starts the server and SIGKILLs it `after` its start, ready or not:
    /// a kill that lands while the store opens (redb's repair, the
    /// write-ahead log's replay and checkpoint). Leaves it stopped.
    pub fn kill_while_starting(&mut self, after: Duration) {
        assert!(self.child.is_none(), "the server is already running");
        let mut child = self
            .command()
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("spawn {PAYGATE} serve: {e}"));
        std::thread::sleep(after);
        let _ = child.kill();
        let _ = child.wait();
    }

    fn spawn(&mut self) {
        assert!(self.child.is_none(), "the server is already running");
        self.starts += 1;
        let log = std::fs::File::create(self.log_path()).expect("create the server log");
        let mut child = self
            .command()
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::from(log))
            .spawn()
            .unwrap_or_else(|e| panic!("spawn {PAYGATE} serve: {e}"));
        let stdout = child.stdout.take().expect("piped stdout");
        // Read the first line on a thread so a hung server cannot hang the test;
        // keep draining afterwards so a later print never hits a closed pipe.
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut line = String::new();
            let read = reader.read_line(&mut line).map(|_| line);
            let _ = sender.send(read);
            let _ = std::io::copy(&mut reader, &mut std::io::sink());
        });
        self.child = Some(child);
        let line = match receiver.recv_timeout(READY_TIMEOUT) {
            Ok(Ok(line)) if !line.trim().is_empty() => line,
            outcome => {
                self.kill();
                let why = match outcome {
                    Ok(Ok(_)) => "exited without a ready line".to_string(),
                    Ok(Err(e)) => format!("stdout unreadable: {e}"),
                    Err(_) => format!("printed no ready line within {READY_TIMEOUT:?}"),
                };
                panic!("paygate serve {why}; stderr:\n{}", self.logs());
            }
        };
        let ready: Value = serde_json::from_str(&line)
            .unwrap_or_else(|e| panic!("the ready line is not JSON ({e}): {line:?}"));
        assert_eq!(ready["ready"], true, "ready line: {ready}");
        let listen = ready["listen"].as_str().expect("ready.listen");
        let base_url = ready["base_url"].as_str().expect("ready.base_url");
        assert_eq!(
            base_url,
            format!("http://{listen}/v1"),
            "ready line: {ready}"
        );
        self.origin = format!("http://{listen}");
        self.base_url = base_url.to_string();
        self.ready = ready;
    }

    /// Another gateway node on this server's PostgreSQL database, with
    /// `args` as its `serve` flags: its own data dir holding a copy of this
    /// one's `master.key` (as docs/scale-out.md tells operators), the same
    /// keys. It neither verifies nor drops the database when dropped: the
    /// first node does. `None` on redb, whose file one process owns.
    pub fn start_node(&self, args: &[&str]) -> Option<TestServer> {
        let url = pg::database_for(self.data_dir.clone())?;
        let mut node = TestServer::unstarted(false);
        std::fs::create_dir_all(&node.data_dir).expect("the node's data dir");
        std::fs::copy(
            self.data_dir.join("master.key"),
            node.data_dir.join("master.key"),
        )
        .expect("copy master.key to the node");
        node.shared_store = Some(url);
        node.verify_on_drop = false;
        node.serve_args = args.iter().map(|a| a.to_string()).collect();
        node.secret_key = self.secret_key.clone();
        node.publishable_key = self.publishable_key.clone();
        node.spawn();
        Some(node)
    }

    /// True while the server's process runs (not killed).
    pub fn is_running(&self) -> bool {
        self.child.is_some()
    }

    /// The running server's process id (to read its `/proc/<pid>/status`).
    pub fn pid(&self) -> u32 {
        self.child.as_ref().expect("the server is running").id()
    }

    /// SIGKILLs the server (no graceful shutdown) and reaps it. Idempotent.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// The `serve` options of the next [`TestServer::start_again`] or
    /// [`TestServer::restart`] (a hidden test option dropped, say).
    pub fn set_serve_args(&mut self, args: &[&str]) {
        self.serve_args = args.iter().map(|a| a.to_string()).collect();
    }

    /// Kills the server with SIGKILL and serves the same data dir again (on a
    /// new port); returns the new ready line. Keys are kept.
    pub fn restart(&mut self) -> &Value {
        self.kill();
        self.start_again()
    }

    /// Stops the server with SIGTERM (a graceful shutdown), waits for it to
    /// exit, and returns its exit status.
    pub fn terminate(&mut self) -> std::process::ExitStatus {
        let mut child = self.child.take().expect("the server is running");
        let sent = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .expect("run kill(1)");
        assert!(sent.success(), "kill -TERM failed");
        let deadline = Instant::now() + READY_TIMEOUT;
        loop {
            if let Some(status) = child.try_wait().expect("wait for the server") {
                return status;
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                let _ = child.wait();
                panic!("the server did not exit within {READY_TIMEOUT:?} of SIGTERM");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Serves the same data dir again after [`TestServer::kill`] or
    /// [`TestServer::terminate`]; returns the new ready line.
    pub fn start_again(&mut self) -> &Value {
        assert!(
            !self.ephemeral,
            "an ephemeral server has nothing to restart on"
        );
        self.spawn();
        &self.ready
    }

    /// Kills the server, runs `paygate verify`, asserts it passes, and returns
    /// its JSON report (`{postings, lines, accounts, ...}`).
    pub fn stop_and_verify(mut self) -> Value {
        self.verify_on_drop = false;
        self.kill();
        self.verify_now().json()
    }

    #[track_caller]
    fn verify_now(&self) -> CliOutput {
        let out = verify(&self.data_dir);
        assert!(
            out.success(),
            "paygate verify failed after the scenario: {out:?}\nserver stderr:\n{}",
            self.logs()
        );
        out
    }

    /// `Some(test sk key)`, for the HTTP helpers.
    pub fn sk(&self) -> Option<&str> {
        Some(&self.secret_key)
    }

    /// `Some(test pk key)`, for the HTTP helpers.
    pub fn pk(&self) -> Option<&str> {
        Some(&self.publishable_key)
    }

    /// Helpers on the `/v1` mount (the ready line's `base_url`).
    pub fn v1(&self) -> Api<'_> {
        Api {
            client: &self.client,
            base: self.base_url.clone(),
        }
    }

    /// Helpers on the `/api/v1` mount.
    pub fn api_v1(&self) -> Api<'_> {
        Api {
            client: &self.client,
            base: format!("{}/api/v1", self.origin),
        }
    }

    /// Helpers on the bare origin: paths are absolute (`/v2/status`).
    pub fn root(&self) -> Api<'_> {
        Api {
            client: &self.client,
            base: self.origin.clone(),
        }
    }

    /// `GET` on `/v1`; see [`Api::get`].
    pub fn get(&self, path: &str, key: Option<&str>) -> Resp {
        self.v1().get(path, key)
    }

    /// `POST` on `/v1`; see [`Api::post`].
    pub fn post(
        &self,
        path: &str,
        key: Option<&str>,
        body: &Value,
        idempotency_key: Option<&str>,
    ) -> Resp {
        self.v1().post(path, key, body, idempotency_key)
    }

    /// Raw request on `/v1`; see [`Api::request`].
    pub fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<Vec<u8>>,
    ) -> Resp {
        self.v1().request(method, path, headers, body)
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.kill();
        // Dropped last, after the check, whatever it finds.
        let _database = pg::Dropped(self.data_dir.clone());
        if !self.verify_on_drop || std::thread::panicking() {
            return;
        }
        let stored = match pg::server() {
            Some(_) => self.data_dir.join("master.key").exists(),
            None => self.data_dir.join("paygate.redb").exists(),
        };
        if !stored {
            // Nothing was ever stored (the test never got as far as a store).
            return;
        }
        self.verify_now();
    }
}

/// The bytes the store of `data_dir` keeps: the redb file, or on PostgreSQL
/// every key and value of its database (for scans for secrets in clear).
/// Records the store compresses are included decompressed as well, so that a
/// secret kept in clear inside a compressed record is still found.
pub fn stored_bytes(data_dir: &Path) -> Vec<u8> {
    let stored = if on_postgres() {
        pg::stored_bytes(data_dir)
    } else {
        std::fs::read(data_dir.join("paygate.redb")).expect("read the store file")
    };
    with_frames_expanded(stored)
}

/// `bytes` followed by the content of every zstd frame found in them, each
/// decompressed with the store's record dictionary (src/store/codec.rs).
pub fn with_frames_expanded(bytes: Vec<u8>) -> Vec<u8> {
    use std::io::Read;
    const DICTIONARY: &[u8] = include_bytes!("../../../src/store/records.dict");
    const FRAME_MAGIC: [u8; 4] = [0x28, 0xB5, 0x2F, 0xFD];
    let mut expanded = Vec::new();
    for start in 0..bytes.len().saturating_sub(FRAME_MAGIC.len()) {
        if !bytes[start..].starts_with(&FRAME_MAGIC) {
            continue;
        }
        let Ok(decoder) = zstd::stream::read::Decoder::with_dictionary(&bytes[start..], DICTIONARY)
        else {
            continue;
        };
        let mut content = Vec::new();
        // A frame that ends badly (a magic number inside other bytes) adds nothing.
        if decoder
            .single_frame()
            .take(1 << 24)
            .read_to_end(&mut content)
            .is_ok()
        {
            expanded.extend_from_slice(&content);
        }
    }
    let mut all = bytes;
    all.extend_from_slice(&expanded);
    all
}

/// True when the tests run on the PostgreSQL store (`PAYGATE_TEST_STORE`).
pub fn on_postgres() -> bool {
    pg::server().is_some()
}

/// A fresh PostgreSQL database per data dir, when `PAYGATE_TEST_STORE` names
/// a server: created on the first `paygate` command given that data dir,
/// dropped with its [`TestServer`]. Databases of earlier runs whose process
/// is gone are dropped on first use (a killed `cargo test` leaves some).
pub mod pg;

// ===========================================================================
// Webhook receivers and polling (added with the `webhooks` module)
//
// Append-only section: a local HTTP receiver that records every request and
// answers a scripted status sequence, and a polling helper with a deadline.
// ===========================================================================

use std::collections::VecDeque;
use std::io::Write;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// How often [`wait_until`] polls.
pub const POLL_INTERVAL: Duration = Duration::from_millis(50);

/// Calls `probe` every [`POLL_INTERVAL`] until it returns `Some`, and returns
/// that; panics with `what` and the last `describe()` after `timeout`.
#[track_caller]
pub fn wait_until<T>(
    timeout: Duration,
    what: &str,
    mut probe: impl FnMut() -> Option<T>,
    describe: impl Fn() -> String,
) -> T {
    let deadline = Instant::now() + timeout;
    loop {
        if let Some(found) = probe() {
            return found;
        }
        if Instant::now() > deadline {
            panic!(
                "timed out after {timeout:?} waiting for {what}; {}",
                describe()
            );
        }
        std::thread::sleep(POLL_INTERVAL);
    }
}

/// What a [`Receiver`] does with one request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reply {
    /// Answer with this status and a short body.
    Status(u16),
    /// Read the request, then hold the connection open this long and close it
    /// without answering.
    Hang(Duration),
    /// Wait this long, then answer with this status (a slow receiver).
    After(Duration, u16),
}

/// One request a [`Receiver`] got, as sent.
#[derive(Clone)]
pub struct Received {
    pub method: String,
    pub target: String,
    /// In the order sent; names as sent.
    pub headers: Vec<(String, String)>,
    /// The raw body bytes (what signatures are computed over).
    pub body: Vec<u8>,
    /// When the whole request had been read.
    pub at: Instant,
}

impl Received {
    /// The first header of this name (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The body parsed as JSON (panics when it is not).
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("webhook body is not JSON ({e}): {self:?}"))
    }
}

impl std::fmt::Debug for Received {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {} {:?} {}",
            self.method,
            self.target,
            self.headers,
            String::from_utf8_lossy(&self.body)
        )
    }
}

struct ReceiverState {
    requests: Vec<Received>,
    script: VecDeque<Reply>,
    then: Reply,
}

/// A local HTTP/1.1 receiver on `127.0.0.1:<free port>`: one thread accepts,
/// one thread per connection reads one request (request line, headers,
/// `Content-Length` body), records it, and answers the next scripted [`Reply`]
/// (then `then` for ever), with `Connection: close`. Stops accepting on drop.
pub struct Receiver {
    addr: SocketAddr,
    state: Arc<Mutex<ReceiverState>>,
    stop: Arc<AtomicBool>,
}

impl Receiver {
    /// A receiver that answers 200 to everything.
    pub fn ok() -> Receiver {
        Receiver::scripted(&[], Reply::Status(200))
    }

    /// Answers `script` in order, then `then` for every later request.
    pub fn scripted(script: &[Reply], then: Reply) -> Receiver {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind a receiver");
        let addr = listener.local_addr().expect("receiver address");
        let state = Arc::new(Mutex::new(ReceiverState {
            requests: Vec::new(),
            script: script.iter().copied().collect(),
            then,
        }));
        let stop = Arc::new(AtomicBool::new(false));
        let (thread_state, thread_stop) = (state.clone(), stop.clone());
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                if thread_stop.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = stream else { continue };
                let state = thread_state.clone();
                std::thread::spawn(move || serve_one(stream, &state));
            }
        });
        Receiver { addr, state, stop }
    }

    /// `http://127.0.0.1:PORT/hook`.
    pub fn url(&self) -> String {
        format!("http://{}/hook", self.addr)
    }

    /// Every request so far, in arrival order.
    pub fn requests(&self) -> Vec<Received> {
        self.lock().requests.clone()
    }

    /// Replaces what the receiver answers from now on.
    pub fn set_reply(&self, script: &[Reply], then: Reply) {
        let mut state = self.lock();
        state.script = script.iter().copied().collect();
        state.then = then;
    }

    /// Waits until at least `n` requests arrived; returns all of them.
    #[track_caller]
    pub fn wait_for(&self, n: usize, timeout: Duration) -> Vec<Received> {
        self.wait_for_where(&format!("{n} webhook requests"), timeout, |r| r.len() >= n)
    }

    /// Waits until `done(requests)` holds; returns the requests.
    #[track_caller]
    pub fn wait_for_where(
        &self,
        what: &str,
        timeout: Duration,
        done: impl Fn(&[Received]) -> bool,
    ) -> Vec<Received> {
        wait_until(
            timeout,
            what,
            || {
                let requests = self.requests();
                done(&requests).then_some(requests)
            },
            || format!("received: {:#?}", self.requests()),
        )
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, ReceiverState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Drop for Receiver {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accept loop so it sees the flag and drops the listener.
        let _ = TcpStream::connect_timeout(&self.addr, Duration::from_millis(200));
    }
}

/// Reads one request from `stream`, records it and answers it.
fn serve_one(stream: TcpStream, state: &Mutex<ReceiverState>) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(15)));
    let Ok(mut writer) = stream.try_clone() else {
        return;
    };
    let mut reader = BufReader::new(stream);
    let mut request_line = String::new();
    if reader.read_line(&mut request_line).unwrap_or(0) == 0 {
        return; // A wake-up connection, or a client that gave up.
    }
    let mut parts = request_line.split_whitespace();
    let method = parts.next().unwrap_or_default().to_string();
    let target = parts.next().unwrap_or_default().to_string();
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        let line = line.trim_end_matches(['\r', '\n']);
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            headers.push((name.trim().to_string(), value.trim().to_string()));
        }
    }
    let length = headers
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.parse::<usize>().ok())
        .unwrap_or(0);
    let mut body = vec![0; length];
    if reader.read_exact(&mut body).is_err() {
        return;
    }
    let reply = {
        let mut state = state.lock().unwrap_or_else(|e| e.into_inner());
        state.requests.push(Received {
            method,
            target,
            headers,
            body,
            at: Instant::now(),
        });
        let then = state.then;
        state.script.pop_front().unwrap_or(then)
    };
    let reply = match reply {
        Reply::After(wait, code) => {
            std::thread::sleep(wait);
            Reply::Status(code)
        }
        other => other,
    };
    match reply {
        Reply::Status(code) => {
            let text = format!("receiver says {code}");
            let response = format!(
                "HTTP/1.1 {code} X\r\ncontent-type: text/plain\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{text}",
                text.len()
            );
            let _ = writer.write_all(response.as_bytes());
            let _ = writer.flush();
        }
        Reply::Hang(duration) => std::thread::sleep(duration),
        Reply::After(..) => {}
    }
}

/// An `http://127.0.0.1:PORT/hook` URL where nothing listens (a port that was
/// free a moment ago).
pub fn closed_port_url() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = listener.local_addr().expect("address");
    drop(listener);
    format!("http://{addr}/hook")
}
