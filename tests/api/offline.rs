//! Offline payments (issue 24): devices register ed25519 subkeys, a
//! merchant's device prefetches nonces, the payer's device signs promises
//! with its own key here in the test, and syncs settle them once or reject
//! them with the amount to restore. Every server runs `paygate verify` when
//! dropped.

use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use ed25519_dalek::{Signature, Signer, SigningKey, Verifier, VerifyingKey};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::support::clocks::advance_as;
use crate::support::ik;
use crate::support::intents::{SUCCEED, body, create, id_of, wait_for_status};
use crate::support::orgs::add_org;
use crate::support::redb_file::tamper_pending_balance;
use crate::support::{Resp, TestServer, assert_error, paygate, wait_until};

/// Unix seconds of the test clocks' start, 2027-01-01T00:00:00Z.
const T0_UNIX: i64 = 1_798_761_600;
const HOUR: i64 = 3600;

/// A device: its id and its own ed25519 key, which never leaves the test.
struct Device {
    id: String,
    key: SigningKey,
}

impl Device {
    fn new(id: &str, seed: u8) -> Device {
        Device {
            id: id.to_string(),
            key: SigningKey::from_bytes(&[seed; 32]),
        }
    }

    /// The subkey as devices send it: SPKI DER (RFC 8410), base64.
    fn spki(&self) -> String {
        let mut der = vec![
            0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00,
        ];
        der.extend_from_slice(&self.key.verifying_key().to_bytes());
        B64.encode(der)
    }

    fn sign(&self, text: &str) -> String {
        B64.encode(self.key.sign(text.as_bytes()).to_bytes())
    }
}

/// The gateway with A (the instance's organisation, the payer, funded) and
/// B (`@beta`, the merchant). Returns B's secret key.
struct World {
    srv: TestServer,
    b_key: String,
    /// A third organisation's key (`@gamma`), party to nothing.
    gamma_key: String,
    a_org: String,
    b_org: String,
    payer: Device,
    merchant: Device,
}

impl World {
    fn start(fund_minor: i64) -> World {
        let (srv, (b, gamma)) =
            TestServer::start_with_args(&["--sandbox-settlement-ms", "200"], |dir| {
                (
                    add_org(dir, "@beta", "owner@beta.example"),
                    add_org(dir, "@gamma", "owner@gamma.example"),
                )
            });
        let b_key = b["keys"]["secret_key"].as_str().expect("sk").to_string();
        let gamma_key = gamma["keys"]["secret_key"]
            .as_str()
            .expect("sk")
            .to_string();
        if fund_minor > 0 {
            let paid = create(
                &srv,
                &body(
                    json!({"amount_minor": fund_minor, "customer_msisdn": SUCCEED, "confirm": true}),
                ),
            );
            wait_for_status(&srv, &id_of(&paid), "SETTLED", Duration::from_secs(10));
        }
        let payer = Device::new("payer-phone-1", 1);
        let merchant = Device::new("shop-till-1", 2);
        let mut world = World {
            srv,
            b_key,
            gamma_key,
            a_org: String::new(),
            b_org: String::new(),
            payer,
            merchant,
        };
        world.a_org = world.register(world.a(), &world.payer, 201)["party"]
            .as_str()
            .expect("party")
            .to_string();
        world.b_org = world.register(world.b(), &world.merchant, 201)["party"]
            .as_str()
            .expect("party")
            .to_string();
        world
    }

    fn a(&self) -> Option<&str> {
        self.srv.sk()
    }

    fn b(&self) -> Option<&str> {
        Some(&self.b_key)
    }

    fn register(&self, key: Option<&str>, device: &Device, status: u16) -> Value {
        let resp = self.srv.post(
            "/offline/devices",
            key,
            &json!({"device_id": device.id, "public_key": device.spki()}),
            Some(&ik()),
        );
        assert_eq!(resp.status, status, "{resp:?}");
        resp.body
    }

    /// Rotates `old`'s registered key to `new`'s, signed by `old`'s key
    /// (issue 44: a registration never takes a device over).
    fn rotate(&self, key: Option<&str>, old: &Device, new: &Device) -> Value {
        let message = format!(
            "paygate-device-rotation|{}|{}",
            old.id,
            B64.encode(new.key.verifying_key().to_bytes())
        );
        let resp = self.srv.post(
            "/offline/devices",
            key,
            &json!({"device_id": old.id, "public_key": new.spki(), "rotation_signature": old.sign(&message)}),
            Some(&ik()),
        );
        assert_eq!(resp.status, 201, "{resp:?}");
        assert_eq!(resp.body["rotated"], true);
        resp.body
    }

    /// `count` nonces of the merchant's device.
    fn nonces(&self, count: usize) -> Vec<String> {
        let resp = self.srv.post(
            "/offline/nonces",
            self.b(),
            &json!({"device_id": self.merchant.id, "count": count}),
            Some(&ik()),
        );
        assert_eq!(resp.status, 201, "{resp:?}");
        resp.body["data"]
            .as_array()
            .expect("data")
            .iter()
            .map(|n| n["nonce"].as_str().expect("nonce").to_string())
            .collect()
    }

    /// A promise of A paying B.
    fn promise(&self, amount: i64, nonce: &str, expires_at: i64, counter: u64) -> String {
        format!(
            "PAYGATE-OFFLINE|v1|{}|{}|{amount}|CDF|{nonce}|{expires_at}|{counter}|stall 4",
            self.b_org, self.a_org
        )
    }

    /// The promise with both devices' signatures, as a sync item.
    fn signed(&self, text: &str) -> Value {
        json!({
            "promise": text,
            "payer_device_id": self.payer.id,
            "payer_signature": self.payer.sign(text),
            "merchant_device_id": self.merchant.id,
            "merchant_signature": self.merchant.sign(text),
        })
    }

    fn sync_as(&self, key: Option<&str>, items: &[Value]) -> Resp {
        self.sync_with(key, items, &ik())
    }

    fn sync_with(&self, key: Option<&str>, items: &[Value], idempotency_key: &str) -> Resp {
        self.srv.post(
            "/offline/sync",
            key,
            &json!({ "promises": items }),
            Some(idempotency_key),
        )
    }

    fn sync(&self, items: &[Value]) -> Value {
        let resp = self.sync_as(self.b(), items);
        assert_eq!(resp.status, 200, "{resp:?}");
        resp.body
    }

    #[track_caller]
    fn available(&self, key: Option<&str>) -> i64 {
        let resp = self.srv.get("/wallets", key);
        assert_eq!(resp.status, 200, "{resp:?}");
        resp.body["data"]
            .as_array()
            .and_then(|w| w.iter().find(|w| w["currency"] == "CDF"))
            .and_then(|w| w["available_minor"].as_i64())
            .unwrap_or(0)
    }
}

fn now_unix() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .expect("time")
}

fn reason(result: &Value) -> &str {
    result["reason"].as_str().unwrap_or("")
}

#[test]
fn a_signed_promise_settles_once_with_a_receipt_that_verifies_against_the_key_registry() {
    let w = World::start(50_000);
    let (a_before, b_before) = (w.available(w.a()), w.available(w.b()));
    let nonce = &w.nonces(3)[0];
    assert_eq!(nonce.len(), 22, "16 bytes, unpadded base64url");
    let text = w.promise(2_500, nonce, now_unix() + 3_600, 1);
    let reply = w.sync(&[w.signed(&text)]);
    assert_eq!(
        (&reply["settled"], &reply["rejected"], &reply["duplicates"]),
        (&json!(1), &json!(0), &json!(0)),
        "{reply}"
    );
    let result = &reply["results"][0];
    assert_eq!(result["status"], "SETTLED", "{result}");
    let hash = hex::encode(Sha256::digest(text.as_bytes()));
    assert_eq!(result["hash"], hash);
    // One balanced posting payer → merchant, no fee.
    assert_eq!(w.available(w.a()), a_before - 2_500);
    assert_eq!(w.available(w.b()), b_before + 2_500);
    let transaction = result["transaction"].as_str().expect("transaction");
    let posting = w.srv.get(&format!("/transactions/{transaction}"), w.b());
    assert_eq!(posting.status, 200, "{posting:?}");

    // The receipt verifies with the platform key of GET /keys.
    let keys = w.srv.get("/keys", None).body;
    let key_id = result["receipt_key_id"].as_str().expect("key id");
    let public = keys["keys"]
        .as_array()
        .and_then(|k| k.iter().find(|k| k["id"] == key_id))
        .and_then(|k| k["public_key"].as_str())
        .expect("the receipt's key is listed");
    let public: [u8; 32] = B64
        .decode(public)
        .expect("b64")
        .try_into()
        .expect("32 bytes");
    let message = format!("PAYGATE-OFFLINE-RECEIPT|{hash}|{transaction}|2500|CDF");
    let signature: [u8; 64] = B64
        .decode(result["receipt"].as_str().expect("receipt"))
        .expect("b64")
        .try_into()
        .expect("64 bytes");
    let verifying = VerifyingKey::from_bytes(&public).expect("key");
    assert!(
        verifying
            .verify(message.as_bytes(), &Signature::from_bytes(&signature))
            .is_ok()
    );
    assert!(
        verifying
            .verify(
                message.replace("|2500|", "|2501|").as_bytes(),
                &Signature::from_bytes(&signature)
            )
            .is_err()
    );

    // Both parties list it; events reach both, payment.completed the merchant.
    for key in [w.a(), w.b()] {
        let list = w.srv.get("/offline/promises", key);
        assert_eq!(list.body["data"][0]["id"], result["promise"], "{list:?}");
        assert_eq!(list.body["data"][0]["status"], "SETTLED");
        let events = w.srv.get("/events?type=offline_promise.settled", key);
        assert_eq!(
            events.body["data"][0]["data"]["object"]["hash"], hash,
            "{events:?}"
        );
    }
    let completed = w.srv.get("/events?type=payment.completed", w.b());
    assert_eq!(
        completed.body["data"][0]["data"]["object"]["id"],
        result["promise"]
    );
    assert_eq!(
        w.srv.get("/events?type=payment.completed", w.a()).body["data"],
        json!([])
    );
    let page = w.srv.get("/offline/promises?limit=501", w.b());
    assert_eq!(
        assert_error(&page, 400, "validation_error")["param"],
        "limit"
    );
    assert_eq!(w.srv.get("/offline/promises?limit=500", w.b()).status, 200);
}

#[test]
fn bad_promises_are_rejected_in_the_origins_order_with_the_amount_to_restore() {
    let w = World::start(15_000);
    let a_before = w.available(w.a());
    let n = w.nonces(10);
    let soon = now_unix() + 3_600;
    let settled = w.promise(1_000, &n[0], soon, 5);
    let mut tampered = w.signed(&w.promise(1_500, &n[1], soon, 6));
    let forged = w.promise(9_000, &n[1], soon, 6);
    tampered["promise"] = json!(forged);
    let mut payer_forged = w.signed(&w.promise(1_500, &n[1], soon, 6));
    payer_forged["payer_signature"] = json!(
        w.merchant
            .sign(payer_forged["promise"].as_str().expect("text"))
    );
    let items = [
        w.signed(&settled),
        // The same nonce in another promise, after the first used it.
        w.signed(&w.promise(1_000, &n[0], soon, 7)),
        tampered,
        payer_forged,
        w.signed(&w.promise(1_000, &n[2], now_unix() - 10, 8)),
        w.signed(&w.promise(1_000, &n[3], now_unix() + 73 * HOUR, 9)),
        // A counter not above the last one this payer device used.
        w.signed(&w.promise(1_000, &n[4], soon, 5)),
        w.signed(&w.promise(20_001, &n[5], soon, 10)),
        w.signed(&w.promise(0, &n[6], soon, 11)),
        w.signed(&w.promise(29_000, &n[7], soon, 12)),
        // The payer's available balance is short of it now.
        w.signed(&w.promise(a_before, &n[8], soon, 13)),
        w.signed(&w.promise(1_000, "AAAAAAAAAAAAAAAAAAAAAA", soon, 14)),
    ];
    let reply = w.sync(&items);
    let results = reply["results"].as_array().expect("results");
    let reasons: Vec<&str> = results.iter().map(reason).collect();
    assert_eq!(
        reasons,
        [
            "",
            "nonce_replayed",
            "merchant_signature_invalid",
            "payer_signature_invalid",
            "promise_expired",
            "promise_too_old",
            "counter_not_monotonic",
            "offline_ceiling",
            "invalid_amount",
            "offline_ceiling",
            "insufficient_funds",
            "nonce_not_merchants",
        ],
        "{reply}"
    );
    for (i, r) in results.iter().enumerate() {
        assert_eq!(r["index"], i);
        if i > 0 {
            assert_eq!(r["status"], "REJECTED", "{r}");
            let amount: i64 = items[i]["promise"]
                .as_str()
                .and_then(|t| t.split('|').nth(4))
                .and_then(|a| a.parse().ok())
                .expect("amount");
            assert_eq!(r["restore_minor"], amount, "{r}");
            assert_eq!(r["restoreMinor"], amount, "the spec's name too: {r}");
        }
    }
    assert_eq!(
        (reply["settled"].as_i64(), reply["rejected"].as_i64()),
        (Some(1), Some(11))
    );
    assert_eq!(
        w.available(w.a()),
        a_before - 1_000,
        "only the first moved money"
    );

    // Insufficient funds, then the device's 24 h ceiling (100 000): each
    // settled promise counts, a refused one does not.
    let left = w.available(w.a());
    let n = w.nonces(8);
    let short = w.sync(&[w.signed(&w.promise(left + 1, &n[0], soon, 20))]);
    assert!(left < 20_000, "funding must stay under the promise ceiling");
    assert_eq!(
        reason(&short["results"][0]),
        "insufficient_funds",
        "{short}"
    );
    assert_eq!(w.available(w.a()), left);

    // A malformed promise is a 400 naming it, and nothing of the sync runs.
    let mut bad = w.signed(&w.promise(1_000, &n[1], soon, 21));
    bad["promise"] = json!("PAYGATE-OFFLINE|v1|nope");
    let refused = w.sync_as(w.b(), &[w.signed(&w.promise(1_000, &n[2], soon, 22)), bad]);
    assert_eq!(
        assert_error(&refused, 400, "validation_error")["param"],
        "promises[1].promise"
    );
    assert_eq!(w.available(w.a()), left);
    // Without a key nothing is synced.
    let gamma = w.sync_as(None, &[w.signed(&w.promise(1_000, &n[3], soon, 23))]);
    assert_eq!(gamma.status, 401, "{gamma:?}");
    let too_many: Vec<Value> = (0..201).map(|_| w.signed(&settled)).collect();
    assert_eq!(
        assert_error(&w.sync_as(w.b(), &too_many), 400, "validation_error")["param"],
        "promises"
    );
}

#[test]
fn the_device_daily_ceiling_counts_what_settled_in_24_hours() {
    let w = World::start(150_000);
    let soon = now_unix() + 3_600;
    let n = w.nonces(6);
    let items: Vec<Value> = (0..6)
        .map(|i| w.signed(&w.promise(20_000, &n[i], soon, i as u64 + 1)))
        .collect();
    let reply = w.sync(&items);
    let reasons: Vec<&str> = reply["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(reason)
        .collect();
    assert_eq!(
        reasons,
        ["", "", "", "", "", "device_daily_ceiling"],
        "{reply}"
    );
    assert_eq!(reply["settled"], 5);
}

#[test]
fn a_promise_synced_again_is_a_duplicate_and_moves_money_once() {
    let w = World::start(20_000);
    let n = w.nonces(2);
    let soon = now_unix() + 3_600;
    let good = w.signed(&w.promise(3_000, &n[0], soon, 1));
    let short = w.signed(&w.promise(20_000, &n[1], soon, 2));
    let a_before = w.available(w.a());
    let first = w.sync(std::slice::from_ref(&good));
    assert_eq!(first["results"][0]["status"], "SETTLED", "{first}");
    // The payer syncs the same promise with its own key, another request.
    let again = w.sync_as(w.a(), &[good.clone(), good]);
    assert_eq!(again.status, 200, "{again:?}");
    for r in again.body["results"].as_array().expect("results") {
        assert_eq!(r["status"], "DUPLICATE", "{r}");
        assert_eq!(r["reason"], "already_settled");
        assert_eq!(r["promise"], first["results"][0]["promise"]);
        assert_eq!(r["restore_minor"], Value::Null);
    }
    assert_eq!(again.body["duplicates"], 2);
    assert_eq!(w.available(w.a()), a_before - 3_000);

    // A rejected promise stays rejected.
    let drained = w.available(w.a());
    assert!(drained < 20_000, "{drained}");
    let rejected = w.sync(std::slice::from_ref(&short));
    assert_eq!(reason(&rejected["results"][0]), "insufficient_funds");
    let later = w.sync(&[short]);
    assert_eq!(later["results"][0]["status"], "DUPLICATE");
    assert_eq!(reason(&later["results"][0]), "already_rejected");
    let listed = w.srv.get("/offline/promises?status=REJECTED", w.a());
    assert_eq!(
        listed.body["data"].as_array().map(Vec::len),
        Some(1),
        "{listed:?}"
    );
    assert_eq!(listed.body["data"][0]["reason"], "insufficient_funds");
}

#[test]
fn two_parties_syncing_the_same_promise_at_once_settle_it_once() {
    let w = World::start(60_000);
    let n = w.nonces(20);
    let soon = now_unix() + 3_600;
    let a_before = w.available(w.a());
    for (round, nonce) in n.iter().enumerate() {
        let item = w.signed(&w.promise(100, nonce, soon, round as u64 + 1));
        let answers: Vec<Resp> = std::thread::scope(|scope| {
            let threads: Vec<_> = [w.a(), w.b()]
                .into_iter()
                .map(|key| {
                    let items = [item.clone()];
                    let w = &w;
                    scope.spawn(move || w.sync_as(key, &items))
                })
                .collect();
            threads
                .into_iter()
                .map(|t| t.join().expect("thread"))
                .collect()
        });
        let mut statuses: Vec<String> = answers
            .iter()
            .map(|a| {
                a.body["results"][0]["status"]
                    .as_str()
                    .unwrap_or("")
                    .to_string()
            })
            .collect();
        statuses.sort();
        assert_eq!(
            statuses,
            ["DUPLICATE", "SETTLED"],
            "round {round}: {answers:?}"
        );
    }
    assert_eq!(w.available(w.a()), a_before - 20 * 100);
}

#[test]
fn a_sync_of_200_promises_is_processed_in_submission_order() {
    let w = World::start(100_000);
    let a_before = w.available(w.a());
    let mut nonces = w.nonces(100);
    nonces.extend(w.nonces(100));
    let soon = now_unix() + 3_600;
    let mut items: Vec<Value> = nonces
        .iter()
        .enumerate()
        .map(|(i, nonce)| w.signed(&w.promise(300, nonce, soon, i as u64 + 1)))
        .collect();
    // Only order tells these apart: #150 reuses #50's nonce, #199 goes back
    // to #198's counter.
    items[150] = w.signed(&w.promise(300, &nonces[50], soon, 151));
    items[199] = w.signed(&w.promise(300, &nonces[199], soon, 199));
    let started = std::time::Instant::now();
    let reply = w.sync(&items);
    let status = w.srv.get("/status", None).body;
    eprintln!(
        "a sync of 200 promises took {:?}; the writer's longest command {} µs",
        started.elapsed(),
        status["store"]["writer_command_max_us"]
    );
    let results = reply["results"].as_array().expect("results");
    assert_eq!(results.len(), 200);
    for (i, r) in results.iter().enumerate() {
        assert_eq!(r["index"], i);
        let want = match i {
            150 => "nonce_replayed",
            199 => "counter_not_monotonic",
            _ => "",
        };
        assert_eq!(reason(r), want, "#{i}: {r}");
    }
    assert_eq!(reply["settled"], 198);
    assert_eq!(w.available(w.a()), a_before - 198 * 300);
    let page = w.srv.get("/offline/promises?limit=500", w.b());
    assert_eq!(page.body["data"].as_array().map(Vec::len), Some(200));
}

#[test]
fn devices_ids_are_unique_a_registration_rotates_and_bad_keys_are_refused() {
    let w = World::start(0);
    // B names its own device as A's (ids are each organisation's own,
    // issue 44); A registering its id again is refused without a signature
    // by the device's current key (`access.rs` covers the rotation).
    let own = w.srv.post(
        "/offline/devices",
        w.b(),
        &json!({"device_id": w.payer.id, "public_key": w.merchant.spki()}),
        Some(&ik()),
    );
    assert_eq!(own.status, 201, "{own:?}");
    assert_eq!(own.body["rotated"], false);
    let again = w.srv.post(
        "/offline/devices",
        w.a(),
        &json!({"device_id": w.payer.id, "public_key": Device::new("payer-phone-1", 9).spki()}),
        Some(&ik()),
    );
    assert_eq!(
        assert_error(&again, 403, "device_taken")["param"],
        "rotation_signature"
    );
    for (device_id, public_key, param) in [
        ("short", w.payer.spki(), "device_id"),
        ("has space 1", w.payer.spki(), "device_id"),
        ("fine-device", B64.encode([1u8; 32]), "public_key"),
        ("fine-device", "!!!".to_string(), "public_key"),
    ] {
        let resp = w.srv.post(
            "/offline/devices",
            w.a(),
            &json!({"device_id": device_id, "public_key": public_key}),
            Some(&ik()),
        );
        assert_eq!(assert_error(&resp, 400, "validation_error")["param"], param);
    }
    // Nonces are for the caller's own devices: A has no shop-till-1.
    let foreign = w.srv.post(
        "/offline/nonces",
        w.a(),
        &json!({"device_id": w.merchant.id}),
        Some(&ik()),
    );
    assert_eq!(
        assert_error(&foreign, 400, "validation_error")["param"],
        "device_id"
    );
    let many = w.srv.post(
        "/offline/nonces",
        w.b(),
        &json!({"device_id": w.merchant.id, "count": 101}),
        Some(&ik()),
    );
    assert_eq!(
        assert_error(&many, 400, "validation_error")["param"],
        "count"
    );
}

#[test]
fn an_offline_qr_carries_a_signed_nonce_and_stands_for_the_merchants_signature() {
    let w = World::start(20_000);
    let resp = w.srv.post(
        "/offline/qr",
        w.b(),
        &json!({"device_id": w.merchant.id, "currency": "CDF", "amount_minor": 1_200, "expires_in_seconds": 300}),
        Some(&ik()),
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    let payload = resp.body["payload"].as_str().expect("payload").to_string();
    let nonce = resp.body["nonce"].as_str().expect("nonce").to_string();
    assert!(
        payload.contains(&format!("0322{nonce}")),
        "80/03 holds the nonce: {payload}"
    );
    // A payer's device checks it against the key registry alone: /resolve does the same.
    let resolved = w
        .srv
        .post("/resolve", None, &json!({"payload": payload}), None);
    assert_eq!(resolved.status, 200, "{resolved:?}");
    assert_eq!(resolved.body["signature"], "trusted", "{resolved:?}");
    // Issue 47 defect 1: the gateway owns the code it signed, and a payer's
    // app is told to pay it offline (it answered not_found and do_not_pay).
    assert_eq!(resolved.body["kind"], "paygate_offline_qr", "{resolved:?}");
    assert!(resolved.body["problem"].is_null(), "{resolved:?}");
    assert_eq!(
        resolved.body["next_action"]["type"], "pay_offline",
        "{resolved:?}"
    );
    assert_eq!(resolved.body["amount_minor"], 1_200, "{resolved:?}");
    assert_eq!(resolved.body["currency"], "CDF", "{resolved:?}");
    assert_eq!(resolved.body["livemode"], false, "{resolved:?}");
    assert!(
        resolved.body["merchant"]["account"].is_string(),
        "{resolved:?}"
    );
    // Another nonce in the same template is nothing this gateway issued.
    let forged = payload.replace(&nonce, &"A".repeat(nonce.len()));
    let forged = w
        .srv
        .post("/resolve", None, &json!({"payload": forged}), None);
    assert_eq!(
        forged.body["next_action"]["type"], "do_not_pay",
        "{forged:?}"
    );
    for (field, value) in [
        ("expires_in_seconds", json!(59)),
        ("amount_minor", json!(20_001)),
    ] {
        let mut body = json!({"device_id": w.merchant.id, "currency": "CDF"});
        body[field] = value;
        let bad = w.srv.post("/offline/qr", w.b(), &body, Some(&ik()));
        assert_eq!(assert_error(&bad, 400, "validation_error")["param"], field);
    }

    let soon = now_unix() + 3_600;
    let text = w.promise(1_200, &nonce, soon, 1);
    let item = json!({
        "promise": text,
        "payer_device_id": w.payer.id,
        "payer_signature": w.payer.sign(&text),
        "qr": payload,
    });
    // Another amount than the QR's is not the merchant's.
    let other = w.promise(1_300, &nonce, soon, 1);
    let mut wrong = item.clone();
    wrong["promise"] = json!(other);
    wrong["payer_signature"] = json!(w.payer.sign(&other));
    let reply = w.sync(&[wrong, item]);
    assert_eq!(
        reason(&reply["results"][0]),
        "merchant_signature_invalid",
        "{reply}"
    );
    assert_eq!(reply["results"][1]["status"], "SETTLED", "{reply}");
    // Paid: the code has nothing left to pay.
    let after = w
        .srv
        .post("/resolve", None, &json!({"payload": payload}), None);
    assert_eq!(after.body["kind"], "paygate_offline_qr", "{after:?}");
    assert_eq!(after.body["next_action"]["type"], "none", "{after:?}");
}

/// A test clock on each side, at the same time.
fn clock(w: &World, key: Option<&str>) -> String {
    let resp = w.srv.post(
        "/test_clocks",
        key,
        &json!({"frozen_time": "2027-01-01T00:00:00Z", "attach": true}),
        Some(&ik()),
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    resp.body["id"].as_str().expect("id").to_string()
}

fn advance(w: &World, key: Option<&str>, clock: &str, hours: i64) {
    advance_as(&w.srv, key, clock, &chrono_like(T0_UNIX + hours * HOUR));
}

/// RFC 3339 of unix seconds within 2027-01 (the clocks' month).
fn chrono_like(unix: i64) -> String {
    let s = unix - T0_UNIX;
    format!(
        "2027-01-{:02}T{:02}:{:02}:00Z",
        1 + s / 86_400,
        (s % 86_400) / 3_600,
        (s % 3_600) / 60
    )
}

#[test]
fn a_subkey_expires_after_72_hours_of_test_clock_but_covers_what_it_signed_before() {
    let mut w = World::start(20_000);
    let (clock_a, clock_b) = (clock(&w, w.a()), clock(&w, w.b()));
    // Register both devices at T0 on the clocks.
    w.rotate(w.a(), &w.payer, &w.payer);
    w.rotate(w.b(), &w.merchant, &w.merchant);
    advance(&w, w.a(), &clock_a, 2);
    advance(&w, w.b(), &clock_b, 2);
    let early = w.nonces(1).remove(0);
    advance(&w, w.a(), &clock_a, 73);
    advance(&w, w.b(), &clock_b, 73);
    // The merchant's device must register again to fetch nonces.
    let stale = w.srv.post(
        "/offline/nonces",
        w.b(),
        &json!({"device_id": w.merchant.id}),
        Some(&ik()),
    );
    assert_eq!(
        assert_error(&stale, 400, "validation_error")["param"],
        "device_id"
    );
    let merchant = Device::new("shop-till-1", 3);
    w.rotate(w.b(), &w.merchant, &merchant);
    let late = w.nonces(1).remove(0);
    let expires = T0_UNIX + 75 * HOUR;
    // Made at T0+2h (its nonce's time) with keys valid then: it settles.
    let before = w.signed(&w.promise(1_000, &early, expires, 1));
    // Made now, with the payer's key expired since T0+72h.
    let after_text = w.promise(1_000, &late, expires, 2);
    let mut after = w.signed(&after_text);
    after["merchant_signature"] = json!(merchant.sign(&after_text));
    let reply = w.sync(&[before, after]);
    assert_eq!(reply["results"][0]["status"], "SETTLED", "{reply}");
    assert_eq!(reason(&reply["results"][1]), "payer_key_invalid", "{reply}");
    // The payer registers again and the same promise, signed anew, settles.
    let payer = Device::new("payer-phone-1", 4);
    w.rotate(w.a(), &w.payer, &payer);
    w.payer = payer;
    let mut again = w.signed(&after_text);
    again["merchant_signature"] = json!(merchant.sign(&after_text));
    assert_eq!(w.sync(&[again])["results"][0]["status"], "SETTLED");
}

#[test]
#[cfg_attr(
    paygate_test_store_pg,
    ignore = "redb only: it breaks a balance by writing the redb file behind the ledger's back"
)]
fn under_a_guardian_halt_every_promise_is_rejected_and_nothing_moves() {
    let mut w = World::start(20_000);
    let n = w.nonces(3);
    let soon = now_unix() + 3_600;
    let items: Vec<Value> = (0..3)
        .map(|i| w.signed(&w.promise(1_000, &n[i], soon, i as u64 + 1)))
        .collect();
    w.srv.kill();
    tamper_pending_balance(&w.srv.data_dir, 1);
    w.srv.restart();
    wait_until(
        Duration::from_secs(10),
        "the halt",
        || (w.srv.get("/status", None).body["operating_state"] == "halted").then_some(()),
        String::new,
    );
    let a_before = w.available(w.a());
    let reply = w.sync(&items);
    for r in reply["results"].as_array().expect("results") {
        assert_eq!(r["status"], "REJECTED", "{r}");
        assert_eq!(r["reason"], "guardian_halt");
        assert_eq!(r["restore_minor"], 1_000);
    }
    assert_eq!(w.available(w.a()), a_before);
    w.srv.kill();
    tamper_pending_balance(&w.srv.data_dir, -1);
    let dir = w.srv.data_dir.to_string_lossy().to_string();
    paygate(&["guardian", "clear", "--data-dir", &dir]).assert_success();
    w.srv.restart();
}

#[test]
fn only_active_parties_of_the_promise_settle_it_and_a_replayed_sync_answers_the_same() {
    let mut w = World::start(20_000);
    let n = w.nonces(4);
    let soon = now_unix() + 3_600;
    let good = w.signed(&w.promise(1_000, &n[0], soon, 1));
    // Gamma is party to nothing: refused, and nothing recorded.
    let outsider = w.sync_as(Some(&w.gamma_key), std::slice::from_ref(&good));
    assert_eq!(outsider.status, 200, "{outsider:?}");
    assert_eq!(reason(&outsider.body["results"][0]), "submitter_not_party");
    let nobody = w
        .promise(1_000, &n[1], soon, 2)
        .replace(&w.a_org, "org_nobody");
    let unknown = w.sync(&[w.signed(&nobody)]);
    assert_eq!(reason(&unknown["results"][0]), "unknown_party", "{unknown}");
    // The same Idempotency-Key replays the first answer: SETTLED again, not DUPLICATE.
    let key = ik();
    let first = w.sync_with(w.b(), std::slice::from_ref(&good), &key);
    assert_eq!(first.body["results"][0]["status"], "SETTLED", "{first:?}");
    let replay = w.sync_with(w.b(), std::slice::from_ref(&good), &key);
    assert_eq!(replay.body, first.body);
    assert_eq!(w.sync(&[good])["results"][0]["status"], "DUPLICATE");
    assert_eq!(
        w.srv.get("/offline/promises", Some(&w.gamma_key)).body["data"],
        json!([]),
        "gamma sees nothing"
    );
    // A disabled merchant's promises are refused (the payer syncs).
    let later = w.signed(&w.promise(1_000, &n[2], soon, 3));
    w.srv.kill();
    let dir = w.srv.data_dir.to_string_lossy().to_string();
    paygate(&["orgs", "disable", "--data-dir", &dir, &w.b_org]).assert_success();
    w.srv.restart();
    let refused = w.sync_as(w.a(), &[later]);
    assert_eq!(
        reason(&refused.body["results"][0]),
        "party_inactive",
        "{refused:?}"
    );
}
