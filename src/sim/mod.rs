//! The deterministic simulator (`paygate sim`, issue 46, `docs/simulation.md`).
//!
//! A seed becomes a workload (`workload.rs`) that a fresh gateway runs
//! (`runner.rs`): the real domain code, through the writer's own batch code,
//! on a simulated disk (`disk.rs`) under simulated time, with injected
//! faults, and the invariants (`invariants.rs`) checked as it goes. Ids and
//! random bytes come from the seed (`ids::seed_thread`), so a failure prints
//! its seed and replays exactly; `--shrink` cuts it down (`shrink.rs`).

mod disk;
mod invariants;
mod lifecycles;
mod prng;
mod requests;
mod runner;
mod segments;
mod shrink;
mod workload;

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use runner::{Failure, Figures};

/// What `paygate sim` was asked.
#[derive(Debug, Clone)]
pub struct Options {
    /// The first seed; the run of `seeds` covers `seed .. seed + seeds`.
    pub seed: u64,
    pub seeds: u64,
    /// Steps in all, shared evenly among the seeds.
    pub ops: u64,
    pub shrink: bool,
    /// Threads running seeds side by side (each seed runs on one thread).
    pub threads: usize,
}

/// Runs the seeds; prints each failure (seed, step, trace) and the figures.
/// True when every seed passed.
pub fn run(options: &Options) -> bool {
    let seeds = options.seeds.max(1);
    let per_seed = usize::try_from(options.ops.div_ceil(seeds).max(1)).unwrap_or(usize::MAX);
    let next = AtomicU64::new(0);
    let totals = Mutex::new((Figures::default(), Vec::<Failure>::new()));
    let began = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..options.threads.max(1) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= seeds {
                        return;
                    }
                    let seed = options.seed.wrapping_add(index);
                    let steps = workload::steps(seed, per_seed);
                    let outcome = runner::run(seed, &steps);
                    let mut totals = totals.lock().unwrap_or_else(|e| e.into_inner());
                    match outcome {
                        Ok(figures) => totals.0.add(&figures),
                        Err(failure) => {
                            report(&failure, per_seed);
                            totals.1.push(failure);
                        }
                    }
                }
            });
        }
    });
    let elapsed = began.elapsed().as_secs_f64();
    let (figures, failures) = totals.into_inner().unwrap_or_else(|e| e.into_inner());
    println!(
        "sim: {} seeds from {}, {} steps each: {} passed, {} failed",
        seeds,
        options.seed,
        per_seed,
        seeds - failures.len() as u64,
        failures.len()
    );
    if seeds == 1 {
        println!(
            "sim: digest {:016x} (a replay of the seed prints the same)",
            figures.digest
        );
    }
    println!(
        "sim: {} operations ({} commands in {} batches, {} refused, {} retries, {} timers fired, {} webhook attempts, {} crashes) in {:.1} s: {:.0} operations/s on {} threads",
        figures.steps,
        figures.commands,
        figures.batches,
        figures.refused,
        figures.retries,
        figures.timers,
        figures.deliveries,
        figures.crashes,
        elapsed,
        figures.steps as f64 / elapsed.max(1e-9),
        options.threads.max(1)
    );
    if options.shrink {
        for failure in &failures {
            let steps = workload::steps(failure.seed, per_seed);
            let (shorter, failed) = shrink::shrink(failure.seed, &steps, failure);
            println!(
                "sim: seed {} shrunk from {} to {} steps; it still fails at step {}: {}",
                failure.seed,
                failure.step.saturating_add(1).min(steps.len()),
                shorter.len(),
                failed.step,
                failed.what
            );
            for (n, step) in shorter.iter().enumerate() {
                println!("  {n:>5} {step:?}");
            }
        }
    }
    failures.is_empty()
}

fn report(failure: &Failure, per_seed: usize) {
    eprintln!(
        "sim: FAILED seed {} at step {}: {}\n  replay: paygate sim --seed {} --ops {}\n  last operations:",
        failure.seed, failure.step, failure.what, failure.seed, per_seed
    );
    for line in &failure.trace {
        eprintln!("    {line}");
    }
}
