//! The report: one row per scenario (requests/s, ratio to its ceiling,
//! latency percentiles, errors, writer batching, memory), then start-up times
//! and the scale comparison. Printed as Markdown tables; optionally as JSON.

use std::fmt::Write as _;
use std::time::Duration;

use crate::gateway::Memory;
use crate::load::LoadResult;

/// The ceiling names rows are compared with.
pub const RAW_COMMIT: &str = "raw-commit";
pub const RAW_HTTP: &str = "raw-http";
/// The raw-commit loop writing what one transfer writes.
pub const RAW_COMMIT_TRANSFER: &str = "raw-commit (transfer shape)";
/// The least a payment gateway must write per payment, behind axum (issue 31).
pub const RAW_LEDGER: &str = "raw-ledger";
/// The write-ahead log's floor (issue 49): the raw-commit loop appending each
/// batch's bytes to a file with one `fdatasync`, no redb.
pub const RAW_APPEND: &str = "raw-append";

/// One measured run.
pub struct Measured {
    pub name: String,
    pub clients: usize,
    pub result: LoadResult,
    /// Writer batches (= durable commits = fsyncs) and commands during the run.
    pub batches: Option<u64>,
    pub commands: Option<u64>,
    /// Time the writer thread spent applying commands, and committing.
    pub writer_time: Option<WriterTime>,
    /// CPU time the server process (gateway or raw-http server) used during the run.
    pub server_cpu_us: Option<u64>,
    pub memory: Option<Memory>,
    pub file_bytes: Option<u64>,
    /// Intents in the store when the run started.
    pub store_intents: Option<u64>,
    /// Which ceiling this row is a fraction of.
    pub ceiling: Option<&'static str>,
}

impl Measured {
    pub fn new(name: &str, clients: usize, result: LoadResult) -> Measured {
        Measured {
            name: name.to_string(),
            clients,
            result,
            batches: None,
            commands: None,
            writer_time: None,
            server_cpu_us: None,
            memory: None,
            file_bytes: None,
            store_intents: None,
            ceiling: None,
        }
    }

    pub fn with_writer(mut self, batches: u64, commands: u64) -> Measured {
        self.batches = Some(batches);
        self.commands = Some(commands);
        self
    }

    pub fn with_writer_time(mut self, time: WriterTime) -> Measured {
        self.writer_time = Some(time);
        self
    }

    pub fn with_server_cpu(mut self, cpu_us: u64) -> Measured {
        self.server_cpu_us = Some(cpu_us);
        self
    }

    /// Server CPU microseconds per request.
    fn cpu_us_per_request(&self) -> Option<f64> {
        let requests = self.result.ok + self.result.non_2xx;
        match self.server_cpu_us {
            Some(cpu) if requests > 0 => Some(cpu as f64 / requests as f64),
            _ => None,
        }
    }

    pub fn with_memory(mut self, memory: Memory) -> Measured {
        self.memory = Some(memory);
        self
    }

    pub fn with_file_bytes(mut self, bytes: u64) -> Measured {
        self.file_bytes = Some(bytes);
        self
    }

    pub fn on_store(mut self, intents: u64) -> Measured {
        self.store_intents = Some(intents);
        self
    }

    pub fn against(mut self, ceiling: &'static str) -> Measured {
        self.ceiling = Some(ceiling);
        self
    }

    fn percentile_ms(&self, q: f64) -> f64 {
        self.result.latency.value_at_quantile(q) as f64 / 1000.0
    }

    fn commands_per_batch(&self) -> Option<f64> {
        match (self.batches, self.commands) {
            (Some(b), Some(c)) if b > 0 => Some(c as f64 / b as f64),
            _ => None,
        }
    }

    /// Microseconds of the writer thread per command (its CPU, besides commits).
    fn apply_us_per_command(&self) -> Option<f64> {
        match (self.writer_time, self.commands) {
            (Some(t), Some(c)) if c > 0 => Some(t.apply_us as f64 / c as f64),
            _ => None,
        }
    }

    /// Milliseconds per commit (pages and one fsync).
    fn commit_ms_per_batch(&self) -> Option<f64> {
        match (self.writer_time, self.batches) {
            (Some(t), Some(b)) if b > 0 => Some(t.commit_us as f64 / 1000.0 / b as f64),
            _ => None,
        }
    }

    fn commits_per_second(&self) -> Option<f64> {
        self.batches
            .map(|b| b as f64 / self.result.elapsed.as_secs_f64().max(1e-9))
    }
}

/// Where the writer thread's time went during a run.
#[derive(Clone, Copy, Debug, Default)]
pub struct WriterTime {
    /// Applying commands: their work and the flush of their rows.
    pub apply_us: u64,
    /// Committing: writing pages and the fsync.
    pub commit_us: u64,
}

#[derive(Default)]
pub struct Report {
    pub header: Vec<String>,
    pub rows: Vec<Measured>,
    pub startups: Vec<(String, Duration)>,
    /// `(what, empty store, preloaded store)`.
    pub scale: Vec<(String, String, String)>,
    pub notes: Vec<String>,
    /// What the preloaded store measured, for the scale goals.
    pub preloaded: Option<crate::goals::Preloaded>,
}

impl Report {
    pub fn add(&mut self, row: Measured) {
        eprintln!("  {}", one_line(&row));
        self.rows.push(row);
    }

    pub fn find(&self, name: &str) -> Option<&Measured> {
        self.rows.iter().find(|r| r.name == name)
    }

    /// Row `name`'s requests/s as a fraction of row `ceiling`'s.
    pub fn ratio_to(&self, name: &str, ceiling: &str) -> Option<f64> {
        let (row, ceiling) = (self.find(name)?, self.find(ceiling)?);
        Some(row.result.per_second() / ceiling.result.per_second().max(1e-9))
    }

    fn ratio(&self, row: &Measured) -> Option<f64> {
        let ceiling = self.find(row.ceiling?)?;
        Some(row.result.per_second() / ceiling.result.per_second().max(1e-9))
    }

    pub fn markdown(&self) -> String {
        let mut out = String::new();
        for line in &self.header {
            let _ = writeln!(out, "{line}");
        }
        let _ = writeln!(
            out,
            "\n| scenario | store intents | clients | req/s | vs ceiling | vs raw-ledger | vs raw-append | p50 ms | p99 ms | p99.9 ms | max ms | errors | cmds/batch | commits/s | writer µs/cmd | commit ms | server CPU µs/req | peak RSS MiB |"
        );
        let _ = writeln!(
            out,
            "|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
        );
        for row in &self.rows {
            let ratio = match (row.ceiling, self.ratio(row)) {
                (Some(c), Some(r)) => format!("{:.0}% of {c}", r * 100.0),
                (Some(c), None) => format!("({c} not run)"),
                (None, _) => "(ceiling)".to_string(),
            };
            // Every write scenario (those against raw-commit) also against raw-ledger.
            let vs_ledger = match (row.ceiling, self.ratio_to(&row.name, RAW_LEDGER)) {
                (Some(RAW_COMMIT), Some(r)) => format!("{:.0}%", r * 100.0),
                _ => "-".to_string(),
            };
            let vs_append = match (row.ceiling, self.ratio_to(&row.name, RAW_APPEND)) {
                (Some(RAW_COMMIT), Some(r)) => format!("{:.0}%", r * 100.0),
                _ => "-".to_string(),
            };
            let _ = writeln!(
                out,
                "| {} | {} | {} | {:.0} | {} | {} | {} | {:.2} | {:.2} | {:.2} | {:.1} | {} | {} | {} | {} | {} | {} | {} |",
                row.name,
                row.store_intents.map_or("-".into(), |n| n.to_string()),
                row.clients,
                row.result.per_second(),
                ratio,
                vs_ledger,
                vs_append,
                row.percentile_ms(0.5),
                row.percentile_ms(0.99),
                row.percentile_ms(0.999),
                row.result.latency.max() as f64 / 1000.0,
                errors(&row.result),
                row.commands_per_batch()
                    .map_or("-".into(), |v| format!("{v:.1}")),
                row.commits_per_second()
                    .map_or("-".into(), |v| format!("{v:.0}")),
                row.apply_us_per_command()
                    .map_or("-".into(), |v| format!("{v:.1}")),
                row.commit_ms_per_batch()
                    .map_or("-".into(), |v| format!("{v:.2}")),
                row.cpu_us_per_request()
                    .map_or("-".into(), |v| format!("{v:.1}")),
                row.memory
                    .map_or("-".into(), |m| format!("{:.0}", m.peak_kib as f64 / 1024.0)),
            );
        }
        if !self.startups.is_empty() {
            let _ = writeln!(
                out,
                "\n| start-up (launch to ready line) | ms |\n|---|---:|"
            );
            for (what, took) in &self.startups {
                let _ = writeln!(out, "| {what} | {:.0} |", took.as_secs_f64() * 1000.0);
            }
        }
        if !self.scale.is_empty() {
            let _ = writeln!(
                out,
                "\n| scale | small store | preloaded store |\n|---|---:|---:|"
            );
            for (what, small, large) in &self.scale {
                let _ = writeln!(out, "| {what} | {small} | {large} |");
            }
        }
        for note in &self.notes {
            let _ = writeln!(out, "\n{note}");
        }
        out.push_str(&crate::goals::markdown(&crate::goals::judge(self)));
        out
    }

    pub fn json(&self) -> serde_json::Value {
        let rows: Vec<serde_json::Value> = self
            .rows
            .iter()
            .map(|row| {
                serde_json::json!({
                    "scenario": row.name,
                    "store_intents": row.store_intents,
                    "clients": row.clients,
                    "ok": row.result.ok,
                    "non_2xx": row.result.non_2xx,
                    "transport_errors": row.result.transport_errors,
                    "seconds": row.result.elapsed.as_secs_f64(),
                    "requests_per_second": row.result.per_second(),
                    "ceiling": row.ceiling,
                    "ratio_to_ceiling": self.ratio(row),
                    "ratio_to_raw_ledger": (row.ceiling == Some(RAW_COMMIT))
                        .then(|| self.ratio_to(&row.name, RAW_LEDGER))
                        .flatten(),
                    "ratio_to_raw_append": (row.ceiling == Some(RAW_COMMIT))
                        .then(|| self.ratio_to(&row.name, RAW_APPEND))
                        .flatten(),
                    "p50_ms": row.percentile_ms(0.5),
                    "p99_ms": row.percentile_ms(0.99),
                    "p999_ms": row.percentile_ms(0.999),
                    "writer_batches": row.batches,
                    "writer_commands": row.commands,
                    "commands_per_batch": row.commands_per_batch(),
                    "commits_per_second": row.commits_per_second(),
                    "writer_apply_us_per_command": row.apply_us_per_command(),
                    "writer_commit_ms_per_batch": row.commit_ms_per_batch(),
                    "server_cpu_us_per_request": row.cpu_us_per_request(),
                    "peak_rss_kib": row.memory.map(|m| m.peak_kib),
                    "rss_kib": row.memory.map(|m| m.rss_kib),
                    "store_file_bytes": row.file_bytes,
                    "first_error": row.result.first_error,
                })
            })
            .collect();
        let startups: Vec<serde_json::Value> = self
            .startups
            .iter()
            .map(|(what, took)| serde_json::json!({ "what": what, "ms": took.as_secs_f64() * 1000.0 }))
            .collect();
        let scale: Vec<serde_json::Value> = self
            .scale
            .iter()
            .map(|(what, small, large)| serde_json::json!({ "what": what, "small": small, "preloaded": large }))
            .collect();
        let goals: Vec<serde_json::Value> = crate::goals::judge(self)
            .iter()
            .map(|g| serde_json::json!({ "issue": g.issue, "goal": g.what, "pass": g.pass, "measured": g.measured }))
            .collect();
        serde_json::json!({ "header": self.header, "scenarios": rows, "startup": startups, "scale": scale, "goals": goals })
    }
}

fn errors(result: &LoadResult) -> String {
    if result.errors() == 0 {
        "0".to_string()
    } else {
        format!(
            "{} ({} non-2xx, {} transport)",
            result.errors(),
            result.non_2xx,
            result.transport_errors
        )
    }
}

/// A progress line on stderr.
pub fn one_line(row: &Measured) -> String {
    let mut line = format!(
        "{}: {:.0} req/s, p50 {:.2} ms, p99 {:.2} ms, errors {}",
        row.name,
        row.result.per_second(),
        row.percentile_ms(0.5),
        row.percentile_ms(0.99),
        errors(&row.result)
    );
    if let Some(per_batch) = row.commands_per_batch() {
        let _ = write!(line, ", {per_batch:.1} cmds/batch");
    }
    if let Some(cpu) = row.cpu_us_per_request() {
        let _ = write!(line, ", server {cpu:.1} CPU µs/req");
    }
    if let (Some(apply), Some(commit)) = (row.apply_us_per_command(), row.commit_ms_per_batch()) {
        let _ = write!(line, ", writer {apply:.1} µs/cmd + {commit:.2} ms/commit");
    }
    if let Some(e) = &row.result.first_error {
        let _ = write!(line, "; first error: {e}");
    }
    line
}

pub fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / (1024.0 * 1024.0))
}
