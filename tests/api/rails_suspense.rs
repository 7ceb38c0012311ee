//! Late payments out of suspense (issue 28, decisions 268–270): money a
//! live provider confirmed after its intent had closed sits in the
//! merchant's suspense balance until the merchant refunds it (one
//! disbursement to the payer through the rail outbox) or releases it (to
//! available, net of fees); never both, never twice.

use serde_json::{Value, json};

use crate::rails::{
    PENDING, WITHIN, balance, callback, events_of, intent, momo_transfers, pay, start, suspense,
};
use crate::rails_sim::{self, Momo};
use crate::support::ik;
use crate::support::{Resp, TestServer, assert_error, wait_until};

/// A live CDF payment of 10 000 whose intent is cancelled before MTN says
/// SUCCESSFUL: its money lands in suspense. Returns (intent, late payment).
fn late_payment(srv: &TestServer, live: &str, sim: &Momo) -> (String, String) {
    let id = pay(srv, live, PENDING);
    let before = posts_pending(sim).len();
    let posted = wait_until(
        WITHIN,
        "the request to pay",
        || posts_pending(sim).into_iter().nth(before),
        || srv.logs(),
    );
    let cancelled = srv.post(
        &format!("/payment_intents/{id}/cancel"),
        Some(live),
        &json!({}),
        Some(&ik()),
    );
    assert_eq!(cancelled.body["status"], "CANCELLED", "{cancelled:?}");
    sim.decide(&posted.reference, "SUCCESSFUL", None);
    callback(srv, &posted, &sim.callback_body(&posted.reference));
    let late = wait_until(
        WITHIN,
        "the late payment",
        || {
            let now = intent(srv, live, &id);
            now["late_payments"][0]["id"].as_str().map(str::to_string)
        },
        || srv.logs(),
    );
    (id, late)
}

/// MTN's requests to pay from the PENDING number, oldest first.
fn posts_pending(sim: &Momo) -> Vec<rails_sim::Posted> {
    crate::rails::posts_for(sim, PENDING)
        .into_iter()
        .filter(|p| p.product == "collection")
        .collect()
}

fn act(srv: &TestServer, live: &str, id: &str, late: &str, action: &str, key: &str) -> Resp {
    srv.post(
        &format!("/payment_intents/{id}/late_payments/{late}/{action}"),
        Some(live),
        &json!({}),
        Some(key),
    )
}

fn late_status(srv: &TestServer, live: &str, id: &str) -> Value {
    intent(srv, live, id)["late_payments"][0]["status"].clone()
}

#[track_caller]
fn wait_late_status(srv: &TestServer, live: &str, id: &str, status: &str) {
    wait_until(
        WITHIN,
        &format!("late payment of {id} {status}"),
        || (late_status(srv, live, id) == status).then_some(()),
        || format!("{}\n{}", intent(srv, live, id), srv.logs()),
    );
}

#[test]
fn a_late_payment_is_refunded_out_of_suspense_once_even_after_a_refused_transfer() {
    let sim = Momo::start();
    let (srv, live) = start(&sim, "3600000");
    let (id, late) = late_payment(&srv, &live, &sim);
    assert_eq!(suspense(&srv, &live, "CDF"), 10_000);
    assert_eq!(late_status(&srv, &live, &id), "HELD");
    // Refunded: the money leaves suspense at once (reserved), one transfer.
    let key = ik();
    let refunding = act(&srv, &live, &id, &late, "refund", &key);
    assert_eq!(refunding.status, 200, "{refunding:?}");
    assert_eq!(refunding.body["late_payments"][0]["status"], "REFUNDING");
    assert_eq!(suspense(&srv, &live, "CDF"), 0);
    // The same key answers the same, and sends nothing more; another key
    // and a release are refused while it runs.
    let replay = act(&srv, &live, &id, &late, "refund", &key);
    assert_eq!(replay.body, refunding.body);
    assert_error(
        &act(&srv, &live, &id, &late, "refund", &ik()),
        409,
        "late_payment_not_held",
    );
    assert_error(
        &act(&srv, &live, &id, &late, "release", &ik()),
        409,
        "late_payment_not_held",
    );
    let transfer = wait_until(
        WITHIN,
        "the refund's transfer",
        || momo_transfers(&sim, PENDING).into_iter().next(),
        || srv.logs(),
    );
    assert_eq!(transfer.amount, "100.00", "{transfer:?}");
    // MTN refuses it: HELD again, the money back in suspense.
    sim.decide(&transfer.reference, "FAILED", Some("PAYEE_NOT_FOUND"));
    callback(&srv, &transfer, &sim.callback_body(&transfer.reference));
    wait_late_status(&srv, &live, &id, "HELD");
    assert_eq!(suspense(&srv, &live, "CDF"), 10_000);
    let failed = intent(&srv, &live, &id);
    assert!(
        failed["late_payments"][0]["refund_failure"]
            .as_str()
            .is_some_and(|f| f.contains("invalid_account")),
        "{failed}"
    );
    assert_eq!(
        events_of(&srv, &live, "payment_intent.late_payment_refund_failed").len(),
        1
    );
    // Refunded again: paid this time; a duplicate callback changes nothing.
    let again = act(&srv, &live, &id, &late, "refund", &ik());
    assert_eq!(again.status, 200, "{again:?}");
    let second = wait_until(
        WITHIN,
        "the second transfer",
        || momo_transfers(&sim, PENDING).into_iter().nth(1),
        || srv.logs(),
    );
    sim.decide(&second.reference, "SUCCESSFUL", None);
    for _ in 0..2 {
        callback(&srv, &second, &sim.callback_body(&second.reference));
    }
    wait_late_status(&srv, &live, &id, "REFUNDED");
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(momo_transfers(&sim, PENDING).len(), 2, "one per refund");
    assert_eq!(suspense(&srv, &live, "CDF"), 0);
    assert_eq!(balance(&srv, &live), (0, 0), "nothing reached the merchant");
    assert_eq!(
        events_of(&srv, &live, "payment_intent.late_payment_refunded").len(),
        1
    );
    // Final: neither refunded again nor released.
    assert_error(
        &act(&srv, &live, &id, &late, "release", &ik()),
        409,
        "late_payment_not_held",
    );
    assert_error(
        &act(&srv, &live, &id, &late, "refund", &ik()),
        409,
        "late_payment_not_held",
    );
    assert_error(
        &act(
            &srv,
            &live,
            &id,
            "lp_01kaaaaaaaaaaaaaaaaaaaaaaa",
            "refund",
            &ik(),
        ),
        404,
        "late_payment_not_found",
    );
}

#[test]
fn a_released_late_payment_moves_to_available_net_of_fees_once() {
    let sim = Momo::start();
    let (srv, live) = start(&sim, "3600000");
    let (id, late) = late_payment(&srv, &live, &sim);
    let (pending_before, available_before) = balance(&srv, &live);
    let released = act(&srv, &live, &id, &late, "release", &ik());
    assert_eq!(released.status, 200, "{released:?}");
    assert_eq!(released.body["late_payments"][0]["status"], "RELEASED");
    assert_eq!(
        released.body["status"], "CANCELLED",
        "the intent stays closed"
    );
    assert_eq!(suspense(&srv, &live, "CDF"), 0);
    let (pending, available) = balance(&srv, &live);
    assert_eq!(pending, pending_before);
    let net = available - available_before;
    assert!(net > 0 && net < 10_000, "net of fees: {net}");
    assert_error(
        &act(&srv, &live, &id, &late, "release", &ik()),
        409,
        "late_payment_not_held",
    );
    assert_error(
        &act(&srv, &live, &id, &late, "refund", &ik()),
        409,
        "late_payment_not_held",
    );
    assert_eq!(balance(&srv, &live).1, available, "released once");
    assert!(momo_transfers(&sim, PENDING).is_empty(), "nothing paid out");
    assert_eq!(
        events_of(&srv, &live, "payment_intent.late_payment_released").len(),
        1
    );
}
