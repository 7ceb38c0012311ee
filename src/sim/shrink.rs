//! Shrinking: a failing run's steps, cut to a shorter list that still fails
//! (delta debugging: drop halves, then quarters, ... then single steps,
//! keeping every cut after which the run still fails).

use super::runner::{self, Failure};
use super::workload::Step;

/// Runs tried at most while shrinking.
const TRIES_MAX: usize = 400;

/// The shortest failing list found from `steps` (which fail as `failure`),
/// with its failure.
pub fn shrink(seed: u64, steps: &[Step], failure: &Failure) -> (Vec<Step>, Failure) {
    let cut = failure.step.saturating_add(1).min(steps.len());
    let mut best: Vec<Step> = steps[..cut].to_vec();
    let mut best_failure = failure.clone();
    let mut tries = 0;
    let mut chunk = best.len().div_ceil(2).max(1);
    while chunk >= 1 && tries < TRIES_MAX {
        let mut start = 0;
        let mut cut_any = false;
        while start < best.len() && tries < TRIES_MAX {
            let end = (start + chunk).min(best.len());
            let candidate: Vec<Step> = best[..start].iter().chain(&best[end..]).cloned().collect();
            tries += 1;
            match runner::run(seed, &candidate) {
                Err(failure) => {
                    let keep = failure.step.saturating_add(1).min(candidate.len());
                    best = candidate[..keep].to_vec();
                    best_failure = failure;
                    cut_any = true;
                }
                Ok(_) => start = end,
            }
        }
        if chunk == 1 && !cut_any {
            break;
        }
        chunk = if cut_any { chunk } else { chunk / 2 }.max(1);
        if !cut_any && chunk == 1 && best.len() <= 1 {
            break;
        }
    }
    (best, best_failure)
}
