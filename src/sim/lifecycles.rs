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
    accounts, disputes, fx, intents, invoices, offline, payout_batches, payouts, plans, refunds,
    remittances, routes, settlement, subscriptions, switch_payments, webhooks,
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

/// An intent's attempts (nested in the intent's record).
fn attempts() -> Machine {
    use intents::{AttemptStatus as S, AttemptTrigger as T, attempt_transition};
    let statuses = [
        S::Processing,
        S::Authorised,
        S::Captured,
        S::Failed,
        S::Unknown,
        S::Abandoned,
    ];
    // Exhaustive: a new status or trigger does not compile until listed.
    for s in &statuses {
        match s {
            S::Processing | S::Authorised | S::Captured | S::Failed | S::Unknown | S::Abandoned => {
            }
        }
    }
    let triggers = [T::Authorise, T::Capture, T::Fail, T::Unknown, T::Abandon];
    for t in &triggers {
        match t {
            T::Authorise | T::Capture | T::Fail | T::Unknown | T::Abandon => {}
        }
    }
    machine(&statuses, &triggers, attempt_transition)
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
    use disputes::state::{Status, Trigger, transition};
    machine(&Status::ALL, Trigger::ALL, transition)
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

/// A batch's rows (`pbr_...`): the nested machine of a payout batch.
fn payout_batch_rows() -> Machine {
    use payout_batches::state::{RowStatus, RowTrigger, row_transition};
    let mut triggers = vec![
        RowTrigger::Pay,
        RowTrigger::Fail,
        RowTrigger::Wait,
        RowTrigger::Hold,
        RowTrigger::Skip,
        RowTrigger::Fix,
        RowTrigger::Exclude,
    ];
    for paid in BOOLS {
        triggers.push(RowTrigger::Resolve { paid });
    }
    for t in &triggers {
        match t {
            RowTrigger::Pay
            | RowTrigger::Fail
            | RowTrigger::Wait
            | RowTrigger::Hold
            | RowTrigger::Skip
            | RowTrigger::Fix
            | RowTrigger::Exclude
            | RowTrigger::Resolve { .. } => {}
        }
    }
    machine(&RowStatus::ALL, &triggers, row_transition)
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
    use switch_payments::state::{Status, Trigger, transition};
    machine(&Status::ALL, Trigger::ALL, transition)
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

fn subscriptions() -> Machine {
    use subscriptions::state::{Status, Trigger::*, transition};
    let triggers = [
        InvoicePaid,
        PaymentFailed,
        DunningExhausted { cancel: false },
        DunningExhausted { cancel: true },
        Renew,
        End,
        Cancel { immediately: false },
        Cancel { immediately: true },
        Usage,
    ];
    machine(&Status::ALL, &triggers, transition)
}

fn invoices() -> Machine {
    use invoices::state::{Status, Trigger::*, transition};
    machine(&Status::ALL, &[Pay, Fail, Retry, Void], transition)
}

fn plans() -> Machine {
    use plans::state::{Status, Trigger::*, transition};
    machine(&Status::ALL, &[Archive, Subscribe], transition)
}

fn remittances() -> Machine {
    use remittances::state::{Status, Trigger::*, transition};
    let triggers = [RouteSettled, HeldForPickup, RouteFailed, MoneyReturned];
    machine(&Status::ALL, &triggers, transition)
}

fn routes() -> Machine {
    use routes::state::{Stage, Trigger, transition};
    machine(&Stage::ALL, Trigger::ALL, transition)
}

/// An offline promise: RECEIVED (inside its sync only) to SETTLED or
/// REJECTED, both final.
fn offline_promises() -> Machine {
    use offline::state::{Status, Trigger, transition};
    let statuses = [Status::Received, Status::Settled, Status::Rejected];
    let triggers = [Trigger::Settle, Trigger::Reject];
    // Exhaustive: a new status or trigger does not compile until listed.
    for s in &statuses {
        match s {
            Status::Received | Status::Settled | Status::Rejected => {}
        }
    }
    for t in &triggers {
        match t {
            Trigger::Settle | Trigger::Reject => {}
        }
    }
    machine(&statuses, &triggers, transition)
}

fn webhook_deliveries() -> Machine {
    use webhooks::state::delivery::{DeliveryStatus, Trigger, transition};
    let mut triggers = vec![Trigger::Abandon];
    for delivered in BOOLS {
        for retry_left in BOOLS {
            triggers.push(Trigger::Attempted {
                delivered,
                retry_left,
            });
        }
    }
    machine(&DeliveryStatus::ALL, &triggers, transition)
}

fn webhook_endpoints() -> Machine {
    use webhooks::state::endpoint::{self, EndpointStatus, Trigger, transition};
    let triggers = [
        Trigger::Enable,
        Trigger::Disable,
        Trigger::DeliveryFailed {
            consecutive_failures: 1,
            failing_for_ms: 0,
        },
        Trigger::DeliveryFailed {
            consecutive_failures: endpoint::DISABLE_MIN_FAILURES,
            failing_for_ms: endpoint::DISABLE_AFTER_MS,
        },
    ];
    machine(&EndpointStatus::ALL, &triggers, transition)
}

/// The machines, by id prefix (`pi_...`).
fn machines() -> &'static BTreeMap<&'static str, Machine> {
    static MACHINES: OnceLock<BTreeMap<&'static str, Machine>> = OnceLock::new();
    MACHINES.get_or_init(|| {
        BTreeMap::from([
            ("pi", intents()),
            // Nested: an intent's attempts, by their own table.
            ("pi.attempts", attempts()),
            ("re", refunds()),
            ("dp", disputes()),
            ("po", payouts()),
            ("pb", payout_batches()),
            ("pbr", payout_batch_rows()),
            ("fxq", fx_quotes()),
            ("acct", accounts()),
            ("pay", switch_payments()),
            ("sc", settlement_cycles()),
            ("sub", subscriptions()),
            ("inv", invoices()),
            ("plan", plans()),
            ("rem", remittances()),
            ("rt", routes()),
            ("ofp", offline_promises()),
            ("wd", webhook_deliveries()),
            ("we", webhook_endpoints()),
        ])
    })
}

/// The stored status of an object's bytes, if it has one (a route's is
/// its `stage`).
pub fn status(bytes: &[u8]) -> Option<String> {
    let value: serde_json::Value = serde_json::from_slice(bytes).ok()?;
    value
        .get("status")
        .or_else(|| value.get("stage"))?
        .as_str()
        .map(str::to_string)
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

/// The nested machines of an object: each element of its `attempts` (an
/// intent's) moves by the attempts' table from its status before the
/// command (by its `id`); a new element may start in any status.
pub fn check_nested(id: &str, before: Option<&[u8]>, now: &[u8]) -> Result<(), String> {
    let Some((prefix, _)) = id.split_once('_') else {
        return Ok(());
    };
    let field = "attempts";
    let Some(machine) = machines().get(format!("{prefix}.{field}").as_str()) else {
        return Ok(());
    };
    let statuses = |bytes: &[u8]| -> BTreeMap<String, String> {
        serde_json::from_slice::<serde_json::Value>(bytes)
            .ok()
            .and_then(|v| v.get(field).and_then(|a| a.as_array()).cloned())
            .into_iter()
            .flatten()
            .filter_map(|e| {
                Some((
                    e.get("id")?.as_str()?.to_string(),
                    e.get("status")?.as_str()?.to_string(),
                ))
            })
            .collect()
    };
    let was = before.map(statuses).unwrap_or_default();
    for (nested, to) in statuses(now) {
        if !machine.statuses.contains(&to) {
            return Err(format!(
                "{id}: its {field} {nested} is in {to}, a status it does not have"
            ));
        }
        if let Some(from) = was.get(&nested)
            && *from != to
            && !machine.reaches.contains(&(from.clone(), to.clone()))
        {
            return Err(format!(
                "{id}: its {field} {nested} moved {from} -> {to}, which no path of its transition table allows"
            ));
        }
    }
    Ok(())
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

    #[test]
    fn subscriptions_invoices_remittances_routes_and_deliveries_have_their_tables() {
        assert!(super::check("sub_1", Some("TRIALING"), "ACTIVE").is_ok());
        assert!(super::check("sub_1", Some("CANCELLED"), "ACTIVE").is_err());
        assert!(super::check("sub_1", Some("UNPAID"), "PAST_DUE").is_err());
        assert!(super::check("inv_1", Some("FAILED"), "PAID").is_ok());
        assert!(super::check("inv_1", Some("VOID"), "OPEN").is_err());
        assert!(super::check("rem_1", Some("pending"), "completed").is_ok());
        assert!(super::check("rem_1", Some("completed"), "pending").is_err());
        assert!(super::check("rt_1", Some("QUOTED"), "SETTLED").is_ok());
        assert!(super::check("rt_1", Some("SETTLED"), "FAILED").is_err());
        assert!(super::check("wd_1", Some("PENDING"), "DELIVERED").is_ok());
        assert!(super::check("wd_1", Some("FAILED"), "PENDING").is_err());
        assert!(super::check("pbr_1", Some("PAID"), "FAILED").is_err());
        assert!(super::check("pbr_1", Some("NEEDS_REVIEW"), "PAID").is_ok());
        assert!(super::check("ofp_1", None, "SETTLED").is_ok());
        assert!(super::check("ofp_1", Some("RECEIVED"), "REJECTED").is_ok());
        assert!(super::check("ofp_1", Some("SETTLED"), "REJECTED").is_err());
        assert!(super::check("ofp_1", Some("REJECTED"), "SETTLED").is_err());
        // A route's status is its stage.
        assert_eq!(
            super::status(br#"{"id":"rt_1","stage":"FUNDED"}"#).as_deref(),
            Some("FUNDED")
        );
    }

    #[test]
    fn an_intents_attempts_move_by_their_own_table() {
        let intent = |status: &str| {
            format!(
                r#"{{"id":"pi_1","status":"PROCESSING","attempts":[{{"id":"att_1","status":"{status}"}}]}}"#
            )
        };
        let (processing, captured) = (intent("PROCESSING"), intent("CAPTURED"));
        assert!(
            super::check_nested("pi_1", Some(processing.as_bytes()), captured.as_bytes()).is_ok()
        );
        assert!(super::check_nested("pi_1", None, captured.as_bytes()).is_ok());
        let err = super::check_nested("pi_1", Some(captured.as_bytes()), processing.as_bytes());
        assert!(err.is_err_and(|e| e.contains("att_1 moved CAPTURED -> PROCESSING")));
        let nowhere = intent("SOMEWHERE");
        assert!(super::check_nested("pi_1", None, nowhere.as_bytes()).is_err());
    }
}
