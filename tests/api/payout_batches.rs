//! Payout batches (issue 19 point 2): columns, creation from a CSV or JSON
//! rows with every row validated, totals, fees and readiness, the export,
//! lists, one batch, cancellation.

use std::time::Duration;

use serde_json::{Value, json};

use crate::support::balances::fund;
use crate::support::events::object_ids;
use crate::support::ik;
use crate::support::intents::{body, create, id_of, wait_for_status};
use crate::support::{Resp, TestServer, assert_error};

const HEADER: &str = "method,amount,operator_id,phone,name,reference";

/// `POST /payouts/batches` with the test sk key and a fresh Idempotency-Key.
fn create_batch(srv: &TestServer, input: &Value) -> Resp {
    srv.post("/payouts/batches", srv.sk(), input, Some(&ik()))
}

#[track_caller]
fn created(srv: &TestServer, input: &Value) -> Value {
    let resp = create_batch(srv, input);
    assert_eq!(resp.status, 201, "{resp:?}");
    resp.body
}

fn csv(rows: &[String]) -> String {
    format!("{HEADER}\n{}\n", rows.join("\n"))
}

/// A valid mobile-money row paying `amount_minor` CDF to payee `i`.
fn mm_row(i: usize, amount_minor: i64) -> String {
    format!(
        "mobile_money,{}.{:02},mpesa,+2438100{i:05},Payee {i},REF-{i}",
        amount_minor / 100,
        amount_minor % 100
    )
}

/// A payout's fee: 70 bps half up, at least 1 minor unit (decision 107).
fn fee(amount_minor: i64) -> i64 {
    ((amount_minor * 70 + 5_000) / 10_000).max(1)
}

fn batches(srv: &TestServer, query: &str) -> Vec<Value> {
    let resp = srv.get(&format!("/payouts/batches{query}"), srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body["data"].as_array().cloned().expect("a data list")
}

fn get_batch(srv: &TestServer, id: &str, query: &str) -> Value {
    let resp = srv.get(&format!("/payouts/batches/{id}{query}"), srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body
}

fn errors_by_line(batch: &Value) -> Vec<(i64, String, String)> {
    batch["errors"]
        .as_array()
        .expect("errors")
        .iter()
        .map(|e| {
            (
                e["line"].as_i64().expect("line"),
                e["field"].as_str().unwrap_or("-").to_string(),
                e["code"].as_str().expect("code").to_string(),
            )
        })
        .collect()
}

#[test]
fn the_columns_are_the_origins_with_what_each_method_requires() {
    let (srv, rk) = TestServer::start_with(|dir| {
        crate::support::create_key(dir, "rk", "test", &["balance:read"])
    });
    let resp = srv.get("/payouts/batches/columns", srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    let names: Vec<&str> = resp.body["columns"]
        .as_array()
        .expect("columns")
        .iter()
        .map(|c| c["name"].as_str().expect("name"))
        .collect();
    assert_eq!(
        names,
        [
            "method",
            "amount",
            "wallet",
            "operator_id",
            "phone",
            "name",
            "bank_name",
            "account_name",
            "account_number",
            "country",
            "swift",
            "bank_account_id",
            "reference"
        ]
    );
    let methods = &resp.body["methods"];
    assert_eq!(
        methods[0],
        json!({"method": "mobile_money", "required": ["operator_id", "phone"]})
    );
    // The single payout's rule: a name and a BIC are optional.
    assert_eq!(
        methods[1]["required"],
        json!(["bank_name", "account_name", "account_number", "country"])
    );
    assert_eq!(resp.body["rows_max"], 5_000);
    // A key without payouts:read is refused.
    assert_error(
        &srv.get("/payouts/batches/columns", Some(&rk)),
        403,
        "scope_denied",
    );
}

#[test]
fn a_1000_row_csv_is_validated_and_stored_with_its_totals_fees_and_rows_in_line_order() {
    let srv = TestServer::start();
    let amounts: Vec<i64> = (0..1_000).map(|i| 10_000 + i * 1_237).collect();
    let rows: Vec<String> = amounts
        .iter()
        .enumerate()
        .map(|(i, a)| mm_row(i, *a))
        .collect();
    let batch = created(
        &srv,
        &json!({"currency": "CDF", "csv": csv(&rows), "reference": "July salaries", "note": "team"}),
    );
    let total: i64 = amounts.iter().sum();
    let fees: i64 = amounts.iter().map(|a| fee(*a)).sum();
    assert_eq!(batch["object"], "payout_batch");
    assert_eq!(batch["status"], "PENDING_APPROVAL");
    assert_eq!(batch["source"], "csv");
    assert_eq!(
        batch["counts"],
        json!({"rows": 1000, "valid": 1000, "invalid": 0, "paid": 0, "failed": 0, "skipped": 0,
               "processing": 0, "needs_review": 0})
    );
    assert_eq!(batch["total_minor"], total);
    assert_eq!(batch["fees_minor"], fees);
    assert_eq!(batch["total_with_fees_minor"], total + fees);
    assert_eq!(batch["error_count"], 0);
    assert_eq!(batch["readiness"]["funds"]["required_minor"], total + fees);
    assert_eq!(batch["readiness"]["invalid_rows"]["ok"], true);
    assert_eq!(batch["maker"]["kind"], "api_key");
    // The first page: lines 2 to 51, normalised cells, fee per row.
    let first = batch["rows"]["data"].as_array().expect("rows");
    assert_eq!(first.len(), 50);
    assert_eq!(first[0]["line"], 2);
    assert_eq!(first[0]["status"], "VALID");
    assert_eq!(first[0]["amount_minor"], amounts[0]);
    assert_eq!(first[0]["fee_minor"], fee(amounts[0]));
    assert_eq!(first[0]["cells"]["phone"], "+243810000000");
    assert_eq!(first[49]["line"], 51);
    assert_eq!(batch["rows"]["has_more"], true);
    // GET pages on through the rows, in line order.
    let id = id_of(&batch);
    let cursor = batch["rows"]["next_cursor"].as_str().expect("cursor");
    let next = get_batch(&srv, &id, &format!("?limit=200&cursor={cursor}"));
    let page = next["rows"]["data"].as_array().expect("rows");
    assert_eq!(page.len(), 200);
    assert_eq!(page[0]["line"], 52);
    assert_eq!(page[199]["line"], 251);
    assert_eq!(next["total_minor"], total);
    assert_eq!(
        batch["rows"]["data"],
        get_batch(&srv, &id, "")["rows"]["data"]
    );
    // The event says what it would pay.
    let events = srv.get("/events?type=payout_batch.created", srv.sk());
    let object = &events.body["data"][0]["data"]["object"];
    assert_eq!(object["id"], id.as_str(), "{events:?}");
    assert_eq!(object["total_minor"], total);
    assert!(object.get("rows").is_none(), "events carry no rows");
}

#[test]
fn invalid_rows_are_reported_by_line_and_field_and_block_approval_unless_skipped() {
    let srv = TestServer::start();
    let text = [
        HEADER.to_string(),
        mm_row(1, 1_000),                                        // line 2: valid
        "mobile_money,12.345,mpesa,+243810000002,Two,R2".into(), // 3: amount
        "mobile_money,5,mpesa,,Three,R3".into(),                 // 4: phone
        "mobile_money,5,zain,+243810000004,Four,R4".into(),      // 5: operator
        mm_row(1, 1_000),                                        // 6: duplicate of 2
        "cash,5,,,,R7".into(),                                   // 7: method
        "bank,5,,,,".into(),                                     // 8: bank details
        "mobile_money,5,mtn,+243810000009,Nine,R9".into(),       // 9: no CDF
    ]
    .join("\r\n");
    let batch = created(&srv, &json!({"currency": "CDF", "csv": text}));
    assert_eq!(batch["counts"]["valid"], 1);
    assert_eq!(batch["counts"]["invalid"], 7);
    let errors = errors_by_line(&batch);
    for expected in [
        (3, "amount", "invalid_amount"),
        (4, "phone", "required"),
        (5, "operator_id", "unknown_operator"),
        (6, "reference", "duplicate"),
        (7, "method", "unknown_method"),
        (8, "bank_name", "required"),
        (8, "country", "required"),
        (9, "operator_id", "currency_not_supported"),
    ] {
        assert!(
            errors.contains(&(expected.0, expected.1.into(), expected.2.into())),
            "{expected:?} not in {errors:?}"
        );
    }
    assert_eq!(batch["error_count"], errors.len());
    let amount_error = &batch["errors"][0];
    assert!(
        amount_error["message"]
            .as_str()
            .is_some_and(|m| m.contains("12.345") && m.contains("2 decimals")),
        "{amount_error}"
    );
    // The invalid row keeps what was sent, and its errors.
    let row = &batch["rows"]["data"][1];
    assert_eq!(row["status"], "INVALID");
    assert_eq!(row["cells"]["amount"], "12.345");
    assert_eq!(row["amount_minor"], Value::Null);
    assert_eq!(row["errors"][0]["field"], "amount");
    // Totals count the valid rows only.
    assert_eq!(batch["total_minor"], 1_000);
    assert_eq!(batch["fees_minor"], fee(1_000));
    let readiness = &batch["readiness"];
    assert_eq!(readiness["ready"], false);
    assert_eq!(readiness["invalid_rows"]["ok"], false);
    assert!(
        readiness["blockers"]
            .as_array()
            .is_some_and(|b| b.contains(&json!("invalid_rows"))),
        "{readiness}"
    );
    let skipping = created(
        &srv,
        &json!({"currency": "CDF", "csv": text, "skip_invalid": true}),
    );
    assert_eq!(skipping["readiness"]["invalid_rows"]["ok"], true);
    assert!(
        !skipping["readiness"]["blockers"]
            .as_array()
            .is_some_and(|b| b.contains(&json!("invalid_rows"))),
        "{skipping}"
    );
}

#[test]
fn rows_and_csv_together_are_refused_naming_the_field_and_nothing_is_stored() {
    let srv = TestServer::start();
    let both = json!({"currency": "CDF", "csv": csv(&[mm_row(1, 1_000)]),
                      "rows": [{"method": "mobile_money", "amount": "10"}]});
    let refused = create_batch(&srv, &both);
    assert_eq!(
        assert_error(&refused, 400, "validation_error")["param"],
        "csv"
    );
    let neither = create_batch(&srv, &json!({"currency": "CDF"}));
    assert_eq!(
        assert_error(&neither, 400, "validation_error")["param"],
        "rows"
    );
    let unknown = create_batch(
        &srv,
        &json!({"currency": "CDF", "csv": "method,amount,iban\nbank,1,x\n"}),
    );
    assert_eq!(assert_error(&unknown, 400, "invalid_csv")["param"], "csv");
    let currency = create_batch(
        &srv,
        &json!({"currency": "cdf", "csv": csv(&[mm_row(1, 1_000)])}),
    );
    assert_error(&currency, 400, "invalid_currency");
    let float = create_batch(
        &srv,
        &json!({"currency": "CDF", "rows": [{"method": "mobile_money", "amount": 12.5}]}),
    );
    assert_eq!(
        assert_error(&float, 400, "validation_error")["param"],
        "rows[0].amount"
    );
    assert!(batches(&srv, "").is_empty());
}

#[test]
fn more_than_5000_rows_are_refused_413_and_nothing_is_stored() {
    let srv = TestServer::start();
    let rows: Vec<String> = (0..5_001).map(|i| format!("bank,{i}")).collect();
    let text = format!("method,amount\n{}\n", rows.join("\n"));
    let refused = create_batch(&srv, &json!({"currency": "CDF", "csv": text}));
    let error = assert_error(&refused, 413, "batch_too_large");
    assert_eq!(error["param"], "csv");
    assert!(
        error["message"]
            .as_str()
            .is_some_and(|m| m.contains("5000")),
        "{refused:?}"
    );
    let json_rows = vec![json!({"method": "bank", "amount": "1"}); 5_001];
    let refused = create_batch(&srv, &json!({"currency": "CDF", "rows": json_rows}));
    assert_eq!(
        assert_error(&refused, 413, "batch_too_large")["param"],
        "rows"
    );
    // Over the body limit: refused before it is read as JSON.
    let huge = "x".repeat(1024 * 1024 + 1);
    let refused = create_batch(&srv, &json!({"currency": "CDF", "csv": huge}));
    assert_error(&refused, 413, "payload_too_large");
    assert!(batches(&srv, "").is_empty());
    let events = srv.get("/events?type=payout_batch.created", srv.sk());
    assert_eq!(events.body["data"], json!([]), "{events:?}");
}

#[test]
fn a_bom_crlf_and_quoted_fields_are_accepted() {
    let srv = TestServer::start();
    let text = "\u{feff}Method,Amount,Operator_ID,Phone,Name,Reference\r\n\
                mobile_money,10,mpesa,243810000001,\"Kabila, Amani \"\"Junior\"\"\",\"R,1\"\r\n\
                \r\n\
                mobile_money,\"20.50\",mpesa,+243 81 000 0002,\"Two\r\nLines\",R2\r\n\
                mobile_money,30,mpesa,+243810000003,Three,\"\"\"quoted\"\"\"\r\n";
    let batch = created(&srv, &json!({"currency": "CDF", "csv": text}));
    assert_eq!(batch["counts"]["rows"], 3, "{batch}");
    let rows = batch["rows"]["data"].as_array().expect("rows");
    assert_eq!(rows[0]["status"], "VALID", "{batch}");
    assert_eq!(rows[0]["cells"]["name"], "Kabila, Amani \"Junior\"");
    assert_eq!(rows[0]["cells"]["reference"], "R,1");
    assert_eq!(rows[0]["cells"]["phone"], "+243810000001");
    // A line break inside quotes is read as part of the cell; no name holds one.
    assert_eq!(rows[1]["line"], 4);
    assert_eq!(rows[1]["cells"]["name"], "Two\r\nLines");
    assert_eq!(rows[1]["errors"][0]["field"], "name");
    // The next record starts two lines further down.
    assert_eq!(rows[2]["line"], 6);
    assert_eq!(rows[2]["status"], "VALID");
    assert_eq!(rows[2]["cells"]["reference"], "\"quoted\"");
    assert_eq!(batch["total_minor"], 1_000 + 3_000);
}

#[test]
fn amounts_are_read_exactly_with_the_currencys_exponent() {
    let srv = TestServer::start();
    let cdf = created(
        &srv,
        &json!({"currency": "CDF", "rows": [
            {"method": "mobile_money", "amount": "1.1", "operator_id": "mpesa", "phone": "+243810000001", "name": "Al"},
            {"method": "mobile_money", "amount": "1.20", "operator_id": "mpesa", "phone": "+243810000002", "name": "Bo"},
            {"method": "mobile_money", "amount": "12.345", "operator_id": "mpesa", "phone": "+243810000003", "name": "Cy"},
            {"method": "mobile_money", "amount_minor": 1234, "operator_id": "mpesa", "phone": "+243810000004", "name": "Di"},
            {"method": "mobile_money", "amount": 7, "operator_id": "mpesa", "phone": "+243810000005", "name": "Ed"},
            {"method": "mobile_money", "amount": "0.99", "operator_id": "mpesa", "phone": "+243810000006", "name": "Fa"},
        ]}),
    );
    assert_eq!(cdf["source"], "rows");
    assert_eq!(cdf["total_minor"], 110 + 120 + 1_234 + 700);
    // Exact, and never below the smallest payout (100 minor units).
    assert_eq!(
        errors_by_line(&cdf),
        vec![
            (3, "amount".into(), "invalid_amount".into()),
            (6, "amount".into(), "invalid_amount".into())
        ]
    );
    assert_eq!(cdf["rows"]["data"][3]["cells"]["amount"], "12.34");
    let ugx = created(
        &srv,
        &json!({"currency": "UGX", "csv": "method,amount,operator_id,phone,name\n\
                 mobile_money,1500,mtn,+256700000001,Al\nmobile_money,12.5,mtn,+256700000002,Bo\n"}),
    );
    assert_eq!(ugx["total_minor"], 1_500);
    assert_eq!(
        errors_by_line(&ugx),
        vec![(3, "amount".into(), "invalid_amount".into())]
    );
    let kwd = created(
        &srv,
        &json!({"currency": "KWD", "csv": "method,amount,bank_name,account_name,account_number,country,swift\n\
                 bank,1.234,NBK,Amani K,KW81CBKU0000000000001234560101,KW,NBOKKWKW\n"}),
    );
    assert_eq!(kwd["total_minor"], 1_234, "{kwd}");
    assert_eq!(kwd["fees_minor"], fee(1_234));
}

#[test]
fn wallet_rows_name_an_organisation_of_this_gateway() {
    let (srv, _) = TestServer::start_with(|dir| {
        crate::support::orgs::add_org(dir, "@beta", "owner@beta.example")
    });
    let batch = created(
        &srv,
        &json!({"currency": "CDF", "rows": [
            {"method": "wallet", "amount": "10", "wallet": "@beta"},
            {"method": "wallet", "amount": "10", "wallet": "@nobody"},
            {"method": "wallet", "amount": "10", "wallet": "@BETA"},
        ]}),
    );
    let rows = batch["rows"]["data"].as_array().expect("rows");
    assert_eq!(rows[0]["status"], "VALID", "{batch}");
    assert!(
        rows[0]["recipient"]
            .as_str()
            .is_some_and(|r| r.starts_with("org_"))
    );
    assert_eq!(rows[1]["errors"][0]["code"], "recipient_not_found");
    // The same organisation by another spelling is a duplicate.
    assert_eq!(rows[2]["errors"][0]["code"], "duplicate", "{batch}");
}

#[test]
fn readiness_compares_the_available_balance_with_the_total_and_fees() {
    let (srv, payouts_reader) =
        TestServer::start_with_args(&["--sandbox-settlement-ms", "200"], |dir| {
            crate::support::create_key(dir, "rk", "test", &["payouts:read"])
        });
    let input = json!({"currency": "CDF", "csv": csv(&[mm_row(1, 40_000)])});
    let poor = created(&srv, &input);
    let funds = &poor["readiness"]["funds"];
    assert_eq!(funds["sufficient"], false, "{poor}");
    assert_eq!(funds["required_minor"], 40_000 + 280);
    assert_eq!(funds["shortfall_minor"], 40_280);
    assert_eq!(poor["readiness"]["blockers"], json!(["insufficient_funds"]));
    let paid = create(
        &srv,
        &body(json!({"amount_minor": 90_000, "customer_msisdn": "+243000000501", "confirm": true})),
    );
    wait_for_status(&srv, &id_of(&paid), "SETTLED", Duration::from_secs(10));
    let wallets = srv.get("/wallets", srv.sk());
    let available = wallets.body["data"][0]["available_minor"]
        .as_i64()
        .expect("available");
    let now = get_batch(&srv, &id_of(&poor), "");
    assert_eq!(now["readiness"]["funds"]["available_minor"], available);
    assert_eq!(now["readiness"]["ready"], true, "{now}");
    assert_eq!(now["readiness"]["approval"]["api_keys_may_approve"], false);
    // A reader of payouts without balance:read sees whether the funds suffice,
    // not the balance (issue 44).
    let seen = srv.get(
        &format!("/payouts/batches/{}", id_of(&poor)),
        Some(&payouts_reader),
    );
    assert_eq!(seen.status, 200, "{seen:?}");
    let funds = &seen.body["readiness"]["funds"];
    assert_eq!(funds["sufficient"], true, "{funds}");
    assert_eq!(funds["required_minor"], 40_000 + 280);
    assert!(funds.get("available_minor").is_none(), "{funds}");
    assert!(funds.get("shortfall_minor").is_none(), "{funds}");
}

#[test]
fn a_batch_is_cancelled_while_pending_approval_and_not_after_and_both_are_audited() {
    let srv = crate::team::start(&[]);
    let owner = crate::team::login(&srv, crate::team::OWNER, crate::team::OWNER_PASSWORD);
    let input = json!({"currency": "CDF", "csv": csv(&[mm_row(1, 5_000)])});
    let made = srv.post("/payouts/batches", Some(&owner), &input, Some(&ik()));
    assert_eq!(made.status, 201, "{made:?}");
    assert_eq!(made.body["maker"]["kind"], "member");
    assert_eq!(
        made.body["readiness"]["approval"]["maker_needs_step_up"],
        true
    );
    let id = id_of(&made.body);
    let before = srv.get("/balance", srv.sk()).body;
    let cancel = |reason: Value| {
        srv.post(
            &format!("/payouts/batches/{id}/cancel"),
            srv.sk(),
            &reason,
            None,
        )
    };
    let cancelled = cancel(json!({"reason": "wrong month"}));
    assert_eq!(cancelled.status, 200, "{cancelled:?}");
    assert_eq!(cancelled.body["status"], "CANCELLED");
    assert_eq!(cancelled.body["cancellation"]["reason"], "wrong month");
    assert_eq!(cancelled.body["cancellation"]["by"]["kind"], "api_key");
    let again = cancel(json!({}));
    let error = assert_error(&again, 409, "payout_batch_not_cancellable");
    assert!(
        error["message"]
            .as_str()
            .is_some_and(|m| m.contains("CANCELLED")),
        "{again:?}"
    );
    let got = get_batch(&srv, &id, "");
    assert_eq!(got["status"], "CANCELLED");
    assert_eq!(got["readiness"]["blockers"][0], "status");
    assert_eq!(
        got["rows"]["data"][0]["status"], "VALID",
        "rows stay as they were"
    );
    assert_eq!(srv.get("/balance", srv.sk()).body, before, "nothing moved");
    assert_error(
        &srv.post(
            "/payouts/batches/pb_nope/cancel",
            srv.sk(),
            &json!({}),
            None,
        ),
        404,
        "payout_batch_not_found",
    );
    let events = srv.get("/events?type=payout_batch.cancelled", srv.sk());
    assert_eq!(events.body["data"][0]["data"]["object"]["id"], id.as_str());
    let audit = srv.get("/audit_log?limit=100", Some(&owner));
    let actions: Vec<(&str, &str)> = audit.body["data"]
        .as_array()
        .expect("audit")
        .iter()
        .filter_map(|e| Some((e["action"].as_str()?, e["target"].as_str()?)))
        .collect();
    assert!(
        actions.contains(&("payout_batch.created", id.as_str())),
        "{audit:?}"
    );
    assert!(
        actions.contains(&("payout_batch.cancelled", id.as_str())),
        "{audit:?}"
    );
}

#[test]
fn batches_are_listed_newest_first_by_status_and_page() {
    let srv = TestServer::start();
    let ids: Vec<String> = (0..3)
        .map(|i| {
            let input = json!({"currency": "CDF", "csv": csv(&[mm_row(i, 5_000)])});
            id_of(&created(&srv, &input))
        })
        .collect();
    let resp = srv.post(
        &format!("/payouts/batches/{}/cancel", ids[1]),
        srv.sk(),
        &json!({}),
        None,
    );
    assert_eq!(resp.status, 200, "{resp:?}");
    let all: Vec<String> = batches(&srv, "").iter().map(id_of).collect();
    assert_eq!(all, vec![ids[2].clone(), ids[1].clone(), ids[0].clone()]);
    let listed = &batches(&srv, "")[0];
    assert!(listed.get("rows").is_none() && listed.get("readiness").is_none());
    let cancelled: Vec<String> = batches(&srv, "?status=CANCELLED")
        .iter()
        .map(id_of)
        .collect();
    assert_eq!(cancelled, vec![ids[1].clone()]);
    let page = srv.get("/payouts/batches?limit=2", srv.sk());
    assert_eq!(page.body["has_more"], true);
    let cursor = page.body["next_cursor"].as_str().expect("cursor");
    let rest: Vec<String> = batches(&srv, &format!("?limit=2&cursor={cursor}"))
        .iter()
        .map(id_of)
        .collect();
    assert_eq!(rest, vec![ids[0].clone()]);
    assert_error(
        &srv.get("/payouts/batches?status=DONE", srv.sk()),
        400,
        "validation_error",
    );
    assert_error(
        &srv.get("/payouts/batches/pb_0000", srv.sk()),
        404,
        "payout_batch_not_found",
    );
}

#[test]
fn a_replayed_create_answers_the_same_batch_and_stores_one() {
    let srv = TestServer::start();
    let key = ik();
    let input = json!({"currency": "CDF", "csv": csv(&[mm_row(1, 5_000), mm_row(2, 6_000)])});
    let first = srv.post("/payouts/batches", srv.sk(), &input, Some(&key));
    assert_eq!(first.status, 201, "{first:?}");
    let replay = srv.post("/payouts/batches", srv.sk(), &input, Some(&key));
    assert_eq!(replay.status, 201);
    assert_eq!(replay.header("idempotent-replayed"), Some("true"));
    assert_eq!(replay.body, first.body);
    let other = json!({"currency": "CDF", "csv": csv(&[mm_row(3, 5_000)])});
    let reused = srv.post("/payouts/batches", srv.sk(), &other, Some(&key));
    assert_error(&reused, 409, "idempotency_key_reused");
    assert_error(
        &srv.post("/payouts/batches", srv.sk(), &input, None),
        400,
        "idempotency_key_required",
    );
    assert_eq!(batches(&srv, "").len(), 1);
}

#[test]
fn the_csv_export_neutralises_formulas_and_uploads_back_unchanged() {
    let srv = TestServer::start();
    let rows = json!([
        {"method": "mobile_money", "amount": "10", "operator_id": "mpesa", "phone": "+243810000001", "name": "=HYPERLINK(\"http://x\",\"y\")", "reference": "@SUM(A1)"},
        {"method": "mobile_money", "amount": "11", "operator_id": "mpesa", "phone": "+243810000002", "name": "-2+3", "reference": "+cmd"},
        {"method": "mobile_money", "amount": "-5", "operator_id": "mpesa", "phone": "=1+1", "name": "\tTab"},
    ]);
    let batch = created(&srv, &json!({"currency": "CDF", "rows": rows}));
    let id = id_of(&batch);
    let export = srv.get(&format!("/payouts/batches/{id}?format=csv"), srv.sk());
    assert_eq!(export.status, 200, "{export:?}");
    assert_eq!(
        export.header("content-type"),
        Some("text/csv; charset=utf-8")
    );
    assert!(
        export
            .header("content-disposition")
            .is_some_and(|d| d.contains(&format!("{id}.csv")))
    );
    let text = &export.text;
    assert!(
        text.starts_with("\u{feff}method,amount,wallet,operator_id,phone,name,"),
        "{text}"
    );
    assert!(text.ends_with("\r\n"));
    for line in text.lines().skip(1) {
        for cell in line.split(',') {
            let cell = cell.trim_start_matches('"');
            assert!(
                !cell.starts_with(['=', '+', '-', '@', '\t', '\r']),
                "unneutralised cell {cell:?} in {line:?}"
            );
        }
    }
    assert!(text.contains("'=HYPERLINK"), "{text}");
    assert!(text.contains("'+243810000001"), "{text}");
    assert!(text.contains(",INVALID,"), "{text}");
    // The export uploads as it is: same rows, same cells.
    let again = created(&srv, &json!({"currency": "CDF", "csv": text}));
    assert_eq!(again["counts"], batch["counts"]);
    for (a, b) in again["rows"]["data"]
        .as_array()
        .expect("rows")
        .iter()
        .zip(batch["rows"]["data"].as_array().expect("rows"))
    {
        assert_eq!(a["cells"], b["cells"]);
        assert_eq!(a["status"], b["status"]);
    }
    assert_error(
        &srv.get(&format!("/payouts/batches/{id}?format=pdf"), srv.sk()),
        400,
        "validation_error",
    );
}

// Approval and execution (issue 19 points 3 to 5).

const FINANCE: &str = "finance@example.com";
const FINANCE_PASSWORD: &str = "finance-password-Vb7";
const FINANCE_PIN: &str = "553311";
/// Sandbox payout numbers (docs/payouts.md).
const PAID: &str = "+243000000501";

/// A server with the owner (`team::OWNER`), a finance member and a second
/// organisation `@beta`, whose `orgs add` JSON it returns.
fn start_team(args: &[&str]) -> (TestServer, Value) {
    let mut all = vec!["--sandbox-settlement-ms", "200"];
    all.extend_from_slice(args);
    TestServer::start_with_args(&all, |dir| {
        crate::team::add_user(
            dir,
            crate::team::OWNER,
            "owner",
            crate::team::OWNER_PASSWORD,
            crate::team::OWNER_PIN,
        );
        crate::team::add_user(dir, FINANCE, "finance", FINANCE_PASSWORD, FINANCE_PIN);
        crate::support::orgs::add_org(dir, "@beta", "owner@beta.example")
    })
}

fn owner(srv: &TestServer) -> String {
    crate::team::login(srv, crate::team::OWNER, crate::team::OWNER_PASSWORD)
}

fn finance(srv: &TestServer) -> String {
    crate::team::login(srv, FINANCE, FINANCE_PASSWORD)
}

/// (available, reserved, in transit) of CDF for `key`'s organisation.
#[track_caller]
fn cdf(srv: &TestServer, key: Option<&str>) -> (i64, i64, i64) {
    let balance = srv.get("/balance", key);
    assert_eq!(balance.status, 200, "{balance:?}");
    let found = balance.body["balances"]
        .as_array()
        .and_then(|b| b.iter().find(|b| b["currency"] == "CDF").cloned())
        .unwrap_or(json!({}));
    let of = |class: &str| found[class].as_i64().unwrap_or(0);
    (
        of("available_minor"),
        of("reserved_minor"),
        of("in_transit_minor"),
    )
}

/// A batch of `rows` made by `credential` (a key or a session).
#[track_caller]
fn made_by(srv: &TestServer, credential: &str, rows: &[String]) -> Value {
    let input = json!({"currency": "CDF", "csv": csv(rows), "reference": "July"});
    let resp = srv.post("/payouts/batches", Some(credential), &input, Some(&ik()));
    assert_eq!(resp.status, 201, "{resp:?}");
    resp.body
}

/// A row paying `amount_minor` CDF to `phone` (the sandbox decides by it).
fn to_phone(phone: &str, amount_minor: i64, reference: &str) -> String {
    format!(
        "mobile_money,{}.{:02},mpesa,{phone},Payee,{reference}",
        amount_minor / 100,
        amount_minor % 100
    )
}

fn approve(srv: &TestServer, id: &str, credential: &str, input: &Value) -> Resp {
    srv.post(
        &format!("/payouts/batches/{id}/approve"),
        Some(credential),
        input,
        None,
    )
}

/// Every row of a batch, in line order.
fn all_rows(srv: &TestServer, id: &str) -> Vec<Value> {
    let mut rows = Vec::new();
    let mut query = "?limit=200".to_string();
    loop {
        let page = get_batch(srv, id, &query)["rows"].clone();
        rows.extend(page["data"].as_array().cloned().expect("a data list"));
        match page["next_cursor"].as_str() {
            Some(cursor) if page["has_more"] == true => {
                query = format!("?limit=200&cursor={cursor}");
            }
            _ => return rows,
        }
    }
}

/// Every payout of the organisation, newest first.
fn all_payouts(srv: &TestServer) -> Vec<Value> {
    let mut payouts = Vec::new();
    let mut query = "?limit=200".to_string();
    loop {
        let resp = srv.get(&format!("/payouts{query}"), srv.sk());
        assert_eq!(resp.status, 200, "{resp:?}");
        let page = resp.body;
        payouts.extend(page["data"].as_array().cloned().expect("a data list"));
        match page["next_cursor"].as_str() {
            Some(cursor) if page["has_more"] == true => {
                query = format!("?limit=200&cursor={cursor}");
            }
            _ => return payouts,
        }
    }
}

#[test]
fn the_maker_approves_only_with_a_pin_another_member_without_and_a_key_never_for_the_owner() {
    let (srv, _) = start_team(&[]);
    fund(&srv, 200_000);
    let (owner, finance) = (owner(&srv), finance(&srv));
    let before = cdf(&srv, srv.sk());
    // The owner's own batch: refused without step-up and with a wrong PIN.
    let mine = id_of(&made_by(&srv, &owner, &[to_phone(PAID, 10_000, "A1")]));
    let alone = approve(&srv, &mine, &owner, &json!({}));
    assert_eq!(
        assert_error(&alone, 403, "step_up_required")["param"],
        "pin"
    );
    assert_error(
        &approve(&srv, &mine, &owner, &json!({"pin": "000000"})),
        403,
        "step_up_required",
    );
    // An API key acts as the owner and never steps up, PIN or not.
    let sk = srv.sk().expect("sk").to_string();
    assert_error(
        &approve(&srv, &mine, &sk, &json!({"pin": crate::team::OWNER_PIN})),
        403,
        "step_up_required",
    );
    assert_eq!(cdf(&srv, srv.sk()), before, "nothing moved");
    assert_eq!(get_batch(&srv, &mine, "")["status"], "PENDING_APPROVAL");
    // With the PIN: paid at once (one chunk), the run says so.
    let stepped = approve(&srv, &mine, &owner, &json!({"pin": crate::team::OWNER_PIN}));
    assert_eq!(stepped.status, 200, "{stepped:?}");
    assert_eq!(stepped.body["status"], "EXECUTED");
    let run = &stepped.body["runs"][0];
    assert_eq!(run["stepped_up"], true);
    assert_eq!(run["approved_by"]["kind"], "member");
    assert_eq!(run["reserved_minor"], 10_070);
    assert_eq!(stepped.body["counts"]["paid"], 1);
    // A finance member's batch: the owner approves it without a PIN.
    let theirs = id_of(&made_by(&srv, &finance, &[to_phone(PAID, 20_000, "B1")]));
    let checked = approve(&srv, &theirs, &owner, &json!({}));
    assert_eq!(checked.status, 200, "{checked:?}");
    assert_eq!(checked.body["status"], "EXECUTED");
    assert_eq!(checked.body["runs"][0]["stepped_up"], false);
    // The row's payout names the batch and row; the money left once each.
    let row = &get_batch(&srv, &theirs, "")["rows"]["data"][0];
    assert_eq!(row["status"], "PAID");
    let payout = srv.get(
        &format!("/payouts/{}", row["payout"].as_str().expect("payout")),
        srv.sk(),
    );
    assert_eq!(payout.body["batch"], json!({"id": theirs, "row": 1}));
    assert_eq!(payout.body["status"], "PAID");
    assert_eq!(payout.body["fee_minor"], 140);
    assert_eq!(
        cdf(&srv, srv.sk()),
        (before.0 - 10_070 - 20_140, 0, 0),
        "paid with fees; nothing left reserved"
    );
    // Events and the audit log.
    assert_eq!(object_ids(&srv, "payout_batch.approved").len(), 2);
    let executed = object_ids(&srv, "payout_batch.executed");
    assert!(executed.contains(&mine) && executed.contains(&theirs));
    let audit = srv.get("/audit_log?limit=100", Some(&owner));
    let approvals = audit.body["data"]
        .as_array()
        .expect("audit")
        .iter()
        .filter(|e| e["action"] == "payout_batch.approved")
        .count();
    assert_eq!(approvals, 2, "{audit:?}");
    // Done: a third approval is refused.
    assert_error(
        &approve(&srv, &theirs, &owner, &json!({})),
        409,
        "payout_batch_not_approvable",
    );
}

#[test]
fn two_concurrent_approvals_execute_once() {
    let (srv, _) = start_team(&[]);
    fund(&srv, 1_000_000);
    let before = cdf(&srv, srv.sk());
    let rows: Vec<String> = (0..40)
        .map(|i| to_phone(&format!("+2438100{i:05}"), 10_000, &format!("C{i}")))
        .collect();
    // Made by a finance member: the owner's session and an API key may
    // both approve it without a PIN, so both calls race to the writer.
    let id = id_of(&made_by(&srv, &finance(&srv), &rows));
    let (owner, sk) = (owner(&srv), srv.sk().expect("sk").to_string());
    let answers: Vec<Resp> = std::thread::scope(|s| {
        let calls: Vec<_> = [&owner, &sk]
            .into_iter()
            .map(|credential| s.spawn(|| approve(&srv, &id, credential, &json!({}))))
            .collect();
        calls
            .into_iter()
            .map(|c| c.join().expect("an approval"))
            .collect()
    });
    let mut statuses: Vec<u16> = answers.iter().map(|a| a.status).collect();
    statuses.sort_unstable();
    assert_eq!(statuses, vec![200, 409], "{answers:?}");
    let refused = answers.iter().find(|a| a.status == 409).expect("409");
    assert_error(refused, 409, "payout_batch_not_approvable");
    let done = get_batch(&srv, &id, "");
    assert_eq!(done["status"], "EXECUTED");
    assert_eq!(done["runs"].as_array().map(Vec::len), Some(1));
    let payouts = all_payouts(&srv);
    assert_eq!(payouts.len(), 40, "each row paid once");
    assert_eq!(cdf(&srv, srv.sk()), (before.0 - 40 * 10_070, 0, 0));
}

#[test]
fn a_partial_failure_is_retried_by_re_approval_for_the_failed_rows_only() {
    let (srv, beta) = start_team(&[]);
    fund(&srv, 500_000);
    let owner = owner(&srv);
    let beta_key = beta["keys"]["secret_key"].as_str().expect("beta sk");
    // A per-transfer limit under the wallet row's amount refuses its transfer.
    let limits = srv.request(
        "PUT",
        "/transfer_limits",
        &[
            ("Authorization", &format!("Bearer {owner}")),
            ("Content-Type", "application/json"),
        ],
        Some(
            json!({"per_transfer_minor": 1_000})
                .to_string()
                .into_bytes(),
        ),
    );
    assert_eq!(limits.status, 200, "{limits:?}");
    let before = cdf(&srv, srv.sk());
    let text = "method,amount,operator_id,phone,name,reference,wallet\n\
                mobile_money,100,mpesa,+243000000501,Payee,P1,\n\
                mobile_money,200,mpesa,+243000000404,Payee,F1,\n\
                mobile_money,300,mpesa,+243000000503,Payee,F2,\n\
                wallet,400,,,,W1,@beta\n";
    let made = srv.post(
        "/payouts/batches",
        srv.sk(),
        &json!({"currency": "CDF", "csv": text}),
        Some(&ik()),
    );
    assert_eq!(made.status, 201, "{made:?}");
    let id = id_of(&made.body);
    let wallet_fee = made.body["rows"]["data"][3]["fee_minor"]
        .as_i64()
        .expect("fee");
    assert_eq!(wallet_fee, 300, "a transfer's fee: 75 bps");
    // Made with the key (the owner): a finance member approves it.
    let finance = finance(&srv);
    let first = approve(&srv, &id, &finance, &json!({}));
    assert_eq!(first.status, 200, "{first:?}");
    assert_eq!(first.body["status"], "PARTIAL");
    assert_eq!(first.body["counts"]["paid"], 1);
    assert_eq!(first.body["counts"]["failed"], 3);
    let rows = all_rows(&srv, &id);
    let failures: Vec<&str> = rows
        .iter()
        .map(|r| r["failure"]["code"].as_str().unwrap_or("-"))
        .collect();
    assert_eq!(
        failures,
        [
            "-",
            "invalid_account",
            "provider_unavailable",
            "limit_exceeded"
        ]
    );
    // Only the paid row's money left: failed payouts came back, the
    // refused transfer's share was released.
    assert_eq!(cdf(&srv, srv.sk()), (before.0 - 10_070, 0, 0));
    assert_eq!(first.body["runs"][0]["released_minor"], 40_000 + 300);
    assert_eq!(
        object_ids(&srv, "payout_batch.partial"),
        std::slice::from_ref(&id)
    );
    let paid_payout = rows[0]["payout"].clone();
    // The limit is raised; re-approval retries the three FAILED rows only.
    let raised = srv.request(
        "PUT",
        "/transfer_limits",
        &[
            ("Authorization", &format!("Bearer {owner}")),
            ("Content-Type", "application/json"),
        ],
        Some(
            json!({"per_transfer_minor": 100_000_000})
                .to_string()
                .into_bytes(),
        ),
    );
    assert_eq!(raised.status, 200, "{raised:?}");
    let beta_before = cdf(&srv, Some(beta_key));
    let readiness = &get_batch(&srv, &id, "")["readiness"];
    assert_eq!(
        readiness["funds"]["required_minor"],
        20_140 + 30_210 + 40_300
    );
    let second = approve(&srv, &id, &finance, &json!({}));
    assert_eq!(second.status, 200, "{second:?}");
    assert_eq!(second.body["status"], "PARTIAL");
    assert_eq!(second.body["runs"][1]["rows"], 3);
    assert_eq!(second.body["counts"]["paid"], 2);
    let rows = all_rows(&srv, &id);
    let attempts: Vec<i64> = rows
        .iter()
        .map(|r| r["attempts"].as_i64().unwrap_or(0))
        .collect();
    assert_eq!(attempts, [1, 2, 2, 2], "the paid row was left alone");
    assert_eq!(rows[0]["payout"], paid_payout);
    assert_eq!(rows[3]["status"], "PAID");
    assert!(
        rows[3]["transfer"]
            .as_str()
            .is_some_and(|t| t.starts_with("tr_"))
    );
    assert_eq!(
        cdf(&srv, Some(beta_key)).0,
        beta_before.0 + 40_000,
        "the wallet row reached @beta"
    );
    assert_eq!(cdf(&srv, srv.sk()), (before.0 - 10_070 - 40_300, 0, 0));
    // Paid rows: one payout each; each failed row one per attempt.
    assert_eq!(all_payouts(&srv).len(), 1 + 2 * 2);
}

#[test]
fn approval_without_the_funds_is_422_and_nothing_moves() {
    let (srv, _) = start_team(&[]);
    fund(&srv, 30_000);
    let (available, _, _) = cdf(&srv, srv.sk());
    let id = id_of(&made_by(
        &srv,
        srv.sk().expect("sk"),
        &[to_phone(PAID, available, "X1")],
    ));
    let owner = owner(&srv);
    let short = approve(&srv, &id, &owner, &json!({"pin": crate::team::OWNER_PIN}));
    let error = assert_error(&short, 422, "insufficient_funds");
    assert!(
        error["message"]
            .as_str()
            .is_some_and(|m| m.contains("nothing moved")),
        "{short:?}"
    );
    let batch = get_batch(&srv, &id, "");
    assert_eq!(batch["status"], "PENDING_APPROVAL");
    assert_eq!(batch["runs"], json!([]));
    assert_eq!(cdf(&srv, srv.sk()), (available, 0, 0));
    assert!(all_payouts(&srv).is_empty());
    assert!(object_ids(&srv, "payout_batch.approved").is_empty());
    // Invalid rows without skip_invalid are refused the same way.
    let invalid = made_by(
        &srv,
        srv.sk().expect("sk"),
        &[
            to_phone(PAID, 1_000, "Y1"),
            "mobile_money,5,mpesa,,Payee,Y2".into(),
        ],
    );
    let refused = approve(
        &srv,
        &id_of(&invalid),
        &owner,
        &json!({"pin": crate::team::OWNER_PIN}),
    );
    assert_eq!(
        assert_error(&refused, 422, "payout_batch_not_ready")["param"],
        "skip_invalid"
    );
    assert_eq!(cdf(&srv, srv.sk()), (available, 0, 0));
}

#[test]
fn a_kill_mid_execution_then_a_restart_pays_every_row_exactly_once() {
    const ROWS: usize = 600;
    let (mut srv, _) = start_team(&["--payout-batch-chunk-rows", "1"]);
    fund(&srv, 10_000_000);
    let before = cdf(&srv, srv.sk());
    let rows: Vec<String> = (0..ROWS)
        .map(|i| to_phone(&format!("+2438100{i:05}"), 10_000, &format!("K{i}")))
        .collect();
    let id = id_of(&made_by(&srv, srv.sk().expect("sk"), &rows));
    let approved = approve(&srv, &id, &finance(&srv), &json!({}));
    assert_eq!(approved.status, 200, "{approved:?}");
    assert_eq!(approved.body["status"], "EXECUTING");
    // Some chunks have committed; kill -9 while the rest wait.
    crate::support::wait_until(
        Duration::from_secs(30),
        "some rows paid",
        || (get_batch(&srv, &id, "")["counts"]["paid"].as_i64() >= Some(20)).then_some(()),
        String::new,
    );
    srv.restart();
    let at_restart = get_batch(&srv, &id, "");
    assert_eq!(
        at_restart["status"], "EXECUTING",
        "the kill landed mid-execution"
    );
    assert!(at_restart["counts"]["paid"].as_u64() < Some(ROWS as u64));
    // The durable chunk timer resumes the run where its cursor stopped.
    let done = crate::support::wait_until(
        Duration::from_secs(120),
        "the batch executed",
        || {
            let batch = get_batch(&srv, &id, "");
            (batch["status"] == "EXECUTED").then_some(batch)
        },
        || get_batch(&srv, &id, "")["counts"].to_string(),
    );
    assert_eq!(done["counts"]["paid"], ROWS);
    let rows = all_rows(&srv, &id);
    assert!(
        rows.iter()
            .all(|r| r["status"] == "PAID" && r["attempts"] == 1)
    );
    // One payout per row, each naming its row once.
    let payouts = all_payouts(&srv);
    assert_eq!(payouts.len(), ROWS);
    let mut numbered: Vec<i64> = payouts
        .iter()
        .map(|p| p["batch"]["row"].as_i64().expect("a batch row"))
        .collect();
    numbered.sort_unstable();
    assert_eq!(numbered, (1..=ROWS as i64).collect::<Vec<_>>());
    let per_row: std::collections::HashSet<&str> =
        rows.iter().filter_map(|r| r["payout"].as_str()).collect();
    assert_eq!(per_row.len(), ROWS);
    assert_eq!(
        cdf(&srv, srv.sk()),
        (before.0 - ROWS as i64 * 10_070, 0, 0),
        "balances add up"
    );
    assert_eq!(object_ids(&srv, "payout_batch.executed"), [id]);
    // `paygate verify` runs on drop.
}

const ADMIN: &str = "admin@example.com";
const ADMIN_PASSWORD: &str = "admin-password-Tr5wq";
const ADMIN_PIN: &str = "620418";

/// Issue 44, finding 9: an admin minted an `rk_` with `payouts:approve` and
/// approved their own batch through it, and the audit lost who it was. A key
/// acts as the member who created it: the maker cannot approve through their
/// own key, and the audit names the member behind a key's action.
#[test]
fn a_key_acts_as_its_creator_so_a_batchs_maker_cannot_approve_it_through_their_own_key() {
    let (srv, _) = TestServer::start_with_args(&["--sandbox-settlement-ms", "200"], |dir| {
        crate::team::add_user(
            dir,
            crate::team::OWNER,
            "owner",
            crate::team::OWNER_PASSWORD,
            crate::team::OWNER_PIN,
        );
        crate::team::add_user(dir, ADMIN, "admin", ADMIN_PASSWORD, ADMIN_PIN);
    });
    fund(&srv, 200_000);
    let admin = crate::team::login(&srv, ADMIN, ADMIN_PASSWORD);
    let admin_id = srv.get("/sessions/current", Some(&admin)).body["member"]["id"]
        .as_str()
        .expect("member id")
        .to_string();
    let minted = srv.post(
        "/api_keys",
        Some(&admin),
        &json!({"kind": "rk", "mode": "test",
                "scopes": ["payouts:approve", "payouts:write", "payouts:read"]}),
        Some(&ik()),
    );
    assert_eq!(minted.status, 201, "{minted:?}");
    let key = minted.body["secret"].as_str().expect("secret").to_string();
    let key_id = minted.body["id"].as_str().expect("id").to_string();
    let before = cdf(&srv, srv.sk());
    // The admin's batch, approved through the admin's own key: refused.
    let mine = id_of(&made_by(&srv, &admin, &[to_phone(PAID, 10_000, "K1")]));
    let through_key = srv.post(
        &format!("/payouts/batches/{mine}/approve"),
        Some(&key),
        &json!({}),
        Some(&ik()),
    );
    assert_eq!(
        assert_error(&through_key, 403, "step_up_required")["param"],
        "pin"
    );
    assert_eq!(get_batch(&srv, &mine, "")["status"], "PENDING_APPROVAL");
    assert_eq!(cdf(&srv, srv.sk()), before, "nothing moved");
    assert_eq!(minted.body["created_by"], admin_id.as_str(), "{minted:?}");
    // A batch the key made is the admin's too: the admin's session needs the PIN.
    let by_key = id_of(&made_by(&srv, &key, &[to_phone(PAID, 10_000, "K2")]));
    let batch = get_batch(&srv, &by_key, "");
    assert_eq!(batch["maker"]["member_id"], admin_id.as_str(), "{batch}");
    assert_eq!(batch["maker"]["key_id"], key_id.as_str(), "{batch}");
    assert_error(
        &approve(&srv, &by_key, &admin, &json!({})),
        403,
        "step_up_required",
    );
    // Another member approves without a PIN, as before.
    let owner = owner(&srv);
    let checked = approve(&srv, &mine, &owner, &json!({}));
    assert_eq!(checked.status, 200, "{checked:?}");
    // The audit names the member behind the key.
    let audit = srv.get("/audit_log?limit=100", Some(&owner));
    let created = audit.body["data"]
        .as_array()
        .and_then(|d| {
            d.iter()
                .find(|e| e["action"] == "payout_batch.created" && e["target"] == by_key.as_str())
                .cloned()
        })
        .unwrap_or_else(|| panic!("no entry for {by_key}: {audit:?}"));
    assert_eq!(created["actor_type"], "api_key", "{created}");
    assert_eq!(created["api_key"], key_id.as_str(), "{created}");
    assert_eq!(created["member"], admin_id.as_str(), "{created}");
    assert_eq!(created["email"], ADMIN, "{created}");
}

/// Issue 47: a row whose payout the rail could not tell about waits in
/// NEEDS_REVIEW until its payout's review; returned, the row is FAILED and
/// the finished batch PARTIAL, so approving it again retries that row only.
#[test]
fn a_row_in_review_follows_its_payouts_review_and_a_returned_one_is_retried() {
    let (srv, _) = start_team(&[]);
    fund(&srv, 200_000);
    let (owner, finance) = (owner(&srv), finance(&srv));
    let rows = [
        to_phone(PAID, 10_000, "R1"),
        to_phone("+243000000408", 20_000, "R2"),
    ];
    let id = id_of(&made_by(&srv, &owner, &rows));
    let done = approve(&srv, &id, &finance, &json!({}));
    assert_eq!(done.status, 200, "{done:?}");
    assert_eq!(done.body["status"], "EXECUTED", "{done:?}");
    assert_eq!(done.body["counts"]["needs_review"], 1, "{done:?}");
    let held = all_rows(&srv, &id)
        .into_iter()
        .find(|r| r["status"] == "NEEDS_REVIEW")
        .expect("a row in review");
    let payout = held["payout"].as_str().expect("its payout").to_string();
    let reviewed = srv.post(
        &format!("/payouts/{payout}/review"),
        Some(&owner),
        &json!({"outcome": "returned", "evidence": {"reference": "MPESA-STMT-0042"}}),
        Some(&ik()),
    );
    assert_eq!(reviewed.status, 200, "{reviewed:?}");
    let batch = get_batch(&srv, &id, "");
    assert_eq!(batch["status"], "PARTIAL", "{batch}");
    assert_eq!(
        (
            batch["counts"]["needs_review"].as_i64(),
            batch["counts"]["failed"].as_i64()
        ),
        (Some(0), Some(1)),
        "{batch}"
    );
    assert_eq!(
        object_ids(&srv, "payout_batch.partial"),
        std::slice::from_ref(&id)
    );
    let row = all_rows(&srv, &id)
        .into_iter()
        .find(|r| r["id"] == held["id"])
        .expect("the row");
    assert_eq!(row["status"], "FAILED", "{row}");
    // Approved again: only the returned row runs (to the same number, so
    // it is in review again), the paid one is left alone.
    let again = approve(&srv, &id, &finance, &json!({}));
    assert_eq!(again.status, 200, "{again:?}");
    assert_eq!(again.body["counts"]["paid"], 1, "{again:?}");
    assert_eq!(again.body["counts"]["needs_review"], 1, "{again:?}");
}

// Fixing or excluding a row before approval (issue 48 item 8).

/// `POST /payouts/batches/{id}/rows/{row}` (or `.../exclude` when `action`
/// is `/exclude`) as `credential`, with `key` as Idempotency-Key when given.
fn edit_row(
    srv: &TestServer,
    (id, row, action): (&str, u32, &str),
    credential: &str,
    input: &Value,
    key: Option<&str>,
) -> Resp {
    srv.post(
        &format!("/payouts/batches/{id}/rows/{row}{action}"),
        Some(credential),
        input,
        key,
    )
}

/// The JSON row paying `amount` (major units) CDF to `phone`.
fn row_to(phone: &str, amount: &str, reference: &str) -> Value {
    json!({"method": "mobile_money", "amount": amount, "operator_id": "mpesa",
           "phone": phone, "name": "Payee", "reference": reference})
}

/// The audit entries `(action, target, e-mail)` of the organisation.
fn audited(srv: &TestServer, session: &str) -> Vec<(String, String, String)> {
    let audit = srv.get("/audit_log?limit=200", Some(session));
    assert_eq!(audit.status, 200, "{audit:?}");
    audit.body["data"]
        .as_array()
        .expect("audit")
        .iter()
        .map(|e| {
            let text = |f: &str| e[f].as_str().unwrap_or("").to_string();
            (text("action"), text("target"), text("email"))
        })
        .collect()
}

#[test]
fn a_fixed_row_makes_the_batch_approvable_and_another_member_pays_the_fixed_values() {
    let (srv, _) = start_team(&[]);
    fund(&srv, 200_000);
    let (owner, finance) = (owner(&srv), finance(&srv));
    let before = cdf(&srv, srv.sk());
    // Row 2 has no phone: INVALID, and it blocks approval.
    let bad = "mobile_money,50.00,mpesa,,Payee,A2".to_string();
    let made = made_by(&srv, &finance, &[to_phone(PAID, 10_000, "A1"), bad]);
    let id = id_of(&made);
    assert_eq!(made["counts"]["invalid"], 1);
    assert_error(
        &approve(&srv, &id, &owner, &json!({})),
        422,
        "payout_batch_not_ready",
    );
    // The maker fixes it (and pays 60.00 rather than the 50.00 uploaded).
    let fixed = edit_row(
        &srv,
        (&id, 2, ""),
        &finance,
        &row_to(PAID, "60.00", "A2"),
        Some(&ik()),
    );
    assert_eq!(fixed.status, 200, "{fixed:?}");
    let b = &fixed.body;
    assert_eq!(b["status"], "PENDING_APPROVAL");
    assert_eq!(
        (
            &b["counts"]["rows"],
            &b["counts"]["valid"],
            &b["counts"]["invalid"]
        ),
        (&json!(2), &json!(2), &json!(0))
    );
    assert_eq!(b["total_minor"], 16_000);
    assert_eq!(b["fees_minor"], fee(10_000) + fee(6_000));
    assert_eq!(
        b["total_with_fees_minor"],
        16_000 + fee(10_000) + fee(6_000)
    );
    assert_eq!((&b["error_count"], &b["errors"]), (&json!(0), &json!([])));
    assert_eq!(b["readiness"]["ready"], true, "{b}");
    assert_eq!(b["rows"]["data"][1]["status"], "VALID");
    assert_eq!(b["rows"]["data"][1]["amount_minor"], 6_000);
    assert_eq!(b["rows"]["data"][1]["errors"], json!([]));
    assert_eq!(b["editors"], json!([]), "the maker is not repeated");
    // The event and the audit row say who.
    assert!(object_ids(&srv, "payout_batch.updated").contains(&id));
    assert!(
        audited(&srv, &owner).contains(&(
            "payout_batch.row_fixed".into(),
            id.clone(),
            FINANCE.into()
        )),
        "{:?}",
        audited(&srv, &owner)
    );
    // Another member approves: the fixed row is paid with its new values.
    let approved = approve(&srv, &id, &owner, &json!({}));
    assert_eq!(approved.status, 200, "{approved:?}");
    assert_eq!(approved.body["status"], "EXECUTED");
    assert_eq!(approved.body["counts"]["paid"], 2);
    let payout = all_payouts(&srv)
        .into_iter()
        .find(|p| p["batch"] == json!({"id": id, "row": 2}))
        .expect("row 2's payout");
    assert_eq!(payout["amount_minor"], 6_000);
    assert_eq!(payout["destination"]["phone"], PAID);
    assert_eq!(payout["status"], "PAID");
    let spent = 16_000 + fee(10_000) + fee(6_000);
    assert_eq!(cdf(&srv, srv.sk()), (before.0 - spent, 0, 0));
    // Approved: no row changes any more, and nothing did.
    let late = edit_row(
        &srv,
        (&id, 1, ""),
        &finance,
        &row_to(PAID, "1.00", "A1"),
        None,
    );
    assert_error(&late, 409, "payout_batch_not_editable");
    let after = get_batch(&srv, &id, "");
    assert_eq!(after["rows"]["data"][0]["amount_minor"], 10_000);
    assert_eq!(after["total_minor"], 16_000);
}

#[test]
fn the_member_who_edited_a_row_cannot_approve_the_batch_alone() {
    let (srv, _) = start_team(&[]);
    fund(&srv, 200_000);
    let (owner, finance) = (owner(&srv), finance(&srv));
    let bad = "mobile_money,50.00,mpesa,,Payee,B2".to_string();
    let id = id_of(&made_by(
        &srv,
        &finance,
        &[to_phone(PAID, 10_000, "B1"), bad],
    ));
    // The owner fixes finance's batch: now a maker too.
    let fixed = edit_row(
        &srv,
        (&id, 2, ""),
        &owner,
        &row_to(PAID, "50.00", "B2"),
        None,
    );
    assert_eq!(fixed.status, 200, "{fixed:?}");
    assert_eq!(fixed.body["editors"][0]["email"], crate::team::OWNER);
    assert_eq!(
        fixed.body["readiness"]["approval"]["api_keys_may_approve"],
        false
    );
    let before = cdf(&srv, srv.sk());
    let alone = approve(&srv, &id, &owner, &json!({}));
    assert_eq!(
        assert_error(&alone, 403, "step_up_required")["param"],
        "pin"
    );
    assert_error(
        &approve(&srv, &id, &finance, &json!({})),
        403,
        "step_up_required",
    );
    let sk = srv.sk().expect("sk").to_string();
    assert_error(
        &approve(&srv, &id, &sk, &json!({})),
        403,
        "step_up_required",
    );
    assert_eq!(cdf(&srv, srv.sk()), before, "nothing moved");
    assert_eq!(get_batch(&srv, &id, "")["status"], "PENDING_APPROVAL");
    // As the maker may: with their PIN (step-up).
    let stepped = approve(&srv, &id, &owner, &json!({"pin": crate::team::OWNER_PIN}));
    assert_eq!(stepped.status, 200, "{stepped:?}");
    assert_eq!(stepped.body["runs"][0]["stepped_up"], true);
}

#[test]
fn an_excluded_row_is_never_paid_and_the_rest_is_approved() {
    let (srv, _) = start_team(&[]);
    fund(&srv, 200_000);
    let (owner, finance) = (owner(&srv), finance(&srv));
    let bad = "mobile_money,5,zain,+243810000004,Four,C2".to_string();
    let id = id_of(&made_by(
        &srv,
        &finance,
        &[to_phone(PAID, 10_000, "C1"), bad],
    ));
    let excluded = edit_row(&srv, (&id, 2, "/exclude"), &finance, &json!({}), None);
    assert_eq!(excluded.status, 200, "{excluded:?}");
    let b = &excluded.body;
    assert_eq!(b["rows"]["data"][1]["status"], "SKIPPED");
    assert_eq!(
        (
            &b["counts"]["valid"],
            &b["counts"]["invalid"],
            &b["counts"]["skipped"]
        ),
        (&json!(1), &json!(0), &json!(1))
    );
    assert_eq!(
        (&b["error_count"], &b["total_minor"]),
        (&json!(0), &json!(10_000))
    );
    assert_eq!(b["readiness"]["ready"], true);
    // Excluded for good: not excluded again, not fixed.
    let again = edit_row(&srv, (&id, 2, "/exclude"), &finance, &json!({}), None);
    assert_eq!(
        assert_error(&again, 409, "payout_batch_not_editable")["param"],
        "row"
    );
    let fix = edit_row(&srv, (&id, 2, ""), &finance, &row_to(PAID, "5", "C2"), None);
    assert_error(&fix, 409, "payout_batch_not_editable");
    assert!(
        audited(&srv, &owner).contains(&(
            "payout_batch.row_excluded".into(),
            id.clone(),
            FINANCE.into()
        )),
        "excluding is audited"
    );
    let approved = approve(&srv, &id, &owner, &json!({}));
    assert_eq!(approved.status, 200, "{approved:?}");
    assert_eq!(approved.body["status"], "EXECUTED");
    assert_eq!(approved.body["counts"]["paid"], 1);
    assert_eq!(approved.body["counts"]["skipped"], 1);
    let paid: Vec<Value> = all_payouts(&srv)
        .into_iter()
        .filter(|p| p["batch"]["id"] == id.as_str())
        .collect();
    assert_eq!(paid.len(), 1, "{paid:?}");
    assert_eq!(paid[0]["batch"]["row"], 1);
}

#[test]
fn a_row_edit_is_refused_naming_the_field_or_row_and_nothing_changes() {
    let (srv, rk) = TestServer::start_with(|dir| {
        crate::support::create_key(dir, "rk", "test", &["payouts:read"])
    });
    let sk = srv.sk().expect("sk").to_string();
    let text = csv(&[mm_row(1, 1_000), "mobile_money,5,mpesa,,Two,R2".into()]);
    let id = id_of(&created(&srv, &json!({"currency": "CDF", "csv": text})));
    let unchanged = get_batch(&srv, &id, "");
    let refused = |input: Value, row: u32, status: u16, code: &str, param: &str| {
        let resp = edit_row(&srv, (&id, row, ""), &sk, &input, Some(&ik()));
        let error = assert_error(&resp, status, code);
        assert_eq!(error["param"], param, "{resp:?}");
        assert_eq!(get_batch(&srv, &id, ""), unchanged, "nothing changed");
        error.clone()
    };
    // Fields that fail a CSV row's validation.
    let error = refused(
        row_to("+243810000002", "12.345", "R2"),
        2,
        400,
        "validation_error",
        "amount",
    );
    assert!(
        error["message"]
            .as_str()
            .is_some_and(|m| m.contains("12.345")),
        "{error}"
    );
    let mut no_phone = row_to("", "5", "R2");
    no_phone["phone"] = Value::Null;
    refused(no_phone, 2, 400, "validation_error", "phone");
    let mut both = row_to("+243810000002", "5", "R2");
    both["amount_minor"] = json!(500);
    refused(both, 2, 400, "validation_error", "amount_minor");
    // The same payment as row 1: a duplicate, as in a CSV.
    let same = json!({"method": "mobile_money", "amount": "10.00", "operator_id": "mpesa",
                      "phone": "+243810000001", "name": "Payee 1", "reference": "REF-1"});
    let error = refused(same, 2, 400, "validation_error", "reference");
    assert!(
        error["message"]
            .as_str()
            .is_some_and(|m| m.contains("repeats line 2")),
        "{error}"
    );
    // No such row, another's batch, a key that may not write.
    let good = row_to("+243810000002", "5", "R2");
    refused(good.clone(), 3, 404, "payout_batch_row_not_found", "row");
    refused(good.clone(), 0, 404, "payout_batch_row_not_found", "row");
    let nope = edit_row(&srv, ("pb_nope", 1, ""), &sk, &good, None);
    assert_error(&nope, 404, "payout_batch_not_found");
    let scoped = edit_row(&srv, (&id, 2, ""), &rk, &good, None);
    assert_error(&scoped, 403, "scope_denied");
    assert_eq!(get_batch(&srv, &id, ""), unchanged, "nothing changed");
    // A replay answers the same; the same key for another row is refused.
    let key = ik();
    let first = edit_row(&srv, (&id, 2, ""), &sk, &good, Some(&key));
    assert_eq!(first.status, 200, "{first:?}");
    assert_eq!(first.body["counts"]["invalid"], 0);
    let replay = edit_row(&srv, (&id, 2, ""), &sk, &good, Some(&key));
    assert_eq!((replay.status, &replay.body), (200, &first.body));
    let other = row_to("+243810000002", "6", "R2");
    let reused = edit_row(&srv, (&id, 2, ""), &sk, &other, Some(&key));
    assert_error(&reused, 409, "idempotency_key_reused");
    let updated = object_ids(&srv, "payout_batch.updated");
    assert_eq!(updated, vec![id.clone()], "one edit, one event");
    assert_eq!(get_batch(&srv, &id, "")["total_minor"], 1_500);
    // Cancelled: its rows no longer change.
    let cancelled = srv.post(
        &format!("/payouts/batches/{id}/cancel"),
        Some(&sk),
        &json!({}),
        None,
    );
    assert_eq!(cancelled.status, 200, "{cancelled:?}");
    let late = edit_row(&srv, (&id, 2, "/exclude"), &sk, &json!({}), None);
    let error = assert_error(&late, 409, "payout_batch_not_editable");
    assert!(
        error["message"]
            .as_str()
            .is_some_and(|m| m.contains("CANCELLED")),
        "{error}"
    );
    assert_eq!(get_batch(&srv, &id, "")["counts"]["skipped"], 0);
}
