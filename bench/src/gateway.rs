//! Child servers: the `paygate` gateway (and the raw-http ceiling server),
//! started as separate processes listening on 127.0.0.1:0. Both print one JSON
//! ready line on stdout; we time it, read the address (and the gateway's key),
//! watch the process's memory in /proc, and stop it with SIGTERM.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use hyper::Method;

use crate::load::{self, Target};

/// How long a server may take to exit after SIGTERM before it is killed.
const STOP_WAIT_MAX: Duration = Duration::from_secs(60);
/// The gateway's store file inside its data directory.
pub const STORE_FILE: &str = "paygate.redb";

/// Where a gateway keeps its store.
pub enum Data<'a> {
    Ephemeral,
    Dir(&'a Path),
    /// A PostgreSQL database (`PAYGATE_STORE`); the data dir holds the master key.
    Postgres {
        dir: &'a Path,
        url: &'a str,
    },
}

/// How gateways are started in this run.
#[derive(Clone)]
pub struct GatewayConfig {
    pub binary: PathBuf,
    /// Sets `TOKIO_WORKER_THREADS` for the child (tokio's builder reads it).
    pub workers: Option<usize>,
    /// The gateway's `--cache-mib`, when set.
    pub cache_mib: Option<usize>,
    pub settlement_ms: u64,
    /// Where the gateway's stderr goes.
    pub log_dir: PathBuf,
}

pub struct Server {
    child: Child,
    /// Kept open: the child may print again, and a closed pipe would fail it.
    _stdout: BufReader<ChildStdout>,
    pub addr: SocketAddr,
    /// From launch to the ready line.
    pub startup: Duration,
    pub ready: serde_json::Value,
}

/// Memory of a process, from /proc/<pid>/status, in KiB.
#[derive(Clone, Copy, Default, Debug)]
pub struct Memory {
    pub peak_kib: u64,
    pub rss_kib: u64,
}

/// The writer's counters from `GET /v1/status`.
#[derive(Clone, Copy, Default, Debug)]
pub struct WriterCounts {
    pub batches: u64,
    pub commands: u64,
    pub file_bytes: u64,
    /// Cumulative writer time since the gateway started.
    pub time: crate::report::WriterTime,
}

impl Server {
    /// Starts `command` and waits for its ready line.
    pub fn spawn(mut command: Command, log: &Path) -> Result<Server, String> {
        let log_file = std::fs::File::create(log).map_err(|e| format!("{}: {e}", log.display()))?;
        command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::from(log_file));
        let launched = Instant::now();
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start {command:?}: {e}"))?;
        let mut stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut line = String::new();
        let read = stdout.read_line(&mut line).map_err(|e| e.to_string())?;
        let startup = launched.elapsed();
        if read == 0 {
            let _ = child.wait();
            let tail = std::fs::read_to_string(log).unwrap_or_default();
            return Err(format!("{command:?} exited before it was ready: {tail}"));
        }
        let ready: serde_json::Value =
            serde_json::from_str(&line).map_err(|e| format!("ready line {line:?}: {e}"))?;
        let addr = ready["listen"]
            .as_str()
            .and_then(|a| a.parse().ok())
            .ok_or_else(|| format!("no listen address in {line:?}"))?;
        Ok(Server {
            child,
            _stdout: stdout,
            addr,
            startup,
            ready,
        })
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn memory(&self) -> Memory {
        memory(self.pid())
    }

    pub fn cpu_us(&self) -> u64 {
        cpu_us(self.pid())
    }

    /// OS threads of the process (tokio workers + writer + blocking pool).
    pub fn threads(&self) -> usize {
        std::fs::read_dir(format!("/proc/{}/task", self.pid()))
            .map(|d| d.count())
            .unwrap_or(0)
    }

    /// SIGKILL, as a crash: no signal handler runs, so the next start finds
    /// redb at its last checkpoint and the write-ahead log's records after it.
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// SIGTERM, then waits for the exit (a clean redb close); kills after a minute.
    pub fn stop(mut self) -> Duration {
        let began = Instant::now();
        let pid = self.pid() as libc::pid_t;
        // SAFETY: kill(2) with a pid we started and have not reaped yet.
        unsafe {
            libc::kill(pid, libc::SIGTERM);
        }
        while began.elapsed() < STOP_WAIT_MAX {
            if let Ok(Some(_)) = self.child.try_wait() {
                return began.elapsed();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        began.elapsed()
    }
}

/// A server the bench gave up on (an error ended its step before `stop`)
/// must not outlive the bench: it would hold its port, its store and a core.
impl Drop for Server {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// A running gateway and the key to call it with.
pub struct Gateway {
    pub server: Server,
    pub secret_key: String,
    pub data_dir: Option<PathBuf>,
}

impl Gateway {
    /// Starts `paygate serve` on 127.0.0.1:0. The key is printed on a store's
    /// first start only: pass the one from then on later starts.
    pub fn start(
        config: &GatewayConfig,
        data: Data<'_>,
        known_key: Option<&str>,
        log_name: &str,
    ) -> Result<Gateway, String> {
        let mut command = Command::new(&config.binary);
        command
            .arg("serve")
            .args(["--listen", "127.0.0.1:0"])
            .args(["--sandbox-settlement-ms", &config.settlement_ms.to_string()])
            .env("PAYGATE_LOG", "warn")
            .env_remove("PAYGATE_DATA_DIR")
            .env_remove("PAYGATE_EPHEMERAL")
            .env_remove("PAYGATE_STORE")
            .env_remove("PAYGATE_CACHE_MIB");
        if let Some(mib) = config.cache_mib {
            command.args(["--cache-mib", &mib.to_string()]);
        }
        let data_dir = match data {
            Data::Ephemeral => {
                command.arg("--ephemeral");
                None
            }
            Data::Dir(dir) => {
                command.arg("--data-dir").arg(dir);
                Some(dir.to_path_buf())
            }
            Data::Postgres { dir, url } => {
                command.arg("--data-dir").arg(dir).env("PAYGATE_STORE", url);
                Some(dir.to_path_buf())
            }
        };
        if let Some(workers) = config.workers {
            command.env("TOKIO_WORKER_THREADS", workers.to_string());
        }
        let server = Server::spawn(command, &config.log_dir.join(log_name))?;
        let printed = server.ready["keys"]["secret_key"]
            .as_str()
            .map(str::to_string);
        let secret_key = printed
            .or_else(|| known_key.map(str::to_string))
            .ok_or("the gateway printed no key and none is known")?;
        Ok(Gateway {
            server,
            secret_key,
            data_dir,
        })
    }

    /// A ceiling server measured like a gateway (it answers `GET /v1/status`
    /// alike), called without a key.
    pub fn raw(server: Server) -> Gateway {
        Gateway {
            server,
            secret_key: String::new(),
            data_dir: None,
        }
    }

    pub fn target(&self) -> Target {
        Target {
            addr: self.server.addr,
            authorization: (!self.secret_key.is_empty())
                .then(|| format!("Bearer {}", self.secret_key)),
        }
    }

    pub fn store_path(&self) -> Option<PathBuf> {
        self.data_dir.as_ref().map(|d| d.join(STORE_FILE))
    }

    /// The `store` object of `GET /v1/status`.
    async fn store_status(&self) -> Result<serde_json::Value, String> {
        let (status, body) =
            load::fetch(&self.target(), Method::GET, "/v1/status", "", None).await?;
        if status != 200 {
            return Err(format!("GET /v1/status -> {status}"));
        }
        let mut view: serde_json::Value =
            serde_json::from_slice(&body).map_err(|e| e.to_string())?;
        Ok(view["store"].take())
    }

    /// What the last start found (`GET /v1/status`): whether redb repaired
    /// the file, and how many write-ahead log batches it replayed.
    pub async fn start_recovery(&self) -> Result<(bool, u64), String> {
        let store = self.store_status().await?;
        Ok((
            store["repaired_at_start"].as_bool().unwrap_or(false),
            store["replayed_batches_at_start"].as_u64().unwrap_or(0),
        ))
    }

    /// The writer's counters and the store size, from `GET /v1/status`.
    pub async fn counts(&self) -> Result<WriterCounts, String> {
        let store = self.store_status().await?;
        Ok(WriterCounts {
            batches: store["writer_batches"].as_u64().unwrap_or(0),
            commands: store["writer_commands"].as_u64().unwrap_or(0),
            file_bytes: store["file_bytes"].as_u64().unwrap_or(0),
            time: crate::report::WriterTime {
                apply_us: store["writer_apply_ms"].as_u64().unwrap_or(0) * 1000,
                commit_us: store["writer_commit_ms"].as_u64().unwrap_or(0) * 1000,
            },
        })
    }
}

/// CPU time (user + system) the process has used since it started, in
/// microseconds, from `/proc/<pid>/stat` (clock ticks, usually 10 ms each).
/// Requests per CPU-second is steadier than requests per second on a shared
/// machine, where the other tenants take what they take.
pub fn cpu_us(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The command name (field 2) may hold spaces: count from its closing parenthesis.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest.split_whitespace().collect())
        .unwrap_or_default();
    // utime and stime are fields 14 and 15: the 12th and 13th after the name.
    let ticks: u64 = [11, 12]
        .iter()
        .filter_map(|&i| fields.get(i).and_then(|f| f.parse::<u64>().ok()))
        .sum();
    // SAFETY: sysconf has no preconditions.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    let per_second = u64::try_from(per_second)
        .ok()
        .filter(|&t| t > 0)
        .unwrap_or(100);
    ticks * 1_000_000 / per_second
}

/// CPU time, in microseconds, of every process on this machine named
/// `name` (its `comm`, as `/proc/<pid>/stat` gives it): a local database's
/// postmaster and backends. A process that exits between two samples takes
/// its time with it, so a delta holds what ran throughout (the nodes' pooled
/// connections do).
pub fn cpu_us_named(name: &str) -> u64 {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return 0;
    };
    entries
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            std::fs::read_to_string(format!("/proc/{pid}/comm"))
                .is_ok_and(|comm| comm.trim_end() == name)
        })
        .map(cpu_us)
        .sum()
}

pub fn memory(pid: u32) -> Memory {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    };
    Memory {
        peak_kib: field("VmHWM:"),
        rss_kib: field("VmRSS:"),
    }
}

/// Whether the store at `path` was closed cleanly by the last process that had
/// it open: redb opens such a file read-only at once; a file left open (no
/// clean drop of the `Database`) needs a repair, which walks the whole file on
/// the next start.
pub fn closed_cleanly(path: &Path) -> Result<bool, String> {
    match redb::ReadOnlyDatabase::open(path) {
        Ok(_) => Ok(true),
        Err(redb::DatabaseError::RepairAborted) => Ok(false),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

/// Runs `paygate verify` on a stopped gateway's store: every balance
/// recomputed from the journal. Returns its verdict line; a mismatch is an error.
pub fn verify(binary: &Path, data_dir: &Path) -> Result<String, String> {
    let output = Command::new(binary)
        .arg("verify")
        .arg("--data-dir")
        .arg(data_dir)
        .env_remove("PAYGATE_DATA_DIR")
        .output()
        .map_err(|e| format!("paygate verify: {e}"))?;
    let verdict = String::from_utf8_lossy(&output.stderr).trim().to_string();
    if output.status.success() {
        Ok(verdict)
    } else {
        Err(format!(
            "paygate verify failed: {verdict} {}",
            String::from_utf8_lossy(&output.stdout)
        ))
    }
}
