//! The ledger invariant check behind `paygate verify`, the guardian and the
//! tests: every posting balances per currency, and every stored balance equals
//! the sum of its journal lines.

use std::collections::BTreeMap;

use serde::Serialize;

use super::Posting;
use crate::store::{Snapshot, StoreError, decode};

/// Mismatches reported at most (the counts stay exact).
const PROBLEMS_SHOWN_MAX: usize = 50;

#[derive(Debug, Default, Serialize)]
pub struct VerifyReport {
    pub postings: u64,
    pub lines: u64,
    pub accounts: u64,
    pub unbalanced_postings: u64,
    pub balance_mismatches: u64,
    pub problems: Vec<String>,
}

impl VerifyReport {
    pub fn ok(&self) -> bool {
        self.unbalanced_postings == 0 && self.balance_mismatches == 0
    }

    fn problem(&mut self, text: String) {
        if self.problems.len() < PROBLEMS_SHOWN_MAX {
            self.problems.push(text);
        }
    }
}

pub fn verify(snapshot: &Snapshot) -> Result<VerifyReport, StoreError> {
    let mut report = VerifyReport::default();
    let mut expected: BTreeMap<String, i128> = BTreeMap::new();
    let mut unbalanced = Vec::new();
    snapshot.for_each_posting(|id, bytes| {
        let posting: Posting = decode(bytes)?;
        if !posting.imbalance().is_empty() {
            unbalanced.push(format!(
                "posting {id} does not balance: {:?}",
                posting.imbalance()
            ));
        }
        for line in &posting.lines {
            *expected.entry(line.account.clone()).or_default() += i128::from(line.amount_minor);
        }
        report.postings += 1;
        report.lines += posting.lines.len() as u64;
        Ok(())
    })?;
    report.unbalanced_postings = unbalanced.len() as u64;
    for text in unbalanced {
        report.problem(text);
    }
    let mut stored: BTreeMap<String, i64> = BTreeMap::new();
    snapshot.for_each_balance(|account, balance| {
        stored.insert(account.to_string(), balance);
        Ok(())
    })?;
    report.accounts = stored.len() as u64;
    for (account, want) in &expected {
        let have = stored.get(account).copied().map(i128::from).unwrap_or(0);
        if have != *want {
            report.balance_mismatches += 1;
            report.problem(format!("{account}: stored {have}, journal says {want}"));
        }
    }
    for (account, have) in &stored {
        if !expected.contains_key(account) && *have != 0 {
            report.balance_mismatches += 1;
            report.problem(format!("{account}: stored {have}, journal has no line"));
        }
    }
    Ok(report)
}
