//! The goals of issues 31 and 18, each a ratio (or a bound) read from one
//! run's report, printed as `PASS` / `MISS` lines; a goal whose scenarios
//! were not run says `SKIP`.

use std::fmt::Write as _;

use crate::report::{RAW_COMMIT, RAW_HTTP, RAW_LEDGER, Report};

/// Start-up to the ready line, on the preloaded store.
const STARTUP_MS_MAX: f64 = 50.0;
/// On-disk bytes per intent after the preload.
const BYTES_PER_INTENT_MAX: f64 = 2048.0;
/// Peak RSS after the preload.
const RSS_KIB_MAX: u64 = 2 * 1024 * 1024;
/// Reads on the preloaded store, as a fraction of reads on the small one.
const READ_AT_SCALE_MIN: f64 = 0.80;

/// What the preloaded store measured (the scale goals).
#[derive(Clone, Copy, Debug, Default)]
pub struct Preloaded {
    pub intents: u64,
    /// The store file's length.
    pub file_bytes: u64,
    /// The blocks the store file occupies on disk (`None`: not measured).
    pub allocated_bytes: Option<u64>,
    pub rss_kib: u64,
    pub restart_ms: Option<f64>,
}

/// One goal's verdict.
pub struct Goal {
    pub issue: u32,
    pub what: String,
    /// `None`: not run.
    pub pass: Option<bool>,
    pub measured: String,
}

impl Goal {
    fn line(&self) -> String {
        let verdict = match self.pass {
            Some(true) => "PASS",
            Some(false) => "MISS",
            None => "SKIP",
        };
        format!(
            "{verdict} issue {}: {} — {}",
            self.issue, self.what, self.measured
        )
    }
}

/// Every goal of issues 31 and 18 this run can judge.
pub fn judge(report: &Report) -> Vec<Goal> {
    let mut goals = vec![
        ratio_goal(report, 31, "create", RAW_LEDGER, 0.60),
        p99_goal(report, 31, "create", 10.0),
        errors_goal(report, 31, "create"),
        ratio_goal(report, 31, "pay", RAW_LEDGER, 0.30),
        ratio_goal(report, 31, "read (small store)", RAW_HTTP, 0.65),
        ratio_goal(report, 31, "read", RAW_HTTP, 0.65),
    ];
    goals.extend(scale_goals(report));
    goals.extend([
        ratio_goal(report, 18, "transfer", RAW_COMMIT, 0.50),
        ratio_goal(report, 18, "transfer (hot wallet)", RAW_COMMIT, 0.40),
        errors_goal(report, 18, "transfer"),
        errors_goal(report, 18, "transfer (hot wallet)"),
    ]);
    goals
}

/// The goals as lines, after a heading.
pub fn markdown(goals: &[Goal]) -> String {
    let mut out = String::from("\nGoals (issues 31 and 18), from this run:\n\n```text\n");
    for goal in goals {
        let _ = writeln!(out, "{}", goal.line());
    }
    out.push_str("```\n");
    out
}

fn ratio_goal(report: &Report, issue: u32, name: &str, ceiling: &str, min: f64) -> Goal {
    let what = format!("`{name}` ≥ {:.0}% of {ceiling}", min * 100.0);
    match report.ratio_to(name, ceiling) {
        Some(ratio) => Goal {
            issue,
            what,
            pass: Some(ratio >= min),
            measured: format!("{:.0}%", ratio * 100.0),
        },
        None => not_run(issue, what),
    }
}

fn p99_goal(report: &Report, issue: u32, name: &str, max_ms: f64) -> Goal {
    let what = format!(
        "`{name}` p99 ≤ {max_ms:.0} ms at {} clients",
        clients(report, name)
    );
    match report.find(name) {
        Some(row) => {
            let p99 = row.result.latency.value_at_quantile(0.99) as f64 / 1000.0;
            Goal {
                issue,
                what,
                pass: Some(p99 <= max_ms),
                measured: format!("{p99:.2} ms"),
            }
        }
        None => not_run(issue, what),
    }
}

fn errors_goal(report: &Report, issue: u32, name: &str) -> Goal {
    let what = format!("`{name}` zero errors");
    match report.find(name) {
        Some(row) => Goal {
            issue,
            what,
            pass: Some(row.result.errors() == 0),
            measured: format!("{} errors", row.result.errors()),
        },
        None => not_run(issue, what),
    }
}

fn clients(report: &Report, name: &str) -> String {
    report
        .find(name)
        .map_or("-".to_string(), |r| r.clients.to_string())
}

fn scale_goals(report: &Report) -> Vec<Goal> {
    let Some(store) = report.preloaded else {
        return [
            "start-up to the ready line ≤ 50 ms on the preloaded store",
            "on-disk bytes per intent ≤ 2 KB after the preload",
            "peak RSS ≤ 2 GiB after the preload (default settings)",
            "`read` on the preloaded store within 20% of `read (small store)`",
        ]
        .into_iter()
        .map(|what| not_run(31, what.to_string()))
        .collect();
    };
    let at = format!("{} intents", store.intents);
    let mut goals = Vec::new();
    let what = format!("start-up to the ready line ≤ 50 ms on the preloaded store ({at})");
    goals.push(match store.restart_ms {
        Some(ms) => Goal {
            issue: 31,
            what,
            pass: Some(ms <= STARTUP_MS_MAX),
            measured: format!("{ms:.0} ms"),
        },
        None => not_run(31, what),
    });
    // On disk: the blocks the file occupies. Its length also counts the hole
    // redb leaves at the end of a region it has grown into but not yet used.
    let on_disk = store.allocated_bytes.unwrap_or(store.file_bytes);
    let per_intent = on_disk as f64 / store.intents.max(1) as f64;
    let length_per_intent = store.file_bytes as f64 / store.intents.max(1) as f64;
    goals.push(Goal {
        issue: 31,
        what: format!("on-disk bytes per intent ≤ 2 KB after the preload ({at})"),
        pass: Some(per_intent <= BYTES_PER_INTENT_MAX),
        measured: format!(
            "{per_intent:.0} B allocated on disk (file length {length_per_intent:.0} B per intent)"
        ),
    });
    goals.push(Goal {
        issue: 31,
        what: format!("peak RSS ≤ 2 GiB after the preload ({at})"),
        pass: Some(store.rss_kib <= RSS_KIB_MAX),
        measured: format!("{:.0} MiB", store.rss_kib as f64 / 1024.0),
    });
    let what = format!("`read` ({at}) within 20% of `read (small store)`");
    goals.push(
        match (report.find("read"), report.find("read (small store)")) {
            (Some(large), Some(small)) => {
                let ratio = large.result.per_second() / small.result.per_second().max(1e-9);
                Goal {
                    issue: 31,
                    what,
                    pass: Some(ratio >= READ_AT_SCALE_MIN),
                    measured: format!("{:.0}%", ratio * 100.0),
                }
            }
            _ => not_run(31, what),
        },
    );
    goals
}

fn not_run(issue: u32, what: String) -> Goal {
    Goal {
        issue,
        what,
        pass: None,
        measured: "not run".to_string(),
    }
}
