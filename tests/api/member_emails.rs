//! Member e-mails are unique per organisation, not across the gateway (issue
//! 44, finding 10): adding a member never tells whether another organisation
//! has the address, and a login whose password is right in several
//! organisations asks which one, naming only those (decisions 330 to 333).

use serde_json::{Value, json};

use crate::console::Visitor;
use crate::support::ik;
use crate::support::orgs::add_org;
use crate::support::{Resp, TestServer, assert_error, data_of, paygate};
use crate::team::{self, OWNER, OWNER_PASSWORD, OWNER_PIN};

const B_SIDE_PASSWORD: &str = "b-side-password-Tq71";

/// A (the instance's organisation, owner `OWNER`), B and D (a bystander),
/// each with its own owner; B's and D's JSON as `orgs add` printed them.
fn three_organisations() -> (TestServer, (Value, Value)) {
    TestServer::start_with_args(&[], |dir| {
        team::add_user(dir, OWNER, "owner", OWNER_PASSWORD, OWNER_PIN);
        let d = add_org(dir, "@delta", "owner@delta.example");
        (add_org(dir, "@beta", "owner@beta.example"), d)
    })
}

fn str_of<'v>(v: &'v Value, pointer: &str) -> &'v str {
    v.pointer(pointer)
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("{pointer} missing in {v}"))
}

fn owner_session(srv: &TestServer, org: &Value) -> String {
    team::login(
        srv,
        str_of(org, "/owner/email"),
        str_of(org, "/owner/password"),
    )
}

fn add_member(srv: &TestServer, session: &str, email: &str, password: &str) -> Resp {
    srv.post(
        "/team/members",
        Some(session),
        &json!({ "email": email, "role": "admin", "password": password }),
        None,
    )
}

fn log_in(srv: &TestServer, body: Value) -> Resp {
    srv.post("/sessions", None, &body, None)
}

fn member_of(srv: &TestServer, session: &str) -> Value {
    let me = srv.get("/sessions/current", Some(session));
    assert_eq!(me.status, 200, "{me:?}");
    me.body["member"].clone()
}

fn team_size(srv: &TestServer, session: &str) -> usize {
    let list = srv.get("/team/members", Some(session));
    data_of(&list).len()
}

#[test]
fn another_organisations_member_email_is_added_and_each_member_logs_in_to_its_own() {
    let (srv, (b, _)) = three_organisations();
    let b_owner = owner_session(&srv, &b);
    // B adds A's owner's address: no oracle, the address is B's business too.
    let added = add_member(&srv, &b_owner, &OWNER.to_uppercase(), B_SIDE_PASSWORD);
    assert_eq!(added.status, 201, "{added:?}");
    assert_eq!(added.body["email"], OWNER);
    let b_member = str_of(&added.body, "/id").to_string();
    // Each logs in with its own password, to its own organisation.
    let a = team::login(&srv, OWNER, OWNER_PASSWORD);
    let a_member = member_of(&srv, &a);
    assert_eq!(a_member["role"], "owner", "{a_member}");
    assert_ne!(a_member["id"], b_member.as_str());
    let in_b = team::login(&srv, OWNER, B_SIDE_PASSWORD);
    assert_eq!(member_of(&srv, &in_b)["id"], b_member.as_str());
    let b_team = srv.get("/team/members", Some(&in_b));
    assert!(
        b_team.text.contains("owner@beta.example")
            && !b_team.text.contains(a_member["id"].as_str().unwrap_or("?")),
        "{b_team:?}"
    );
    // Within one organisation the address is still unique, and a refusal writes nothing.
    let before = team_size(&srv, &b_owner);
    let again = add_member(&srv, &b_owner, OWNER, "another-password-9");
    assert_eq!(assert_error(&again, 409, "member_exists")["param"], "email");
    assert_eq!(team_size(&srv, &b_owner), before);
    let own = add_member(&srv, &a, OWNER, "another-password-9");
    assert_error(&own, 409, "member_exists");
    // An address holding `|` is refused: it could pose as another's index row.
    let piped = add_member(&srv, &a, "x|mem_a@example.com", "another-password-9");
    assert_eq!(
        assert_error(&piped, 400, "validation_error")["param"],
        "email"
    );
}

#[test]
fn the_same_password_in_two_organisations_asks_which_and_names_only_those() {
    let (srv, (b, d)) = three_organisations();
    let b_id = str_of(&b, "/organisation/id").to_string();
    let d_id = str_of(&d, "/organisation/id").to_string();
    let b_owner = owner_session(&srv, &b);
    let added = add_member(&srv, &b_owner, OWNER, OWNER_PASSWORD);
    assert_eq!(added.status, 201, "{added:?}");
    let b_member = str_of(&added.body, "/id").to_string();

    // A wrong password names nothing, as for an unknown address.
    let wrong = log_in(
        &srv,
        json!({ "email": OWNER, "password": "not the password" }),
    );
    assert_error(&wrong, 401, "invalid_credentials");
    assert!(!wrong.text.contains("org_"), "{wrong:?}");

    // The right one, in both: 409, listing A and B (not D), no session.
    let both = log_in(&srv, json!({ "email": OWNER, "password": OWNER_PASSWORD }));
    let error = assert_error(&both, 409, "organisation_required");
    assert_eq!(error["param"], "organisation");
    assert!(both.body.get("token").is_none(), "{both:?}");
    let listed = both.body["error"]["details"]["organisations"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let ids: Vec<&str> = listed.iter().filter_map(|o| o["id"].as_str()).collect();
    assert_eq!(ids.len(), 2, "{both:?}");
    assert!(
        ids.contains(&b_id.as_str()) && !ids.contains(&d_id.as_str()),
        "{both:?}"
    );
    let b_listed = listed.iter().find(|o| o["id"] == b_id.as_str());
    assert_eq!(
        b_listed.map(|o| o["name"].clone()),
        Some(json!("Boutique Beta"))
    );
    let a_id = ids
        .iter()
        .find(|id| **id != b_id)
        .map(|id| id.to_string())
        .unwrap_or_default();

    // Naming the organisation, each gets its own session.
    let into = |org: &str| {
        let resp = log_in(
            &srv,
            json!({ "email": OWNER, "password": OWNER_PASSWORD, "organisation": org }),
        );
        assert_eq!(resp.status, 201, "{resp:?}");
        member_of(&srv, str_of(&resp.body, "/token"))
    };
    assert_eq!(into(&b_id)["id"], b_member.as_str());
    let in_a = into(&a_id);
    assert_eq!(in_a["role"], "owner");
    assert_ne!(in_a["id"], b_member.as_str());
    // An organisation the address is no member of: the same 401 as a wrong password.
    let elsewhere = log_in(
        &srv,
        json!({ "email": OWNER, "password": OWNER_PASSWORD, "organisation": d_id }),
    );
    assert_error(&elsewhere, 401, "invalid_credentials");
    let malformed = log_in(
        &srv,
        json!({ "email": OWNER, "password": OWNER_PASSWORD, "organisation": "beta" }),
    );
    assert_eq!(
        assert_error(&malformed, 400, "validation_error")["param"],
        "organisation"
    );
}

#[test]
fn the_console_sign_in_offers_the_organisations_the_password_opens() {
    let (srv, (b, _)) = three_organisations();
    let b_id = str_of(&b, "/organisation/id").to_string();
    let b_owner = owner_session(&srv, &b);
    let added = add_member(&srv, &b_owner, OWNER, OWNER_PASSWORD);
    assert_eq!(added.status, 201, "{added:?}");
    let mut visitor = Visitor::new(&srv);
    let form = visitor.get("/console/login");
    let token = form.form_value("/console/login", "login_token");
    let fields = [
        ("login_token", token.as_str()),
        ("email", OWNER),
        ("password", OWNER_PASSWORD),
    ];
    let choose = visitor.post("/console/login", &fields, &[]);
    assert_eq!(choose.status, 409, "{}", choose.text);
    assert!(!visitor.cookies.contains_key("pg_session"));
    assert!(
        choose.text.contains("name=\"organisation\"")
            && choose.text.contains(&format!("value=\"{b_id}\""))
            && !choose.text.contains(OWNER_PASSWORD),
        "{}",
        choose.text
    );
    let token = choose.form_value("/console/login", "login_token");
    let done = visitor.post(
        "/console/login",
        &[
            ("login_token", token.as_str()),
            ("email", OWNER),
            ("password", OWNER_PASSWORD),
            ("organisation", b_id.as_str()),
        ],
        &[],
    );
    assert_eq!(
        (done.status, done.location()),
        (303, "/console"),
        "{}",
        done.text
    );
    let home = visitor.get("/console");
    assert_eq!(home.status, 200);
}

#[test]
fn a_connected_account_may_name_another_organisations_member() {
    let (srv, (b, _)) = three_organisations();
    let b_key = str_of(&b, "/keys/secret_key");
    let created = srv.post(
        "/accounts",
        Some(b_key),
        &json!({"business_name": "Boutique Amani", "type": "merchant", "email": OWNER,
                "country": "CD", "default_currency": "CDF"}),
        Some(&ik()),
    );
    assert_eq!(created.status, 201, "{created:?}");
    // The account's owner has no password until the claim: A's owner alone
    // matches, and logs in without naming an organisation.
    let a = team::login(&srv, OWNER, OWNER_PASSWORD);
    assert_eq!(member_of(&srv, &a)["role"], "owner");
}

#[test]
fn an_email_belongs_to_five_organisations_at_most() {
    const CAPPED: &str = "capped@example.com";
    let (srv, b) = TestServer::start_with_args(&[], |dir| {
        team::add_user(dir, OWNER, "owner", OWNER_PASSWORD, OWNER_PIN);
        for n in 1..5 {
            add_org(dir, &format!("@cap{n}"), CAPPED);
        }
        add_org(dir, "@beta", "owner@beta.example")
    });
    let a = team::login(&srv, OWNER, OWNER_PASSWORD);
    let fifth = add_member(&srv, &a, CAPPED, B_SIDE_PASSWORD);
    assert_eq!(fifth.status, 201, "{fifth:?}");
    let b_owner = owner_session(&srv, &b);
    let before = team_size(&srv, &b_owner);
    let sixth = add_member(&srv, &b_owner, CAPPED, B_SIDE_PASSWORD);
    assert_eq!(
        assert_error(&sixth, 409, "email_memberships_full")["param"],
        "email"
    );
    assert_eq!(team_size(&srv, &b_owner), before, "nothing written");
    // The fifth logs in with its own password among five members.
    let in_a = team::login(&srv, CAPPED, B_SIDE_PASSWORD);
    assert_eq!(member_of(&srv, &in_a)["email"], CAPPED);
}

#[test]
fn the_cli_disables_a_member_of_an_ambiguous_email_only_with_org() {
    const SHARED: &str = "shared@example.com";
    const A_PASSWORD: &str = "a-side-password-Wd40";
    let (srv, b_password) = TestServer::start_with_args(&[], |dir| {
        let d = dir.to_str().expect("utf-8 path");
        team::add_user(dir, OWNER, "owner", OWNER_PASSWORD, OWNER_PIN);
        team::add_user(dir, SHARED, "admin", A_PASSWORD, "135790");
        // B's owner has the same address (and a generated password).
        let b = add_org(dir, "@beta", SHARED);
        let b_id = str_of(&b, "/organisation/id");
        let ambiguous = paygate(&["users", "disable", "--data-dir", d, SHARED]);
        assert!(!ambiguous.success(), "{ambiguous:?}");
        assert!(
            ambiguous.stderr.contains("--org") && ambiguous.stderr.contains(b_id),
            "says which organisations and how to choose: {ambiguous:?}"
        );
        // The other organisation the error names is A.
        let a_id = ambiguous
            .stderr
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .find(|w| w.starts_with("org_") && *w != b_id)
            .expect("A's id in the error")
            .to_string();
        let disabled = paygate(&["users", "disable", "--data-dir", d, SHARED, "--org", &a_id]);
        disabled.assert_success();
        assert_eq!(disabled.json()["status"], "disabled");
        str_of(&b, "/owner/password").to_string()
    });
    // A's member is disabled; B's, of the same address, is not.
    let a_side = log_in(&srv, json!({ "email": SHARED, "password": A_PASSWORD }));
    assert_error(&a_side, 401, "invalid_credentials");
    let b_side = team::login(&srv, SHARED, &b_password);
    assert_eq!(member_of(&srv, &b_side)["role"], "owner");
}
