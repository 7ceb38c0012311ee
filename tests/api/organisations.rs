//! Many organisations in one gateway (issue 18 point 0): added offline or by
//! the operator, each with its owner and test keys, and apart from each other.

use serde_json::{Value, json};

use crate::support::ik;
use crate::support::intents::{SUCCEED, body, create, id_of};
use crate::support::orgs::add_org;
use crate::support::{TestServer, assert_error};
use crate::team::{self, OWNER, OWNER_PASSWORD, OWNER_PIN};

/// A server whose store holds the instance's organisation (its owner
/// `OWNER`) and a second one, B, whose JSON `orgs add` printed.
fn two_organisations() -> (TestServer, Value) {
    let args = [
        "--webhook-egress",
        "local",
        "--sandbox-settlement-ms",
        "200",
    ];
    TestServer::start_with_args(&args, |dir| {
        team::add_user(dir, OWNER, "owner", OWNER_PASSWORD, OWNER_PIN);
        // A third organisation, to which A sends a transfer B must not see.
        add_org(dir, "@delta", "owner@delta.example");
        add_org(dir, "@beta", "owner@beta.example")
    })
}

fn login_b(srv: &TestServer, b: &Value) -> String {
    let owner = &b["owner"];
    team::login(
        srv,
        owner["email"].as_str().expect("email"),
        owner["password"].as_str().expect("password"),
    )
}

#[test]
fn an_added_organisation_has_its_own_keys_owner_and_money() {
    let (srv, b) = two_organisations();
    let b_key = b["keys"]["secret_key"].as_str().expect("sk");
    assert!(b_key.starts_with("sk_test_"));
    assert_eq!(b["organisation"]["tag"], "beta");
    let paid = create(
        &srv,
        &body(json!({"amount_minor": 10_000, "customer_msisdn": SUCCEED, "confirm": true})),
    );
    assert_eq!(paid["status"], "SETTLEMENT_PENDING");
    // B sees none of A's money or intents; its own list is empty.
    let b_list = srv.get("/payment_intents", Some(b_key));
    assert_eq!(b_list.body["data"], json!([]), "{b_list:?}");
    let b_balance = srv.get("/balance", Some(b_key));
    assert_eq!(b_balance.status, 200);
    assert!(
        b_balance.body["balances"]
            .as_array()
            .is_none_or(|b| b.iter().all(|c| c["pending_minor"] == 0)),
        "{b_balance:?}"
    );
    // B's owner logs in to B: B's intents (none), not A's.
    let session = login_b(&srv, &b);
    let mine = srv.get("/payment_intents", Some(&session));
    assert_eq!(mine.status, 200, "{mine:?}");
    assert_eq!(mine.body["data"], json!([]), "{mine:?}");
    let a_owner = team::login(&srv, OWNER, OWNER_PASSWORD);
    let a_list = srv.get("/payment_intents", Some(&a_owner));
    assert_eq!(a_list.body["data"][0]["id"], paid["id"], "{a_list:?}");
}

#[test]
fn the_operator_adds_and_disables_organisations_and_nobody_else_may() {
    let (srv, b) = two_organisations();
    let operator = team::login(&srv, OWNER, OWNER_PASSWORD);
    let new = json!({"name": "Gamma", "country": "CD", "default_currency": "USD", "tag": "gamma", "owner_email": "owner@gamma.example"});
    let created = srv.post("/organisations", Some(&operator), &new, Some(&ik()));
    assert_eq!(created.status, 201, "{created:?}");
    let gamma_key = created.body["keys"]["secret_key"].as_str().expect("sk");
    assert_eq!(srv.get("/balance", Some(gamma_key)).status, 200);
    // A taken tag is refused, naming it.
    let again = json!({"name": "Other", "country": "CD", "default_currency": "CDF", "tag": "@Gamma", "owner_email": "x@other.example"});
    let taken = srv.post("/organisations", Some(&operator), &again, Some(&ik()));
    assert_eq!(
        assert_error(&taken, 409, "organisation_exists")["param"],
        "tag"
    );
    // B's owner is not the operator; keys never are.
    let b_session = login_b(&srv, &b);
    let refused = srv.post("/organisations", Some(&b_session), &new, Some(&ik()));
    assert_error(&refused, 403, "operator_required");
    assert_error(
        &srv.post("/organisations", srv.sk(), &new, Some(&ik())),
        403,
        "session_required",
    );
    // Delta and Beta (added offline) and Gamma; not the instance's own.
    let listed = srv.get("/organisations", Some(&operator));
    assert_eq!(
        listed.body["data"].as_array().map(Vec::len),
        Some(3),
        "{listed:?}"
    );
    // Disabled: Gamma's key stops working.
    let gamma = created.body["organisation"]["id"].as_str().expect("id");
    let disabled = srv.post(
        &format!("/organisations/{gamma}/disable"),
        Some(&operator),
        &json!({}),
        Some(&ik()),
    );
    assert_eq!(disabled.body["status"], "disabled", "{disabled:?}");
    assert_error(
        &srv.get("/balance", Some(gamma_key)),
        403,
        "organisation_disabled",
    );
    // Disabling it again answers it as it is (the lifecycle's self-move).
    let again = srv.post(
        &format!("/organisations/{gamma}/disable"),
        Some(&operator),
        &json!({}),
        Some(&ik()),
    );
    assert_eq!(again.status, 200, "{again:?}");
    assert_eq!(again.body["status"], "disabled", "{again:?}");
}

/// Issue 18 point 0: every served operation with an object in its path,
/// called with another organisation's credentials on this one's object,
/// answers 404 and changes nothing.
#[test]
fn every_operation_on_another_organisations_object_is_404_and_changes_nothing() {
    let (srv, b) = two_organisations();
    let b_key = b["keys"]["secret_key"].as_str().expect("sk").to_string();
    let b_session = login_b(&srv, &b);
    let a_session = team::login(&srv, OWNER, OWNER_PASSWORD);
    let ids = objects_of_a(&srv, &a_session);
    let before = state_of_a(&srv, &ids);

    let document: Value =
        serde_json::from_str(&crate::support::checked_in_openapi()).expect("openapi");
    let mut checked = 0;
    for (template, operations) in document["paths"].as_object().expect("paths") {
        // Operator-only (organisations, the gateway's FX rates): another
        // organisation gets 403 there.
        if !template.contains('{')
            || template.starts_with("/organisations")
            || template.starts_with("/fx/rates")
            // A consent code is a capability a lender reads with its own
            // key (tests/api/credit_readiness.rs); consents are walked below.
            || template == "/credit_readiness/{code}"
            // `{rail}` names a provider, not an object: each organisation
            // has its own configuration of it (tests/api/rails.rs).
            || template.starts_with("/rails/")
        {
            continue;
        }
        // Batches live under /payouts beside single payouts: their own kind.
        let kind = if template.starts_with("/payouts/batches/") {
            "payout_batches"
        } else if template.starts_with("/credit_readiness/consents/") {
            "credit_consents"
        } else {
            template.split('/').nth(1).unwrap_or_default()
        };
        let Some(id) = ids.get(kind) else {
            panic!("no object of organisation A for {template}");
        };
        // A late payment is named under its intent: the intent's owner decides.
        let path = template
            .replace("{id}", id)
            .replace("{code}", id)
            // A batch's row is named under its batch: the batch's owner decides.
            .replace("{row}", "1")
            .replace("{late_payment}", "lp_01kaaaaaaaaaaaaaaaaaaaaaaa");
        for method in operations.as_object().expect("operations").keys() {
            let method = method.to_ascii_uppercase();
            let input = body_for(&method, template);
            let call = |credential: &str| {
                let auth = format!("Bearer {credential}");
                let key = ik();
                srv.request(
                    &method,
                    &path,
                    &[
                        ("Authorization", auth.as_str()),
                        ("Content-Type", "application/json"),
                        ("Idempotency-Key", key.as_str()),
                    ],
                    (method != "GET").then(|| input.to_string().into_bytes()),
                )
            };
            // A key where keys may call it, else B's owner's session.
            let mut resp = call(&b_key);
            if resp.body["code"] == "session_required" {
                resp = call(&b_session);
            }
            assert_eq!(
                resp.status, 404,
                "{method} {path} with B's credentials: {resp:?}"
            );
            assert!(
                resp.body["code"]
                    .as_str()
                    .is_some_and(|c| c.ends_with("not_found")),
                "{method} {path}: {resp:?}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 35, "only {checked} operations walked");
    // Objects named in a body or a filter are A's too: not found for B.
    let pi = &ids["payment_intents"];
    let location = &ids["locations"];
    for (path, input, code) in [
        (
            "/refunds",
            json!({"payment_intent": pi, "amount_minor": 100, "reason": "x"}),
            "intent_not_found",
        ),
        (
            "/disputes",
            json!({"payment_intent": pi, "amount_minor": 100, "reason": "fraudulent"}),
            "intent_not_found",
        ),
        (
            "/qr_codes",
            json!({"currency": "CDF", "location": location}),
            "location_not_found",
        ),
        (
            "/payment_intents",
            json!({"amount_minor": 100, "currency": "CDF", "location_id": location}),
            "location_not_found",
        ),
    ] {
        let resp = srv.post(path, Some(&b_key), &input, Some(&ik()));
        assert_error(&resp, 404, code);
    }
    let filtered = srv.get(&format!("/refunds?payment_intent={pi}"), Some(&b_key));
    assert_eq!(filtered.body["data"], json!([]), "{filtered:?}");
    assert_eq!(
        state_of_a(&srv, &ids),
        before,
        "B's calls changed A's objects"
    );
}

/// A body that passes validation, so that the ownership check is what answers.
fn body_for(method: &str, template: &str) -> Value {
    match (method, template) {
        ("POST", "/payment_intents/{id}/confirm") => json!({"customer_msisdn": SUCCEED}),
        ("POST", "/payment_intents/{id}/review") => json!({"outcome": "paid", "note": "checked"}),
        ("POST", "/refunds/{id}/reject") => json!({"reason": "not ours"}),
        ("POST", "/disputes/{id}/respond") => json!({"text": "receipt attached"}),
        ("PATCH", "/webhook_endpoints/{id}") => json!({"description": "x"}),
        ("POST", "/qr_codes/{id}/revoke") => json!({"reason": "lost"}),
        ("POST", "/locations/{id}/terminals") => json!({"label": "Till"}),
        ("POST", "/test_clocks/{id}/advance") => json!({"frozen_time": "2030-01-01T00:00:00Z"}),
        ("PATCH", "/team/members/{id}") => json!({"role": "viewer"}),
        ("PATCH", "/accounts/{id}") => json!({"application_fee_bps": 10}),
        ("POST", "/routes/{id}/cancel") => json!({"reason": "not ours"}),
        ("POST", "/subscriptions/{id}/usage") => json!({"quantity": 1}),
        ("POST", "/subscriptions/{id}/cancel") => json!({"immediately": true}),
        // A PIN does not make another organisation's batch approvable (a
        // key ignores it; the batch is not found before any PIN is checked).
        ("POST", "/payouts/batches/{id}/approve") => json!({"pin": OWNER_PIN}),
        // Reviews of parked money (issue 47): one shape.
        (
            "POST",
            "/payouts/{id}/review"
            | "/routes/{id}/review"
            | "/payments/{id}/review"
            | "/refunds/{id}/review"
            | "/payment_intents/{id}/late_payments/{late_payment}/review",
        ) => {
            json!({"outcome": "paid", "evidence": {"reference": "REF-0001"}})
        }
        ("POST", "/ai/{agent}") => json!({"input": "which rail?"}),
        _ => json!({}),
    }
}

/// One object of every kind that has a path of its own, made by A.
fn objects_of_a(
    srv: &TestServer,
    session: &str,
) -> std::collections::HashMap<&'static str, String> {
    let mut ids = std::collections::HashMap::new();
    let post = |path: &str, input: Value| {
        let resp = srv.post(path, srv.sk(), &input, Some(&ik()));
        assert!(resp.status < 300, "{path}: {resp:?}");
        resp.body
    };
    let receiver = crate::support::Receiver::ok();
    let endpoint = post("/webhook_endpoints", json!({"url": receiver.url()}));
    ids.insert("webhook_endpoints", id_of(&endpoint));
    create(
        srv,
        &body(json!({"amount_minor": 90_000, "customer_msisdn": SUCCEED, "confirm": true})),
    );
    let paid = create(
        srv,
        &body(json!({"amount_minor": 10_000, "customer_msisdn": SUCCEED, "confirm": true})),
    );
    ids.insert("payment_intents", id_of(&paid));
    let settled = crate::support::intents::wait_for_status(
        srv,
        &id_of(&paid),
        "SETTLED",
        std::time::Duration::from_secs(10),
    );
    let cycle = settled["settlement"]["id"]
        .as_str()
        .expect("its settlement cycle");
    ids.insert("settlement_cycles", cycle.to_string());
    ids.insert("settlements", cycle.to_string());
    let profile = post(
        "/settlement_profiles",
        json!({"currency": "USD", "schedule": "manual"}),
    );
    ids.insert("settlement_profiles", id_of(&profile));
    let transfer = post(
        "/transfers",
        json!({"to": "@delta", "amount_minor": 1_000, "currency": "CDF"}),
    );
    ids.insert("transfers", id_of(&transfer));
    let payout = post(
        "/payouts",
        json!({"amount_minor": 1_000, "currency": "CDF",
               "destination": {"method": "mobile_money", "operator_id": "mpesa_cd", "phone": SUCCEED}}),
    );
    ids.insert("payouts", id_of(&payout));
    let route = post(
        "/routes",
        json!({"amount_minor": 1_000, "currency": "CDF", "destination": {"method": "keep"}}),
    );
    ids.insert("routes", id_of(&route));
    let quote = post(
        "/fx/quotes",
        json!({"amount_minor": 1_000, "currency": "USD", "target_currency": "CDF"}),
    );
    ids.insert("fx", id_of(&quote));
    let payment = post(
        "/payments",
        json!({"merchant_order_id": "iso-1", "amount_minor": 1_000, "currency": "CDF",
               "product": "MERCHANT_PAYMENT", "payer_binding": "bind_payer"}),
    );
    ids.insert("payments", id_of(&payment));
    let statement = post(
        "/reconciliation/statements",
        json!({"rail": "national_switch",
               "csv": format!("reference,amount,currency,date\n{},10.00,CDF,2026-11-28\n", id_of(&payment))}),
    );
    ids.insert("reconciliation", id_of(&statement));
    let diaspora = post(
        "/diaspora/quotes",
        json!({"institution": "ins_sandbox_school", "purpose_code": "SCHOOL", "reference": "STU-1",
               "source_currency": "USD", "source_minor": 1_000}),
    );
    ids.insert("diaspora", id_of(&diaspora));
    ids.insert(
        "transactions",
        paid["collection_transaction"]
            .as_str()
            .expect("txn")
            .to_string(),
    );
    let refund = post(
        "/refunds",
        json!({"payment_intent": id_of(&paid), "amount_minor": 1_000, "reason": "requested_by_customer"}),
    );
    ids.insert("refunds", id_of(&refund));
    let dispute = post(
        "/disputes",
        json!({"payment_intent": id_of(&paid), "amount_minor": 1_000, "reason": "fraudulent"}),
    );
    ids.insert("disputes", id_of(&dispute));
    let checkout = post(
        "/checkout_sessions",
        json!({"currency": "CDF", "line_items": [{"name": "Tea", "unit_amount_minor": 500, "quantity": 1}]}),
    );
    ids.insert("checkout_sessions", id_of(&checkout));
    let link = post(
        "/payment_links",
        json!({"currency": "CDF", "amount_minor": 500, "description": "Tea"}),
    );
    ids.insert("payment_links", id_of(&link));
    let request = post(
        "/money_requests",
        json!({"payer": "+243000000501", "amount_minor": 700, "currency": "CDF"}),
    );
    ids.insert(
        "money_requests",
        request["code"].as_str().expect("code").to_string(),
    );
    let location = post(
        "/locations",
        json!({"name": "Shop", "city": "Kinshasa", "country": "CD"}),
    );
    ids.insert("locations", id_of(&location));
    let qr = post(
        "/qr_codes",
        json!({"currency": "CDF", "location": id_of(&location)}),
    );
    ids.insert("qr_codes", id_of(&qr));
    let batch = post(
        "/payouts/batches",
        json!({"currency": "CDF", "rows": [{"method": "mobile_money", "amount": "10", "operator_id": "mpesa", "phone": "+243810000001", "name": "Amani"}]}),
    );
    ids.insert("payout_batches", id_of(&batch));
    let clock = post(
        "/test_clocks",
        json!({"frozen_time": "2027-01-01T00:00:00Z"}),
    );
    ids.insert("test_clocks", id_of(&clock));
    let account = post(
        "/accounts",
        json!({"business_name": "Boutique Connectee", "type": "merchant",
               "email": "connected@a.example", "country": "CD"}),
    );
    ids.insert("accounts", id_of(&account));
    let plan = post(
        "/plans",
        json!({"name": "Isolation", "currency": "CDF", "amount_minor": 1_000, "interval": "month",
               "trial_days": 7, "usage_unit": "sms", "usage_price_minor": 5}),
    );
    ids.insert("plans", id_of(&plan));
    let subscription = post(
        "/subscriptions",
        json!({"plan": id_of(&plan), "customer": {"msisdn": SUCCEED}}),
    );
    ids.insert("subscriptions", id_of(&subscription));
    let events = srv.get("/events", srv.sk());
    ids.insert(
        "events",
        events.body["data"][0]["id"]
            .as_str()
            .expect("evt")
            .to_string(),
    );
    let deliveries = crate::support::wait_until(
        std::time::Duration::from_secs(10),
        "a delivery",
        || {
            let d = srv.get(
                &format!("/webhook_endpoints/{}/deliveries", id_of(&endpoint)),
                srv.sk(),
            );
            d.body["data"][0]["id"].as_str().map(String::from)
        },
        String::new,
    );
    ids.insert("webhook_deliveries", deliveries);
    let run = post("/ai/SavingsAdvisor", json!({"input": "what can I save?"}));
    ids.insert("ai", run["run"]["id"].as_str().expect("run").to_string());
    let consent = srv.post(
        "/credit_readiness/consents",
        Some(session),
        &json!({}),
        Some(&ik()),
    );
    assert_eq!(consent.status, 201, "{consent:?}");
    ids.insert("credit_consents", id_of(&consent.body));
    let keys = srv.get("/api_keys", Some(session));
    ids.insert(
        "api_keys",
        keys.body["data"][0]["id"]
            .as_str()
            .expect("key")
            .to_string(),
    );
    let members = srv.get("/team/members", Some(session));
    ids.insert(
        "team",
        members.body["data"][0]["id"]
            .as_str()
            .expect("member")
            .to_string(),
    );
    ids
}

/// What A's objects and money look like, to compare before and after.
fn state_of_a(
    srv: &TestServer,
    ids: &std::collections::HashMap<&'static str, String>,
) -> Vec<Value> {
    let mut state = vec![srv.get("/balance", srv.sk()).body];
    for (kind, id) in ids {
        if [
            "payment_intents",
            "refunds",
            "disputes",
            "checkout_sessions",
            "qr_codes",
            "test_clocks",
            "webhook_endpoints",
            "payouts",
            "accounts",
            "plans",
            "subscriptions",
        ]
        .contains(kind)
        {
            state.push(srv.get(&format!("/{kind}/{id}"), srv.sk()).body);
        }
        if *kind == "payout_batches" {
            state.push(srv.get(&format!("/payouts/batches/{id}"), srv.sk()).body);
        }
    }
    state
}
