//! Every key of the store, built in one place: the layout of the tables is
//! read here, not in thirty `format!` calls, and a change of layout is a
//! change of this file. Keys are ASCII; `|` separates parts (ids, modes and
//! digests never contain it) and every scan the gateway needs is a prefix
//! range of one of these shapes.
//!
//! | table | key | builder |
//! |---|---|---|
//! | `index` | `<family>\|<mode>\|<owner>\|<id>` | [`owned`], [`owned_prefix`] |
//! | `index` | `<family>\|<parent>\|<id>` | [`child_prefix`] + id |
//! | `index` | `<family>\|<org>\|<id>` | [`org`], [`org_prefix`] |
//! | `index` | `member_email\|<email>\|<member>`, `session\|<digest>` | [`member_email`], [`member_email_prefix`], [`session`] |
//! | `index` | `member_email\|<email>` → member id (written before e-mails were per organisation; read only) | [`member_email_legacy`] |
//! | `objects` | `lock\|login\|<email>`, `lock\|pin\|<member>` | [`login_throttle`], [`pin_throttle`] |
//! | `index` | `vq\|<mode>\|<owner>\|<period>` | [`verification_quota`] |
//! | `objects` | `ofd\|<mode>\|<device>`, `ofn\|<mode>\|<nonce>` | [`offline_device`], [`offline_nonce`] |
//! | `index` | `ofh\|<mode>\|<hash>` → offline promise id | [`offline_promise_hash`] |
//! | `index` | `cm\|<mode>\|<owner>\|<pair>\|<month>` | [`corridor_month`] |
//! | `objects` | `agent_usage\|<mode>\|<owner>`, `crc_score\|<consent>` | [`agent_usage`], [`credit_score_cache`] |
//! | `index` | `crc_code\|<digest>` → consent id | [`credit_consent_code`] |
//! | `objects` | `rail_stats\|<mode>\|<rail id>` (a rail's 24 h counters) | [`rail_stats`] |
//! | `timers`, `delivery_queue`, `idempotency_expiry` | `<due_ms:020>\|<id>` | [`due`], [`due_before`] |
//! | `timers` | `clock\|<clock>\|<due_ms:020>\|<id>` (a test clock's) | [`clock_due`], [`clock_timers`] |
//! | `index` | `attached_clock\|<org>` → clock id | [`attached_clock`] |
//! | `index` | `stp_key\|<mode>\|<owner>\|<rail or *>\|<currency>` → settlement profile id | [`settlement_profile`] |
//! | `index` | `sc_open\|<mode>\|<owner>\|<rail or *>\|<currency>` → open settlement cycle id | [`settlement_open`], [`settlement_open_prefix`] |
//! | `objects` | `sci\|<cycle>\|<seq:07>` (a settlement cycle's items, in order) | [`settlement_item`] |
//! | `meta` | `fx_rates\|<mode>` → the rate table of the mode | [`fx_rates`] |
//! | `index` | `rstd\|<mode>\|<owner>\|<digest>` → reconciliation statement id | [`reconciliation_digest`] |
//! | `objects` | `rsr\|<statement>` (a statement's report) | [`reconciliation_report`] |
//! | `idempotency` | `<mode>\|<owner>\|<key>` | [`idempotency`] |
//! | `balances` | `<mode>:<owner>:<currency>:<class>` | `ledger::Account::key`, [`balances_prefix`] |

use super::Records;
use crate::mode::Mode;

/// A family of objects an owner (organisation or connected account) has,
/// each listed newest first through its own index: its tag is the id prefix
/// (`re` of `re_...`) and the index tag. Each resource declares its family
/// in its own module (`domain::resource::Kind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Family {
    tag: &'static str,
    records: Records,
}

impl Family {
    /// A family of objects kept in the objects table.
    pub const fn new(tag: &'static str) -> Family {
        Family {
            tag,
            records: Records::Objects,
        }
    }

    /// The family of the events, kept in their own table.
    pub const fn events(tag: &'static str) -> Family {
        Family {
            tag,
            records: Records::Events,
        }
    }

    /// The kind's id prefix (`pi` of `pi_...`), also its index tag.
    pub fn id_prefix(self) -> &'static str {
        self.tag
    }

    /// A new id of this family: `<tag>_<ulid>`.
    pub fn new_id(self) -> String {
        crate::ids::new_id(self.tag)
    }

    /// The records its objects are kept among.
    pub fn objects(self) -> Records {
        self.records
    }

    fn tag(self) -> &'static str {
        self.tag
    }
}

/// `<family>|<mode>|<owner>|`: the prefix of an owner's objects of a family.
pub fn owned_prefix(family: Family, mode: Mode, owner: &str) -> String {
    format!("{}|{}|{owner}|", family.tag(), mode.as_str())
}

/// `<family>|<mode>|<owner>|<id>`: one object's row in its owner's index.
pub fn owned(family: Family, mode: Mode, owner: &str, id: &str) -> String {
    format!("{}|{}|{owner}|{id}", family.tag(), mode.as_str())
}

/// Objects that belong to another object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Child {
    /// Deliveries of a webhook endpoint.
    Delivery,
    /// Terminals of a location.
    Terminal,
    /// Rows of a payout batch.
    PayoutBatchRow,
}

impl Child {
    /// The kind's id prefix (`wd` of `wd_...`), also its index tag.
    pub fn id_prefix(self) -> &'static str {
        self.tag()
    }

    fn tag(self) -> &'static str {
        match self {
            Child::Delivery => "wd",
            Child::Terminal => "term",
            Child::PayoutBatchRow => "pbr",
        }
    }
}

/// `rstd|<mode>|<owner>|<sha-256>` → the reconciliation statement imported
/// from a file of that digest (`domain::reconciliation`).
pub fn reconciliation_digest(mode: Mode, owner: &str, digest: &str) -> String {
    format!("rstd|{}|{owner}|{digest}", mode.as_str())
}

/// `rsr|<statement>`: a reconciliation statement's whole report (objects).
pub fn reconciliation_report(statement: &str) -> String {
    format!("rsr|{statement}")
}

/// `<family>|<parent>|`.
pub fn child_prefix(family: Child, parent: &str) -> String {
    format!("{}|{parent}|", family.tag())
}

/// What an organisation has in both modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrgFamily {
    /// API keys: the row's value is the key's digest.
    ApiKeys,
    Members,
    Audit,
    /// Every organisation, under the pseudo-parent `all`.
    Organisations,
}

impl OrgFamily {
    fn tag(self) -> &'static str {
        match self {
            OrgFamily::ApiKeys => "api_keys",
            OrgFamily::Members => "member",
            OrgFamily::Audit => "audit",
            OrgFamily::Organisations => "orgs",
        }
    }
}

/// `<family>|<org>|`.
pub fn org_prefix(family: OrgFamily, org: &str) -> String {
    format!("{}|{org}|", family.tag())
}

/// `<family>|<org>|<id>`.
pub fn org(family: OrgFamily, org: &str, id: &str) -> String {
    format!("{}|{org}|{id}", family.tag())
}

/// `org_handle|<kind>:<value>` → the organisation's id (`tag:shop`,
/// `phone:+243...`, `email:a@b.cd`): handles are unique.
pub fn org_handle(handle: &str) -> String {
    format!("org_handle|{handle}")
}

/// `acct_org|<org>` → the connected account whose customer organisation is `org`.
pub fn account_of_org(org: &str) -> String {
    format!("acct_org|{org}")
}

/// `acct_claim|<sha-256 of a claim token>` → the account the claim link opens.
pub fn account_claim(digest: &str) -> String {
    format!("acct_claim|{digest}")
}

/// `plan_code|<code>` → the plan's id: a plan code names one plan of the
/// whole gateway, so that its hosted page `/subscribe/{code}` finds it.
pub fn plan_code(code: &str) -> String {
    format!("plan_code|{code}")
}

/// `sub_customer|<plan>|<customer>` → the customer's latest subscription
/// to the plan (a second one while it runs is refused).
pub fn plan_subscriber(plan: &str, customer: &str) -> String {
    format!("sub_customer|{plan}|{customer}")
}

/// `sub_inv|<subscription>|`: the prefix of a subscription's invoice rows.
pub fn subscription_invoices(subscription: &str) -> String {
    format!("sub_inv|{subscription}|")
}

/// `inv_seq|<mode>|<owner>|<yyyymm>` → the owner's last invoice number of
/// that month: numbers are allocated by the writer, so never twice.
pub fn invoice_sequence(mode: Mode, owner: &str, yyyymm: &str) -> String {
    format!("inv_seq|{}|{owner}|{yyyymm}", mode.as_str())
}

/// `member_email|<email>|<member id>`: one row per member with this e-mail.
/// An e-mail is unique within an organisation only, so it may name members
/// of several (at most `team::EMAIL_MEMBERSHIPS_MAX`); a prefix scan of
/// [`member_email_prefix`] finds them.
pub fn member_email(email: &str, member_id: &str) -> String {
    format!("member_email|{email}|{member_id}")
}

/// `member_email|<email>|`: the prefix of an e-mail's member rows.
pub fn member_email_prefix(email: &str) -> String {
    format!("member_email|{email}|")
}

/// `member_email|<email>` → a member's id: the row of a store written while
/// e-mails were global. Never written now; still read, so such a store's
/// members keep logging in.
pub fn member_email_legacy(email: &str) -> String {
    format!("member_email|{email}")
}

/// `session|<digest of the token>` → the session's id.
pub fn session(digest: &str) -> String {
    format!("session|{digest}")
}

/// The failed-login throttle of an email (normalised by the caller).
pub fn login_throttle(email: &str) -> String {
    format!("lock|login|{email}")
}

/// The failed-PIN throttle of a member.
pub fn pin_throttle(member_id: &str) -> String {
    format!("lock|pin|{member_id}")
}

/// `td|<mode>|<owner>|<currency>|<day>` → what the organisation sent that
/// day (days since the epoch, UTC), for the daily transfer limit.
pub fn transfer_day(mode: Mode, owner: &str, currency: &str, day: i64) -> String {
    format!("td|{}|{owner}|{currency}|{day}", mode.as_str())
}

/// `ofd|<mode>|<owner>|<device id>` → an offline device: ids are each
/// party's own, so nobody can squat another's (issue 44).
pub fn offline_device(mode: Mode, owner: &str, device_id: &str) -> String {
    format!("ofd|{}|{owner}|{device_id}", mode.as_str())
}

/// `ofd|<mode>|<device id>` → a device registered before device ids were
/// per party (read, never written).
pub fn offline_device_unscoped(mode: Mode, device_id: &str) -> String {
    format!("ofd|{}|{device_id}", mode.as_str())
}

/// `ofc|<mode>|<owner>` → how many devices the party registered.
pub fn offline_device_count(mode: Mode, owner: &str) -> String {
    format!("ofc|{}|{owner}", mode.as_str())
}

/// `ofn|<mode>|<nonce>` → a nonce a merchant device fetched, and its use.
pub fn offline_nonce(mode: Mode, nonce: &str) -> String {
    format!("ofn|{}|{nonce}", mode.as_str())
}

/// `ofh|<mode>|<sha-256 hex>` → the offline promise of that string: what
/// dedupes a promise forever, across syncs and devices.
pub fn offline_promise_hash(mode: Mode, hash: &str) -> String {
    format!("ofh|{}|{hash}", mode.as_str())
}

/// `cm|<mode>|<owner>|<pair>|<yyyy-mm>` → what the organisation sent
/// through a corridor that month (UTC), for its monthly limit.
pub fn corridor_month(mode: Mode, owner: &str, pair: &str, month: &str) -> String {
    format!("cm|{}|{owner}|{pair}|{month}", mode.as_str())
}

/// `vq|<mode>|<owner>|<period>`: verifications used in a billing period.
pub fn verification_quota(mode: Mode, owner: &str, period: &str) -> String {
    format!("vq|{}|{owner}|{period}", mode.as_str())
}

/// `agent_usage|<mode>|<owner>`: an organisation's agent-run counters
/// (month, day, minute), counted by the writer.
pub fn agent_usage(mode: Mode, owner: &str) -> String {
    format!("agent_usage|{}|{owner}", mode.as_str())
}

/// `crc_code|<sha-256 hex of the code>` → the credit-readiness consent's id:
/// codes are capabilities, kept only as digests.
pub fn credit_consent_code(digest: &str) -> String {
    format!("crc_code|{digest}")
}

/// `crc_score|<consent id>`: the score computed for a consent, cached 24 h.
pub fn credit_score_cache(consent: &str) -> String {
    format!("crc_score|{consent}")
}

/// `rail_stats|<mode>|<rail id>`: the rolling counters of one catalogue
/// rail (`mpesa`, `card`, ...), shared by every organisation of the mode.
pub fn rail_stats(mode: Mode, rail_id: &str) -> String {
    format!("rail_stats|{}|{rail_id}", mode.as_str())
}

/// `<due_ms:020>|<id>`: a queue entry (timers, webhook deliveries, idempotency
/// expiry), in due order. A negative time is due at once (0).
pub fn due(due_ms: i64, id: &str) -> String {
    format!("{:020}|{id}", due_ms.max(0))
}

/// `clock|<clock>|<due_ms:020>|<id>`: a timer of a sandbox that follows the
/// test clock `clock`, in the `timers` table. It sorts after every real-time
/// timer (digits), so the scheduler, which scans only up to the real now,
/// never fires it: the clock's advances do.
pub fn clock_due(clock: &str, due_ms: i64, id: &str) -> String {
    format!("clock|{clock}|{:020}|{id}", due_ms.max(0))
}

/// `clock|<clock>|`: every timer waiting for the clock.
pub fn clock_timers(clock: &str) -> String {
    format!("clock|{clock}|")
}

/// `attached_clock|<org>` → the id of the test clock that the organisation's
/// sandbox follows.
pub fn attached_clock(org: &str) -> String {
    format!("attached_clock|{org}")
}

/// `fx_rates|<mode>`: the FX rates operators set in `mode` (`domain::fx::rates`).
pub fn fx_rates(mode: Mode) -> String {
    format!("fx_rates|{}", mode.as_str())
}

/// `stp_key|<mode>|<owner>|<rail or *>|<currency>` → the id of the
/// settlement profile of that rail (`*`: every rail) and currency.
pub fn settlement_profile(mode: Mode, owner: &str, rail: &str, currency: &str) -> String {
    format!("stp_key|{}|{owner}|{rail}|{currency}", mode.as_str())
}

/// `sc_open|<mode>|<owner>|<rail or *>|<currency>` → the id of the
/// settlement cycle whose period runs for that rail and currency.
pub fn settlement_open(mode: Mode, owner: &str, rail: &str, currency: &str) -> String {
    format!("sc_open|{}|{owner}|{rail}|{currency}", mode.as_str())
}

/// `sc_open|<mode>|<owner>|`: every running period of an owner.
pub fn settlement_open_prefix(mode: Mode, owner: &str) -> String {
    format!("sc_open|{}|{owner}|", mode.as_str())
}

/// `sci|<cycle>|<seq:07>`: the `seq`-th item of a settlement cycle.
pub fn settlement_item(cycle: &str, seq: u32) -> String {
    format!("sci|{cycle}|{seq:07}")
}

/// `advancing_clock|<clock>`: a clock in the middle of an advance, resumed
/// after a restart.
pub fn advancing_clock(clock: &str) -> String {
    format!("advancing_clock|{clock}")
}

/// The upper bound of a queue scan: every entry due strictly before `ms`.
pub fn due_before(ms: i64) -> String {
    format!("{:020}", ms.max(0))
}

/// `<mode>|<owner>|<Idempotency-Key>`: an idempotency record.
pub fn idempotency(mode: Mode, owner: &str, key: &str) -> String {
    format!("{}|{owner}|{key}", mode.as_str())
}

/// `<mode>:<owner>:`: the prefix of an owner's ledger balances.
pub fn balances_prefix(mode: Mode, owner: &str) -> String {
    format!("{}:{owner}:", mode.as_str())
}

/// `swo|<mode>|<merchant>|<merchant_order_id>` → the national-switch payment
/// of that order (IDM-002: one payment per merchant and order).
pub fn switch_order(mode: Mode, merchant: &str, order: &str) -> String {
    format!("swo|{}|{merchant}|{order}", mode.as_str())
}

/// The prefix of the national-switch submission outbox rows.
pub const SWITCH_OUTBOX: &str = "swout|";

/// `swout|<queued_ms:020>|<payment>|<kind>` → empty: a submission or an
/// inquiry waiting to be sent to the switch, oldest first.
pub fn switch_outbox(queued_ms: i64, payment: &str, kind: &str) -> String {
    format!("{SWITCH_OUTBOX}{:020}|{payment}|{kind}", queued_ms.max(0))
}

/// `rail_config|<mode>|<owner>|<provider>` (objects): a live connector's
/// configuration of one organisation (`domain::live_rails`).
pub fn rail_config(mode: Mode, owner: &str, provider: &str) -> String {
    format!("rail_config|{}|{owner}|{provider}", mode.as_str())
}

/// `rail_health|<mode>|<provider>` (objects): a live provider's circuit and counters.
pub fn rail_health(mode: Mode, provider: &str) -> String {
    format!("rail_health|{}|{provider}", mode.as_str())
}

/// The prefix of the rail outbox rows.
pub const RAIL_OUTBOX: &str = "rlout|";

/// `rlout|<due_ms:020>|<request>|<kind>` (index) → empty: a rail request to
/// send (`send`) or to ask about (`inquire`), due at `due_ms`.
pub fn rail_outbox(due_ms: i64, request: &str, kind: &str) -> String {
    format!("{RAIL_OUTBOX}{:020}|{request}|{kind}", due_ms.max(0))
}

/// `rrq|<mode>|<owner>|<provider>|<request>` (index) → empty: an
/// organisation's rail requests at one provider, oldest first (reconciliation).
pub fn rail_request(mode: Mode, owner: &str, provider: &str, request: &str) -> String {
    format!("rrq|{}|{owner}|{provider}|{request}", mode.as_str())
}

/// The prefix of [`rail_request`] rows of one organisation and provider.
pub fn rail_requests(mode: Mode, owner: &str, provider: &str) -> String {
    format!("rrq|{}|{owner}|{provider}|", mode.as_str())
}

/// The id an index row names: its key's last part. Every row under
/// [`owned_prefix`], [`child_prefix`], [`org_prefix`],
/// [`member_email_prefix`], [`subscription_invoices`], [`rail_requests`] ends
/// with the id (ids never contain `|`), so a scan of such a prefix reads it here.
pub fn id_of(key: &str) -> &str {
    key.rsplit('|').next().unwrap_or_default()
}

/// The due time of a [`due`] key (`<due_ms:020>|<id>`).
pub fn due_ms(key: &str) -> Option<i64> {
    key.split('|').next().and_then(|due| due.parse().ok())
}

/// The id of a [`due`] key (`<due_ms:020>|<id>`).
pub fn due_id(key: &str) -> Option<&str> {
    key.split_once('|').map(|(_, id)| id)
}

/// The due (or queued) time of a [`rail_outbox`] or [`switch_outbox`] key.
pub fn outbox_due_ms(key: &str) -> Option<i64> {
    key.split('|').nth(1).and_then(|due| due.parse().ok())
}

/// The `(id, kind)` of a [`rail_outbox`] or [`switch_outbox`] key: the rail
/// request or payment, and what to do with it.
pub fn outbox_entry(key: &str) -> Option<(&str, &str)> {
    let mut parts = key.split('|').skip(2);
    Some((parts.next()?, parts.next()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_keep_the_layout_of_existing_stores() {
        let (m, o) = (Mode::Test, "org_1");
        assert_eq!(owned(Family::new("pi"), m, o, "pi_2"), "pi|test|org_1|pi_2");
        assert_eq!(
            owned_prefix(Family::new("plink"), Mode::Live, o),
            "plink|live|org_1|"
        );
        assert_eq!(child_prefix(Child::Delivery, "we_1"), "wd|we_1|");
        assert_eq!(child_prefix(Child::Terminal, "loc_1"), "term|loc_1|");
        assert_eq!(org(OrgFamily::ApiKeys, o, "key_1"), "api_keys|org_1|key_1");
        assert_eq!(org_prefix(OrgFamily::Members, o), "member|org_1|");
        assert_eq!(due(5, "tmr_1"), "00000000000000000005|tmr_1");
        assert_eq!(due(-3, "x"), "00000000000000000000|x");
        assert_eq!(due_before(6), "00000000000000000006");
        assert_eq!(idempotency(m, o, "k"), "test|org_1|k");
        assert_eq!(balances_prefix(m, o), "test:org_1:");
        assert_eq!(verification_quota(m, o, "2026-11"), "vq|test|org_1|2026-11");
        assert_eq!(rail_stats(Mode::Live, "mpesa"), "rail_stats|live|mpesa");
    }

    #[test]
    fn decoders_read_back_what_encoders_wrote() {
        let (m, o) = (Mode::Test, "org_1");
        assert_eq!(id_of(&owned(Family::new("re"), m, o, "re_1")), "re_1");
        assert_eq!(id_of(&org(OrgFamily::Members, o, "mem_1")), "mem_1");
        assert_eq!(id_of(&member_email("a@b.cd", "mem_2")), "mem_2");
        assert_eq!(id_of(&rail_request(m, o, "mpesa", "rrq_1")), "rrq_1");
        assert_eq!(due_ms(&due(5, "tmr_1")), Some(5));
        assert_eq!(due_id(&due(5, "tmr_1")), Some("tmr_1"));
        assert_eq!(due_ms("x"), None);
        let rail = rail_outbox(7, "rrq_1", "send");
        assert_eq!(outbox_due_ms(&rail), Some(7));
        assert_eq!(outbox_entry(&rail), Some(("rrq_1", "send")));
        let switch = switch_outbox(9, "pay_1", "submit");
        assert_eq!(outbox_entry(&switch), Some(("pay_1", "submit")));
        assert_eq!(outbox_entry("swout|1"), None);
    }

    #[test]
    fn an_owners_prefix_never_matches_another_owner() {
        let a = owned_prefix(Family::new("re"), Mode::Test, "org_1");
        let b = owned(Family::new("re"), Mode::Test, "org_12", "re_1");
        assert!(!b.starts_with(&a));
    }
}
