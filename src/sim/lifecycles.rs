//! "No state moves except by its `transition` table": the moves each
//! resource's own `transition` function allows, found by asking it every
//! trigger in every status (the same pairs its table test walks), and the
//! check of a command's writes against them.
//!
//! A command may apply several triggers in turn (a payment created and
//! confirmed, its rail answering at once: three moves in one command), so
//! an object may go from its status before the command to any status the
//! table reaches from it by a path of allowed moves; staying put is
//! allowed. A status no path reaches, or a status the resource does not
//! have, is a defect.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use serde::Serialize;

use crate::domain::{
    accounts, disputes, fx, intents, payout_batches, payouts, refunds, settlement, switch_payments,
};
use crate::lifecycle::Refusal;

/// One resource's moves, by status name as stored.
struct Machine {
    /// Every status of the resource.
    statuses: BTreeSet<String>,
    /// `(from, to)`: `to` is reached from `from` by one or more moves.
    reaches: BTreeSet<(String, String)>,
}

fn name<S: Serialize>(status: S) -> String {
    serde_json::to_value(status)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// Every move `transition` allows from `statuses` under `triggers`, closed
/// under paths.
fn machine<S, T>(
    statuses: &[S],
    triggers: &[T],
    transition: impl Fn(S, T) -> Result<S, Refusal>,
) -> Machine
where
    S: Copy + Serialize,
    T: Copy,
{
    let mut next: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for &from in statuses {
        for &trigger in triggers {
            if let Ok(to) = transition(from, trigger) {
                next.entry(name(from)).or_default().insert(name(to));
            }
        }
    }
    let statuses: BTreeSet<String> = statuses.iter().map(|&s| name(s)).collect();
    let mut reaches = BTreeSet::new();
    for from in &statuses {
        let mut seen = BTreeSet::new();
        let mut todo: Vec<String> = next.get(from).into_iter().flatten().cloned().collect();
        while let Some(to) = todo.pop() {
            if seen.insert(to.clone()) {
                todo.extend(next.get(&to).into_iter().flatten().cloned());
            }
        }
        reaches.extend(seen.into_iter().map(|to| (from.clone(), to)));
    }
    Machine { statuses, reaches }
}

const BOOLS: [bool; 2] = [false, true];

fn intents() -> Machine {
    use intents::state::{Status, Trigger, transition};
    let mut triggers = vec![
        Trigger::AttemptUnknown,
        Trigger::QueueSettlement,
        Trigger::Settle,
        Trigger::Cancel,
        Trigger::Expire,
        Trigger::SetAmount,
    ];
    for a in BOOLS {
        triggers.push(Trigger::AttemptSucceeded { manual_capture: a });
        triggers.push(Trigger::AttemptFailed { retryable: a });
        triggers.push(Trigger::Capture { manual_capture: a });
        triggers.push(Trigger::Review { paid: a });
        triggers.push(Trigger::SwitchFromBank {
            nothing_received: a,
        });
        for b in BOOLS {
            triggers.push(Trigger::AttemptStarted {
                waits_for_payer: a,
                past_expiry: b,
            });
        }
    }
    // Exhaustive: a new trigger does not compile until it is listed above.
    for t in &triggers {
        match t {
            Trigger::AttemptStarted { .. }
            | Trigger::AttemptSucceeded { .. }
            | Trigger::AttemptFailed { .. }
            | Trigger::AttemptUnknown
            | Trigger::Capture { .. }
            | Trigger::QueueSettlement
            | Trigger::Settle
            | Trigger::Cancel
            | Trigger::Expire
            | Trigger::Review { .. }
            | Trigger::SwitchFromBank { .. }
            | Trigger::SetAmount => {}
        }
    }
    machine(&Status::ALL, &triggers, transition)
}

fn refunds() -> Machine {
    use refunds::state::{Status, Trigger::*, transition};
    machine(
        &Status::ALL,
        &[Approve, Execute, Succeed, Fail, Reject],
        transition,
    )
}

fn disputes() -> Machine {
    use disputes::state::{Status, Trigger::*, transition};
    let triggers = [
        Respond {
            deadline_passed: false,
        },
        Respond {
            deadline_passed: true,
        },
        Win,
        Lose,
        DeadlinePassed,
    ];
    machine(&Status::ALL, &triggers, transition)
}

fn payouts() -> Machine {
    use payouts::state::{Status, Trigger::*, transition};
    machine(&Status::ALL, &[Accept, Pay, Fail, Hold], transition)
}

fn payout_batches() -> Machine {
    use payout_batches::state::{Status, Trigger, transition};
    let mut triggers = vec![Trigger::Approve, Trigger::Cancel];
    for any_paid in BOOLS {
        for any_failed in BOOLS {
            triggers.push(Trigger::Finish {
                any_paid,
                any_failed,
            });
            triggers.push(Trigger::Reviewed {
                any_paid,
                any_failed,
            });
        }
    }
    machine(&Status::ALL, &triggers, transition)
}

fn fx_quotes() -> Machine {
    use fx::state::{Status, Trigger::*, transition};
    let triggers = [
        Expire,
        Take { used_before: false },
        Take { used_before: true },
    ];
    machine(&Status::ALL, &triggers, transition)
}

fn accounts() -> Machine {
    use accounts::state::{Status, Trigger::*, transition};
    let triggers = [
        Update,
        SendLink,
        Claim { link_live: false },
        Claim { link_live: true },
        Detach,
    ];
    machine(&Status::ALL, &triggers, transition)
}

fn switch_payments() -> Machine {
    use switch_payments::state::{Status, Trigger::*, transition};
    let triggers = [
        Consent { valid: false },
        Consent { valid: true },
        ConsentLapsed,
        Dispatch,
        Accepted,
        Authorize,
        Credit,
        Reject,
        TimedOut,
        Expire,
        Cancel,
    ];
    machine(&Status::ALL, &triggers, transition)
}

fn settlement_cycles() -> Machine {
    use settlement::state::{Status, Trigger::*, transition};
    let triggers = [
        Close { empty: false },
        Close { empty: true },
        SendPayout,
        Pay,
        Fail,
    ];
    machine(&Status::ALL, &triggers, transition)
}

/// The machines, by id prefix (`pi_...`).
fn machines() -> &'static BTreeMap<&'static str, Machine> {
    static MACHINES: OnceLock<BTreeMap<&'static str, Machine>> = OnceLock::new();
    MACHINES.get_or_init(|| {
        BTreeMap::from([
            ("pi", intents()),
            ("re", refunds()),
            ("dp", disputes()),
            ("po", payouts()),
            ("pb", payout_batches()),
            ("fxq", fx_quotes()),
            ("acct", accounts()),
            ("pay", switch_payments()),
            ("sc", settlement_cycles()),
        ])
    })
}

/// The stored status of an object's bytes, if it has one.
pub fn status(bytes: &[u8]) -> Option<String> {
    let value: serde_json::Value = serde_json::from_slice(bytes).ok()?;
    value.get("status")?.as_str().map(str::to_string)
}

/// Checks one object's move from `before` to `now` (statuses as stored;
/// `None` before: the command created it).
pub fn check(id: &str, before: Option<&str>, now: &str) -> Result<(), String> {
    let Some(machine) = id
        .split_once('_')
        .and_then(|(prefix, _)| machines().get(prefix))
    else {
        return Ok(());
    };
    if !machine.statuses.contains(now) {
        return Err(format!(
            "{id} is in {now}, a status its resource does not have"
        ));
    }
    match before {
        Some(from)
            if from != now
                && !machine
                    .reaches
                    .contains(&(from.to_string(), now.to_string())) =>
        {
            Err(format!(
                "{id} moved {from} -> {now}, which no path of its transition table allows"
            ))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn moves_come_from_the_transition_tables() {
        // One move, a path of moves, staying put, creation: allowed.
        assert!(super::check("re_1", Some("REQUESTED"), "APPROVED").is_ok());
        assert!(super::check("re_1", Some("REQUESTED"), "SUCCEEDED").is_ok());
        assert!(super::check("re_1", Some("FAILED"), "FAILED").is_ok());
        assert!(super::check("po_1", None, "PENDING").is_ok());
        // Out of a final status, backwards, or to a status that is not one.
        assert!(super::check("re_1", Some("SUCCEEDED"), "FAILED").is_err());
        assert!(super::check("po_1", Some("PAID"), "PROCESSING").is_err());
        assert!(super::check("pi_1", Some("REFUNDED"), "SETTLED").is_err());
        assert!(super::check("pay_1", None, "SOMEWHERE").is_err());
        assert!(super::check("pi_1", Some("SETTLED"), "EXPIRED").is_err());
        // An object without a lifecycle here: not checked.
        assert!(super::check("tr_1", Some("A"), "B").is_ok());
    }
}
