//! Team members and their sessions, and the throttle that locks out repeated
//! failed logins and PIN attempts.
//!
//! - Members: `objects` by id (`mem_...`), listed through `index` rows
//!   `member|<org>|<id>`, found by email through `member_email|<email>|<id>`
//!   (and the older `member_email|<email>` → id, still read). An email is
//!   unique within an organisation, not across them: it may be a member of
//!   [`EMAIL_MEMBERSHIPS_MAX`] organisations, each knowing only its own
//!   (decisions 330, 331). Password and PIN are argon2id hashes
//!   (`secrets.rs`); never returned.
//! - Sessions: a `sess_` token (256 bits) shown once at login; the store keeps
//!   its SHA-256 (`index` row `session|<digest>` → session id, the record in
//!   `objects`). A session ends at its absolute expiry, after an idle period,
//!   at logout, when its member is disabled, or when its member's password
//!   changes ([`set_password`]: every session of the member ends).
//! - Throttle: `objects` rows `lock|login|<email>` and `lock|pin|<member id>`:
//!   [`MAX_FAILURES`] failures in a row lock the subject for [`LOCKOUT_MS`].
//!   Unknown emails are throttled like known ones, so the answer reveals nothing.
//!   An attempt is counted by the writer *before* its password or PIN is
//!   verified ([`take_attempt`]) and forgiven only when it succeeds: checking
//!   the lock on a snapshot and counting after the slow hash let 60
//!   simultaneous guesses through a limit of 5 (security review finding 8).

use crate::domain::org::MISSING_ORGANISATION;
use serde::{Deserialize, Serialize};

use super::resource;
use state::{member, session};

pub mod state;
use crate::auth::roles::Role;
use crate::error::{ApiError, Code, Missing};
use crate::store::{Read, Snapshot, StoreError, Tx};

/// The not-found answer about a team member.
pub const MISSING_MEMBER: Missing = Missing::new(Code::MemberNotFound, "team member");

/// Failed attempts in a row that lock a login or a member's PIN.
pub const MAX_FAILURES: u32 = 5;
/// How long a lockout lasts.
pub const LOCKOUT_MS: i64 = 15 * 60 * 1000;
/// Random characters after `sess_` (62^43 ≈ 2^256).
const SESSION_TOKEN_CHARS: usize = 43;
pub const SESSION_PREFIX: &str = "sess_";
pub const PASSWORD_CHARS_MIN: usize = 12;
pub const PASSWORD_CHARS_MAX: usize = 256;
pub const EMAIL_CHARS_MAX: usize = 254;
/// Organisations one email may be a member of, at most (decision 331): a
/// login without `organisation` checks exactly this many password hashes,
/// so the count must stay small.
pub const EMAIL_MEMBERSHIPS_MAX: usize = 5;
/// Index rows of one email read at most: the members it may have, and
/// room for rows a store written before `|` was refused in emails may hold.
const EMAIL_ROWS_READ: usize = 64;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Member {
    pub id: String,
    pub org: String,
    pub email: String,
    pub role: Role,
    pub password_hash: String,
    pub pin_hash: Option<String>,
    pub disabled_at_ms: Option<i64>,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
    /// Bumped by every password change ([`set_password`]): a session started
    /// under an older value no longer authenticates, so whoever held the old
    /// password is out at once (security review issue 44, finding 3).
    /// Records of earlier versions read as 0, as their sessions do.
    #[serde(default)]
    pub sessions_epoch: u32,
}

impl Member {
    /// Whether it may sign in and act ([`state::member`]).
    pub fn active(&self) -> bool {
        member::transition(member::Status::of(self), member::Trigger::SignIn).is_ok()
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Session {
    pub id: String,
    pub org: String,
    pub member_id: String,
    pub digest: String,
    pub created_at_ms: i64,
    pub last_seen_ms: i64,
    pub expires_at_ms: i64,
    pub idle_ms: i64,
    pub revoked_at_ms: Option<i64>,
    /// The member's [`Member::sessions_epoch`] when the session started.
    #[serde(default)]
    pub member_epoch: u32,
}

impl Session {
    /// Whether a request may use it at `now_ms` ([`state::session`]).
    pub fn live_at(&self, now_ms: i64) -> bool {
        let used = session::Trigger::Use {
            expired: now_ms >= self.expires_at_ms,
            idle: now_ms - self.last_seen_ms >= self.idle_ms,
        };
        session::transition(session::Status::of(self), used).is_ok()
    }
}

/// Session lifetimes (serve flags `--session-ttl-secs`, `--session-idle-secs`).
#[derive(Debug, Clone, Copy)]
pub struct SessionPolicy {
    pub absolute_ms: i64,
    pub idle_ms: i64,
}

impl Default for SessionPolicy {
    fn default() -> Self {
        SessionPolicy {
            absolute_ms: 12 * 60 * 60 * 1000,
            idle_ms: 60 * 60 * 1000,
        }
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Throttle {
    pub failures: u32,
    pub locked_until_ms: Option<i64>,
    /// Attempts counted by [`take_attempt`] whose check has not concluded:
    /// a success forgives itself and what concluded before it, never these.
    #[serde(default)]
    pub in_flight: u32,
}

pub fn login_subject(email: &str) -> String {
    crate::store::keys::login_throttle(&normalise_email(email))
}

pub fn pin_subject(member_id: &str) -> String {
    crate::store::keys::pin_throttle(member_id)
}

pub fn locked_error(until_ms: i64, now_ms: i64) -> ApiError {
    let minutes = ((until_ms - now_ms) / 60_000).max(0) + 1;
    ApiError::new(
        Code::TooManyAttempts,
        format!(
            "too many failed attempts ({MAX_FAILURES}); try again in about {minutes} minute(s)"
        ),
    )
}

/// Counts an attempt on `subject` before it is verified, as a failure until
/// [`clear_failures`] forgives it. `Ok(left)`: the attempt may proceed, and
/// `left` more may follow before the lock (0: this was the last one, and the
/// lock is already in force unless it succeeds). `Err(until)`: locked; do not
/// verify anything.
pub fn take_attempt(tx: &mut Tx<'_>, subject: &str) -> Result<Result<u32, i64>, ApiError> {
    let now = tx.wall_ms();
    let mut throttle: Throttle = tx.object(subject)?.unwrap_or_default();
    match throttle.locked_until_ms {
        Some(until) if until > now => return Ok(Err(until)),
        Some(_) => throttle = Throttle::default(),
        None => {}
    }
    throttle.failures += 1;
    throttle.in_flight += 1;
    let left = MAX_FAILURES.saturating_sub(throttle.failures);
    if left == 0 {
        throttle.locked_until_ms = Some(now + LOCKOUT_MS);
    }
    tx.put_object(subject.to_string(), &throttle)?;
    Ok(Ok(left))
}

/// A verified attempt: forgives itself and every failure that concluded
/// before it, but not the attempts counted at the same time and still being
/// checked. Deleting the whole count here let a burst of guesses that
/// contained the right password check more than `MAX_FAILURES` (the others'
/// counts were wiped while they ran).
pub fn clear_failures(tx: &mut Tx<'_>, subject: &str) -> Result<(), ApiError> {
    let Some(mut throttle) = tx.object::<Throttle>(subject)? else {
        return Ok(());
    };
    let others = throttle.in_flight.saturating_sub(1);
    if others == 0 {
        tx.delete_object(subject.to_string());
        return Ok(());
    }
    throttle.failures = others;
    throttle.in_flight = others;
    if throttle.failures < MAX_FAILURES {
        throttle.locked_until_ms = None;
    }
    tx.put_object(subject.to_string(), &throttle)?;
    Ok(())
}

/// A refused attempt: it stays counted, no longer in flight.
pub fn conclude_failure(tx: &mut Tx<'_>, subject: &str) -> Result<(), ApiError> {
    if let Some(mut throttle) = tx.object::<Throttle>(subject)? {
        throttle.in_flight = throttle.in_flight.saturating_sub(1);
        tx.put_object(subject.to_string(), &throttle)?;
    }
    Ok(())
}

pub fn normalise_email(email: &str) -> String {
    email.trim().to_ascii_lowercase()
}

pub fn validate_email(email: &str) -> Result<String, ApiError> {
    let email = normalise_email(email);
    let ok = email.len() <= EMAIL_CHARS_MAX
        && email.split_once('@').is_some_and(|(local, domain)| {
            !local.is_empty() && domain.contains('.') == domain.contains('.') && !domain.is_empty()
        })
        // `|` separates the parts of the store's keys: an email holding it
        // could pose as another's index row (`member_email|<email>|<id>`).
        && !email.chars().any(|c| c.is_whitespace() || c.is_control() || c == '|');
    if ok {
        Ok(email)
    } else {
        Err(ApiError::field(
            "email",
            "email must be an address such as ana@example.com (at most 254 characters, no spaces or `|`)",
        ))
    }
}

pub fn validate_password(password: &str) -> Result<(), ApiError> {
    let n = password.chars().count();
    if (PASSWORD_CHARS_MIN..=PASSWORD_CHARS_MAX).contains(&n) {
        Ok(())
    } else {
        Err(ApiError::field(
            "password",
            format!("password must be {PASSWORD_CHARS_MIN} to {PASSWORD_CHARS_MAX} characters"),
        ))
    }
}

pub fn validate_pin(pin: &str) -> Result<(), ApiError> {
    if (6..=12).contains(&pin.len()) && pin.bytes().all(|b| b.is_ascii_digit()) {
        Ok(())
    } else {
        Err(ApiError::field("pin", "pin must be 6 to 12 digits"))
    }
}

pub fn member(snapshot: &Snapshot, id: &str) -> Result<Option<Member>, StoreError> {
    if !crate::ids::is_id(id, "mem") {
        return Ok(None);
    }
    snapshot.object(id)
}

/// Every member whose email is `email`, of every organisation, oldest
/// first: the rows `member_email|<email>|<id>` and the older
/// `member_email|<email>` → id of a store written while emails were global.
/// A row counts only when its member has this very email.
pub fn members_by_email(read: &impl Read, email: &str) -> Result<Vec<Member>, StoreError> {
    use crate::store::keys;
    let email = normalise_email(email);
    let mut ids: Vec<String> = Vec::new();
    if let Some(id) = read.index_id(&keys::member_email_legacy(&email))? {
        ids.push(id);
    }
    let prefix = keys::member_email_prefix(&email);
    for (key, _) in read.scan_index(&prefix, None, EMAIL_ROWS_READ)? {
        let id = crate::store::keys::id_of(&key);
        if crate::ids::is_id(id, "mem") && !ids.iter().any(|known| known == id) {
            ids.push(id.to_string());
        }
    }
    let mut found = Vec::new();
    for id in ids {
        let member: Option<Member> = read.object(&id)?;
        found.extend(member.filter(|m| m.email == email));
    }
    found.sort_by(|a, b| (a.created_at_ms, &a.id).cmp(&(b.created_at_ms, &b.id)));
    Ok(found)
}

pub fn members(snapshot: &Snapshot, org: &str) -> Result<Vec<Member>, StoreError> {
    let prefix = crate::store::keys::org_prefix(crate::store::keys::OrgFamily::Members, org);
    let rows = snapshot.scan_index_rev(&prefix, 10_000)?;
    let mut out = Vec::new();
    for (key, _) in rows {
        if let Some(m) = snapshot.object(crate::store::keys::id_of(&key))? {
            out.push(m);
        }
    }
    Ok(out)
}

/// Adds a member with already hashed credentials (hash outside the writer:
/// argon2 is deliberately slow).
pub fn add_member(
    tx: &mut Tx<'_>,
    org: &str,
    email: &str,
    role: Role,
    password_hash: String,
    pin_hash: Option<String>,
) -> Result<Member, ApiError> {
    let email = validate_email(email)?;
    // Only this organisation's members are compared: whether another
    // organisation has a member with this email is none of its business
    // (issue 44, finding 10).
    let same_email = members_by_email(tx, &email)?;
    if same_email.iter().any(|m| m.org == org) {
        return Err(ApiError::new(
            Code::MemberExists,
            format!("a team member with the email {email} already exists"),
        )
        .with_param("email"));
    }
    if same_email.len() >= EMAIL_MEMBERSHIPS_MAX {
        return Err(ApiError::new(
            Code::EmailMembershipsFull,
            format!(
                "this email already belongs to members of {EMAIL_MEMBERSHIPS_MAX} organisations, \
                 the most allowed; use another address"
            ),
        )
        .with_param("email"));
    }
    let now = tx.wall_ms();
    let member = Member {
        id: crate::ids::new_id("mem"),
        org: org.into(),
        email: email.clone(),
        role,
        password_hash,
        pin_hash,
        disabled_at_ms: None,
        created_at_ms: now,
        updated_at_ms: now,
        sessions_epoch: 0,
    };
    tx.put_object(member.id.clone(), &member)?;
    tx.put_index(
        crate::store::keys::org(crate::store::keys::OrgFamily::Members, org, &member.id),
        Vec::new(),
    );
    resource::point(
        tx,
        crate::store::keys::member_email(&email, &member.id),
        &member.id,
    );
    Ok(member)
}

fn member_tx(tx: &Tx<'_>, org: &str, id: &str) -> Result<Member, ApiError> {
    let found: Option<Member> = if crate::ids::is_id(id, "mem") {
        tx.object(id)?
    } else {
        None
    };
    found
        .filter(|m| m.org == org)
        .ok_or_else(|| ApiError::not_found(MISSING_MEMBER, id))
}

fn other_active_owners(tx: &Tx<'_>, org: &str, except: &str) -> Result<usize, ApiError> {
    let prefix = crate::store::keys::org_prefix(crate::store::keys::OrgFamily::Members, org);
    let rows = tx.scan_index(&prefix, None, 10_000)?;
    let mut n = 0;
    for (key, _) in rows {
        let id = crate::store::keys::id_of(&key);
        if id == except {
            continue;
        }
        let m: Option<Member> = tx.object(id)?;
        if m.is_some_and(|m| m.active() && m.role == Role::Owner) {
            n += 1;
        }
    }
    Ok(n)
}

/// Changes a member's role. `by` is the acting member's role.
pub fn set_role(
    tx: &mut Tx<'_>,
    org: &str,
    by: Role,
    id: &str,
    role: Role,
) -> Result<(Member, Role), ApiError> {
    let mut member = member_tx(tx, org, id)?;
    if !by.may_assign(member.role) || !by.may_assign(role) {
        return Err(ApiError::new(
            Code::RoleDenied,
            "only an owner may make or change an owner",
        ));
    }
    if member.role == Role::Owner && role != Role::Owner && other_active_owners(tx, org, id)? == 0 {
        return Err(ApiError::new(
            Code::LastOwner,
            "this is the last active owner; make another member owner first",
        ));
    }
    let old = member.role;
    member.role = role;
    member.updated_at_ms = tx.wall_ms();
    tx.put_object(member.id.clone(), &member)?;
    Ok((member, old))
}

/// Disables a member: their sessions stop working at once (the gate checks).
pub fn disable(tx: &mut Tx<'_>, org: &str, by: Role, id: &str) -> Result<Member, ApiError> {
    let mut member = member_tx(tx, org, id)?;
    if !by.may_assign(member.role) {
        return Err(ApiError::new(
            Code::RoleDenied,
            "only an owner may disable an owner",
        ));
    }
    let last_owner = member.role == Role::Owner && other_active_owners(tx, org, id)? == 0;
    let from = member::Status::of(&member);
    let to = member::transition(from, member::Trigger::Disable { last_owner }).map_err(|_| {
        ApiError::new(
            Code::LastOwner,
            "this is the last active owner; make another member owner first",
        )
    })?;
    if to != from {
        member.disabled_at_ms = Some(tx.wall_ms());
        member.updated_at_ms = tx.wall_ms();
        tx.put_object(member.id.clone(), &member)?;
    }
    Ok(member)
}

/// Starts a session for `member`; returns it and its token (shown once).
pub fn start_session(
    tx: &mut Tx<'_>,
    member: &Member,
    policy: SessionPolicy,
) -> Result<(Session, String), ApiError> {
    let token = format!(
        "{SESSION_PREFIX}{}",
        crate::ids::random_token(SESSION_TOKEN_CHARS)
    );
    let now = tx.wall_ms();
    let session = Session {
        id: crate::ids::new_id("ses"),
        org: member.org.clone(),
        member_id: member.id.clone(),
        digest: crate::auth::keys::digest(&token),
        created_at_ms: now,
        last_seen_ms: now,
        expires_at_ms: now + policy.absolute_ms,
        idle_ms: policy.idle_ms,
        revoked_at_ms: None,
        member_epoch: member.sessions_epoch,
    };
    tx.put_object(session.id.clone(), &session)?;
    resource::point(
        tx,
        crate::store::keys::session(&session.digest),
        &session.id,
    );
    Ok((session, token))
}

/// The session a token names (live or not), unless its member's password
/// changed since it started: such a session is gone for every caller (the
/// API gate and the console both come through here), as if logged out.
pub fn session_by_token(snapshot: &Snapshot, token: &str) -> Result<Option<Session>, StoreError> {
    let digest = crate::auth::keys::digest(token);
    let Some(id) = snapshot.index(&crate::store::keys::session(&digest))? else {
        return Ok(None);
    };
    let session: Option<Session> = snapshot.object(&String::from_utf8_lossy(&id))?;
    let Some(session) = session.filter(|s| {
        use subtle::ConstantTimeEq;
        bool::from(s.digest.as_bytes().ct_eq(digest.as_bytes()))
    }) else {
        return Ok(None);
    };
    let epoch = member(snapshot, &session.member_id)?.map(|m| m.sessions_epoch);
    Ok((epoch == Some(session.member_epoch)).then_some(session))
}

/// Sets a member's password (`password_hash`, made off the writer) and ends
/// every session the member has: whoever knew the old password, or holds a
/// session opened with it, is out. Every password change goes through here.
pub fn set_password(
    tx: &mut Tx<'_>,
    member: &mut Member,
    password_hash: String,
) -> Result<(), ApiError> {
    member.password_hash = password_hash;
    member.sessions_epoch = member.sessions_epoch.wrapping_add(1);
    member.updated_at_ms = tx.wall_ms();
    tx.put_object(member.id.clone(), &*member)?;
    Ok(())
}

pub fn end_session(tx: &mut Tx<'_>, id: &str) -> Result<(), ApiError> {
    let session: Option<Session> = tx.object(id)?;
    let ends = |s: &Session| {
        let from = session::Status::of(s);
        session::transition(from, session::Trigger::End).is_ok_and(|to| to != from)
    };
    if let Some(mut s) = session.filter(ends) {
        s.revoked_at_ms = Some(tx.wall_ms());
        tx.put_object(s.id.clone(), &s)?;
    }
    Ok(())
}

/// Records activity on a session (for the idle timeout).
pub fn touch_session(tx: &mut Tx<'_>, id: &str) -> Result<(), ApiError> {
    let session: Option<Session> = tx.object(id)?;
    let touches =
        |s: &Session| session::transition(session::Status::of(s), session::Trigger::Touch).is_ok();
    if let Some(mut s) = session.filter(touches) {
        s.last_seen_ms = tx.wall_ms();
        tx.put_object(s.id.clone(), &s)?;
    }
    Ok(())
}

/// The owner made by `init` (flags) or a first start (generated). Printed
/// once; a password or PIN given by flag is never echoed back.
#[derive(Debug, Clone, Serialize)]
pub struct NewOwner {
    pub email: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub password: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pin: Option<String>,
    #[serde(skip)]
    given_password: Option<String>,
    #[serde(skip)]
    given_pin: Option<String>,
}

/// The default owner email of a store made without `--owner-email`.
pub const DEFAULT_OWNER_EMAIL: &str = "owner@paygate.local";

impl NewOwner {
    /// An owner with a generated password and PIN (shown once).
    pub fn generated() -> NewOwner {
        NewOwner::from_flags(None, None, None)
    }

    /// From `--owner-email`, `--owner-password`, `--owner-pin`; what is not given is generated.
    pub fn from_flags(
        email: Option<String>,
        password: Option<String>,
        pin: Option<String>,
    ) -> NewOwner {
        let generated_pin = || {
            let mut rng = rand::rng();
            use rand::RngExt;
            (0..6)
                .map(|_| char::from(b'0' + rng.random_range(0..10u8)))
                .collect::<String>()
        };
        NewOwner {
            email: email.unwrap_or_else(|| DEFAULT_OWNER_EMAIL.to_string()),
            password: password.is_none().then(|| crate::ids::random_token(24)),
            pin: pin.is_none().then(generated_pin),
            given_password: password,
            given_pin: pin,
        }
    }

    fn secrets(&self) -> (String, String) {
        (
            self.given_password
                .clone()
                .or_else(|| self.password.clone())
                .unwrap_or_default(),
            self.given_pin
                .clone()
                .or_else(|| self.pin.clone())
                .unwrap_or_default(),
        )
    }

    pub fn validate(&self) -> Result<(), ApiError> {
        validate_email(&self.email)?;
        let (password, pin) = self.secrets();
        validate_password(&password)?;
        validate_pin(&pin)
    }

    /// The argon2 hashes of the password and PIN (slow: not on the writer thread).
    pub fn hashes_blocking(&self) -> (String, String) {
        let (password, pin) = self.secrets();
        (
            crate::secrets::hash_password(&password),
            crate::secrets::hash_password(&pin),
        )
    }

    pub async fn hashes(&self) -> (String, String) {
        let owner = self.clone();
        tokio::task::spawn_blocking(move || owner.hashes_blocking())
            .await
            .unwrap_or_default()
    }

    /// Adds the owner to the store's organisation; returns what to print.
    pub fn create(&self, tx: &mut Tx<'_>, hashes: (String, String)) -> Result<NewOwner, ApiError> {
        let org = super::org::instance(tx)?;
        self.create_in(tx, &org.id, hashes)
    }

    /// Adds the owner to the organisation `org`; returns what to print.
    pub fn create_in(
        &self,
        tx: &mut Tx<'_>,
        org: &str,
        hashes: (String, String),
    ) -> Result<NewOwner, ApiError> {
        self.validate()?;
        let org = super::org::get(tx, org)?
            .ok_or_else(|| ApiError::not_found(MISSING_ORGANISATION, org))?;
        let member = add_member(
            tx,
            &org.id,
            &self.email,
            Role::Owner,
            hashes.0,
            Some(hashes.1),
        )?;
        super::audit::record(
            tx,
            &super::audit::Actor::cli(&org.id),
            "team_member.created",
            Some(&member.id),
            serde_json::json!({ "email": member.email, "role": "owner" }),
        )?;
        Ok(self.clone())
    }
}

/// A hash to verify against when the email is unknown, so a login takes as
/// long whether or not the member exists.
pub fn decoy_hash() -> &'static str {
    static DECOY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DECOY.get_or_init(|| crate::secrets::hash_password("decoy password, never valid"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A member without a PIN, its password hash `hash`.
    fn new_member(
        tx: &mut Tx<'_>,
        org: &str,
        email: &str,
        role: Role,
        hash: &str,
    ) -> Result<Member, ApiError> {
        add_member(tx, org, email, role, hash.into(), None)
    }

    #[test]
    fn sessions_end_at_expiry_idle_or_logout() {
        let s = Session {
            id: "ses_x".into(),
            org: "org_x".into(),
            member_id: "mem_x".into(),
            digest: String::new(),
            created_at_ms: 0,
            last_seen_ms: 1_000,
            expires_at_ms: 10_000,
            idle_ms: 5_000,
            revoked_at_ms: None,
            member_epoch: 0,
        };
        assert!(s.live_at(5_999));
        assert!(!s.live_at(6_000), "idle");
        let mut fresh = s.clone();
        fresh.last_seen_ms = 9_000;
        assert!(!fresh.live_at(10_000), "absolute");
        fresh.revoked_at_ms = Some(9_500);
        assert!(!fresh.live_at(9_600), "logged out");
    }

    #[test]
    fn credentials_are_validated() {
        assert_eq!(
            validate_email(" Ana@Example.com ").expect("ok"),
            "ana@example.com"
        );
        assert!(validate_email("nope").is_err());
        assert!(validate_password("short").is_err());
        assert!(validate_password("long enough password").is_ok());
        assert!(validate_pin("123456").is_ok());
        assert!(validate_pin("12345").is_err());
        assert!(validate_pin("12345a").is_err());
    }

    /// Issue 44, finding 3: a password change ends every session the member
    /// had, at once, for every caller that reads sessions by token.
    #[test]
    fn a_password_change_ends_every_session_of_the_member() {
        let store = crate::store::Store::ephemeral().expect("store");
        let policy = SessionPolicy::default();
        let (member, old_tokens, other_token) = store
            .write_now(0, |tx| {
                let member = new_member(tx, "org_a", "ana@example.com", Role::Owner, "h1")?;
                let other = new_member(tx, "org_a", "bo@example.com", Role::Admin, "h2")?;
                let (_, first) = start_session(tx, &member, policy)?;
                let (_, second) = start_session(tx, &member, policy)?;
                let (_, others) = start_session(tx, &other, policy)?;
                Ok((member, vec![first, second], others))
            })
            .expect("setup");
        let live = |token: &str| {
            session_by_token(&store.snapshot().expect("snapshot"), token)
                .expect("read")
                .is_some()
        };
        assert!(old_tokens.iter().all(|t| live(t)));
        let fresh = store
            .write_now(1, |tx| {
                let mut member = member.clone();
                set_password(tx, &mut member, "h3".into())?;
                let (_, token) = start_session(tx, &member, policy)?;
                Ok(token)
            })
            .expect("change");
        assert!(
            old_tokens.iter().all(|t| !live(t)),
            "sessions opened before the change end"
        );
        assert!(live(&fresh), "a login after the change works");
        assert!(live(&other_token), "another member keeps their session");
    }

    /// A store written while emails were global keeps its `member_email|<email>`
    /// row: its member is still found, counts as its organisation's, and the
    /// same address joins another organisation beside it (decision 330).
    #[test]
    fn an_email_is_unique_per_organisation_and_the_legacy_row_is_still_read() {
        let store = crate::store::Store::ephemeral().expect("store");
        let legacy = store
            .write_now(0, |tx| {
                let member = new_member(tx, "org_a", "ana@example.com", Role::Owner, "h1")?;
                // As an older version wrote it: the one global row only.
                tx.delete_index(crate::store::keys::member_email(
                    "ana@example.com",
                    &member.id,
                ));
                resource::point(
                    tx,
                    crate::store::keys::member_email_legacy("ana@example.com"),
                    &member.id,
                );
                Ok(member)
            })
            .expect("legacy");
        let found = |email: &str| {
            members_by_email(&store.snapshot().expect("snapshot"), email)
                .expect("read")
                .into_iter()
                .map(|m| m.id)
                .collect::<Vec<_>>()
        };
        assert_eq!(found(" Ana@Example.com"), std::slice::from_ref(&legacy.id));
        let again = store.write_now(1, |tx| {
            new_member(tx, "org_a", "ana@example.com", Role::Viewer, "h2")
        });
        assert_eq!(
            again.map(|m| m.id).map_err(|e| e.code),
            Err(Code::MemberExists)
        );
        let other = store
            .write_now(2, |tx| {
                new_member(tx, "org_b", "ana@example.com", Role::Admin, "h3")
            })
            .expect("another organisation");
        assert_eq!(found("ana@example.com"), [legacy.id, other.id]);
        for n in 3..=5 {
            store
                .write_now(n, |tx| {
                    let org = format!("org_{n}");
                    new_member(tx, &org, "ana@example.com", Role::Admin, "h")
                })
                .expect("up to five");
        }
        let sixth = store.write_now(6, |tx| {
            new_member(tx, "org_6", "ana@example.com", Role::Admin, "h")
        });
        assert_eq!(
            sixth.map(|m| m.id).map_err(|e| e.code),
            Err(Code::EmailMembershipsFull)
        );
        assert_eq!(found("ana@example.com").len(), EMAIL_MEMBERSHIPS_MAX);
    }

    /// Ten guesses checked at once, the right one among the first: the success
    /// forgives itself only, so the others still count and lock the subject
    /// after `MAX_FAILURES` checks in all (the race the PostgreSQL suite found).
    #[test]
    fn a_success_does_not_forgive_the_attempts_checked_beside_it() {
        let store = crate::store::Store::ephemeral().expect("store");
        let subject = login_subject("ana@example.com");
        let take = || {
            store
                .write_now(0, |tx| take_attempt(tx, &subject))
                .expect("take")
        };
        let allowed: Vec<bool> = (0..3).map(|_| take().is_ok()).collect();
        assert_eq!(allowed, [true, true, true]);
        store
            .write_now(0, |tx| clear_failures(tx, &subject))
            .expect("success");
        // The two others are still running: two counted, so three more pass.
        let more: Vec<bool> = (0..4).map(|_| take().is_ok()).collect();
        assert_eq!(more, [true, true, true, false], "locked after five counted");
        // Once every check concluded, a later success forgives everything.
        let store = crate::store::Store::ephemeral().expect("store");
        let take = || {
            store
                .write_now(0, |tx| take_attempt(tx, &subject))
                .expect("take")
        };
        assert!(take().is_ok());
        store
            .write_now(0, |tx| conclude_failure(tx, &subject))
            .expect("failure");
        assert!(take().is_ok());
        store
            .write_now(0, |tx| clear_failures(tx, &subject))
            .expect("success");
        let left = store.snapshot().expect("snapshot");
        assert!(left.object_bytes(&subject).expect("read").is_none());
    }
}
