//! The workload: a seed becomes a list of steps, drawn before anything runs.
//! A step names what it acts on by a draw (`pick`) that the runner reduces
//! modulo what exists when the step runs, so any sublist of a run's steps is
//! a run too: that is what shrinking removes steps from.

use super::prng::Prng;

/// What the sandbox payer number of a payment does (`rails::sandbox`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Payer {
    /// `+243000000501` and any unlisted number: paid at once.
    Pays,
    /// `+243000000404`: the attempt fails.
    Fails,
    /// `+243000000408`: the rail's answer is unknown (ambiguous hold).
    Ambiguous,
    /// `+243000000500`: processing for 6 s (a durable timer), then paid:
    /// the rail answers late.
    Late,
    /// `+243000000503`: the provider is unavailable (retryable).
    Unavailable,
    /// `...0000`: the payer declines.
    Declines,
}

impl Payer {
    pub fn msisdn(self) -> &'static str {
        match self {
            Payer::Pays => "+243000000501",
            Payer::Fails => "+243000000404",
            Payer::Ambiguous => "+243000000408",
            Payer::Late => "+243000000500",
            Payer::Unavailable => "+243000000503",
            Payer::Declines => "+243812340000",
        }
    }

    fn draw(prng: &mut Prng) -> Payer {
        match prng.below(20) {
            0..=11 => Payer::Pays,
            12 => Payer::Fails,
            13 => Payer::Ambiguous,
            14..=16 => Payer::Late,
            17 => Payer::Unavailable,
            _ => Payer::Declines,
        }
    }
}

/// What the sandbox does with a payout's destination (`rails::sandbox`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Payee {
    Paid,
    InvalidAccount,
    Unavailable,
    /// PROCESSING for 6 s, then paid.
    Late,
    /// NEEDS_REVIEW: the rail never says.
    Unknown,
}

impl Payee {
    pub fn phone(self) -> &'static str {
        match self {
            Payee::Paid => "+243000000501",
            Payee::InvalidAccount => "+243000000404",
            Payee::Unavailable => "+243000000503",
            Payee::Late => "+243000000500",
            Payee::Unknown => "+243000000408",
        }
    }

    fn draw(prng: &mut Prng) -> Payee {
        match prng.below(10) {
            0..=4 => Payee::Paid,
            5 => Payee::InvalidAccount,
            6 => Payee::Unavailable,
            7 | 8 => Payee::Late,
            _ => Payee::Unknown,
        }
    }
}

/// What the sandbox national switch does with a payer's binding
/// (`rails::switch_connector`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Binding {
    /// Accepted, authorized, credited.
    Pays,
    Rejects,
    /// No answer to the submission; the inquiry finds it completed.
    TimesOut,
    /// No answer; the inquiry says it never arrived.
    TimesOutUnsent,
    /// No answer, ever: MANUAL_REVIEW after the last inquiry.
    NoAnswer,
}

impl Binding {
    pub fn as_str(self) -> &'static str {
        use crate::rails::switch_connector as sw;
        match self {
            Binding::Pays => "bind_sim_payer",
            Binding::Rejects => sw::SANDBOX_REJECT,
            Binding::TimesOut => sw::SANDBOX_TIMEOUT,
            Binding::TimesOutUnsent => sw::SANDBOX_TIMEOUT_UNSENT,
            Binding::NoAnswer => sw::SANDBOX_NO_ANSWER,
        }
    }

    fn draw(prng: &mut Prng) -> Binding {
        match prng.below(10) {
            0..=4 => Binding::Pays,
            5 => Binding::Rejects,
            6 => Binding::TimesOut,
            7 => Binding::TimesOutUnsent,
            _ => Binding::NoAnswer,
        }
    }
}

/// How an offline promise goes wrong, if it does (`Op::Promise`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    Honest,
    /// Its amount changed after both devices signed.
    Tampered,
    /// The payer's signature made by another device's key.
    PayerForged,
    /// The merchant's countersignature made by another device's key.
    MerchantForged,
    /// Above the ceiling of one promise.
    OverCeiling,
    /// On a nonce an earlier promise of the run used.
    SpentNonce,
    /// A counter the payer's device already used.
    StaleCounter,
    /// Expiring within two minutes: late if time passes before its sync.
    Expiring,
}

impl Fault {
    fn draw(prng: &mut Prng) -> Fault {
        match prng.below(20) {
            0..=11 => Fault::Honest,
            12 => Fault::Tampered,
            13 => Fault::PayerForged,
            14 => Fault::MerchantForged,
            15 => Fault::OverCeiling,
            16 => Fault::SpentNonce,
            17 => Fault::StaleCounter,
            _ => Fault::Expiring,
        }
    }
}

/// A route as `POST /routes` (or its quote) asks for it.
#[derive(Debug, Clone)]
pub struct RouteAsk {
    pub org: u64,
    pub amount: i64,
    pub usd: bool,
    pub to_usd: bool,
    /// Mobile money, bank, a QR code, a wallet, the sender's own wallet,
    /// an agent's cash pickup (by a draw modulo 6).
    pub destination: u8,
    /// The wallet (most), mobile money with the payer's number, a card,
    /// mobile money paid on the checkout page.
    pub source: u8,
    pub payer: Payer,
    pub payee: Payee,
    /// Another organisation of the run (a wallet's or a QR code's).
    pub other: u64,
}

impl RouteAsk {
    fn draw(prng: &mut Prng) -> RouteAsk {
        RouteAsk {
            org: prng.below(ORGS),
            amount: amount(prng),
            usd: prng.chance(300),
            to_usd: prng.chance(300),
            destination: u8::try_from(prng.below(6)).unwrap_or(0),
            source: u8::try_from(prng.below(10)).unwrap_or(0),
            payer: Payer::draw(prng),
            payee: Payee::draw(prng),
            other: prng.next_u64(),
        }
    }
}

/// One operation of the workload.
#[derive(Debug, Clone)]
pub enum Op {
    /// `POST /payment_intents`; with `confirm`, the payer's attempt starts at once.
    CreateIntent {
        org: u64,
        amount: i64,
        usd: bool,
        manual: bool,
        payer: Payer,
        confirm: bool,
    },
    /// `POST /payment_intents/{id}/confirm` on mobile money.
    Confirm {
        pick: u64,
        payer: Payer,
    },
    /// `POST /payment_intents/{id}/capture`, of a part (percent) or all (0).
    Capture {
        pick: u64,
        part: u8,
    },
    Cancel {
        pick: u64,
    },
    /// `POST /refunds`, of a part (percent) of what is refundable, or all (0).
    Refund {
        pick: u64,
        part: u8,
    },
    /// `POST /disputes`.
    Dispute {
        pick: u64,
        part: u8,
    },
    /// `POST /transfers` between two organisations' wallets.
    Transfer {
        from: u64,
        to: u64,
        amount: i64,
        usd: bool,
    },
    /// `POST /payouts` to a sandbox mobile-money number.
    Payout {
        org: u64,
        amount: i64,
        usd: bool,
        payee: Payee,
    },
    /// `POST /fx/quotes`, from the drawn currency to the other.
    FxQuote {
        org: u64,
        amount: i64,
        usd: bool,
    },
    /// `POST /transfers` with an FX quote of the run: its amount (`exact`)
    /// or one more (refused).
    QuotedTransfer {
        pick: u64,
        to: u64,
        exact: bool,
    },
    /// `POST /payments` to the sandbox national switch.
    SwitchPayment {
        org: u64,
        amount: i64,
        usd: bool,
        binding: Binding,
    },
    /// `POST /payouts/batches`: a CSV of a few rows (amount, payee), made
    /// by the organisation's API key.
    CreateBatch {
        org: u64,
        usd: bool,
        rows: Vec<(i64, Payee)>,
    },
    /// `POST /payouts/batches/{id}/approve`: by a member of the team (the
    /// checker), or by the key that made it (the maker: it must be refused).
    ApproveBatch {
        pick: u64,
        by_maker: bool,
    },
    /// `POST /accounts`: a connected account of a platform, with a default
    /// application fee.
    CreateAccount {
        org: u64,
        fee_bps: i64,
    },
    /// `POST /payment_intents` by a platform for one of its connected
    /// accounts, with an application fee.
    AccountIntent {
        pick: u64,
        amount: i64,
        fee_percent: u8,
        payer: Payer,
    },
    /// A member's review of parked money: a payout in NEEDS_REVIEW, a
    /// national-switch payment in MANUAL_REVIEW (`of` 5 to 7) or a route in
    /// MANUAL_REVIEW or MISMATCHED (`of` 8, 9).
    Review {
        pick: u64,
        of: u8,
        paid: bool,
    },
    /// `POST /plans`: a weekly or monthly plan, with or without a trial,
    /// usage and dunning that cancels or keeps the subscription UNPAID.
    CreatePlan {
        org: u64,
        amount: i64,
        monthly: bool,
        count: u32,
        trial: bool,
        usage: bool,
        cancels: bool,
    },
    /// `POST /subscriptions` to a plan of the run; its invoices are
    /// payment requests to the payer's number.
    Subscribe {
        pick: u64,
        payer: Payer,
    },
    /// `POST /subscriptions/{id}/usage`.
    Usage {
        pick: u64,
        quantity: i64,
    },
    /// `POST /subscriptions/{id}/cancel`, now or at the period's end.
    CancelSubscription {
        pick: u64,
        immediately: bool,
    },
    /// `POST /remittances` (a route carries it): to mobile money, a bank,
    /// or cash pickup; USD or CDF, to CDF or USD.
    Remit {
        org: u64,
        amount: i64,
        usd: bool,
        to_usd: bool,
        method: u8,
        payee: Payee,
    },
    /// `POST /offline/devices`: a new device of the organisation with its
    /// own ed25519 key (drawn from `key`), or (`rotate`) a new key for one
    /// of its devices, signed by the current one.
    RegisterDevice {
        org: u64,
        key: u64,
        rotate: bool,
    },
    /// `POST /offline/nonces` for a device of the run.
    FetchNonces {
        pick: u64,
        count: u8,
    },
    /// Offline, no request: a payer's device signs a promise to a
    /// merchant's device on one of its nonces, and the merchant's device
    /// countersigns it; both keep it until a sync.
    Promise {
        payer: u64,
        merchant: u64,
        amount: i64,
        usd: bool,
        fault: Fault,
    },
    /// `POST /offline/sync` by a party of the first promise picked: up to
    /// four held promises in any order; `replay`: with one synced before.
    SyncPromises {
        pick: u64,
        count: u8,
        by_payer: bool,
        replay: bool,
    },
    /// `POST /routes/quote` (`quote_only`) or `POST /routes`.
    Route {
        ask: RouteAsk,
        quote_only: bool,
    },
    /// `POST /routes` with a recent route quote's body and FX quote.
    QuotedRoute {
        pick: u64,
    },
    /// A client retries an earlier keyed request: with the same body (it
    /// must get the same answer) or another (it must be refused).
    Retry {
        pick: u64,
        same_body: bool,
    },
    /// Time passes; due timers fire (some delivered twice) and expired
    /// idempotency records are purged.
    Advance {
        ms: i64,
        twice: bool,
    },
    /// Power loss. With `mid_commit`, the disk fails its n-th write or sync
    /// of the next commit first (a crash between two steps of the commit
    /// protocol); `tear` keeps a seeded part of the unsynced pages.
    Crash {
        mid_commit: Option<u32>,
        tear: bool,
    },
}

impl Op {
    /// A command a client sends (batched with its neighbours); the others
    /// are the world's doing.
    pub fn is_request(&self) -> bool {
        !matches!(
            self,
            Op::Advance { .. } | Op::Crash { .. } | Op::Promise { .. }
        )
    }
}

/// One step: an operation and the faults and chances that go with it.
#[derive(Debug, Clone)]
pub struct Step {
    pub op: Op,
    /// Commit in one batch with the next step (group commit).
    pub join: bool,
    /// The command fails after its work (its overlay must vanish).
    pub fail: bool,
    /// The seed of what the step decides as it runs (a crash's tearing).
    pub salt: u64,
}

/// How many organisations a run has.
pub const ORGS: u64 = 6;

/// The steps of the run of `seed`: the first `n` of one endless sequence, so
/// a longer run of the same seed starts with the same steps.
pub fn steps(seed: u64, n: usize) -> Vec<Step> {
    let mut prng = Prng::new(seed);
    (0..n).map(|_| step(&mut prng)).collect()
}

fn amount(prng: &mut Prng) -> i64 {
    match prng.below(10) {
        0 => prng.between(100, 999),
        1..=7 => prng.between(1_000, 50_000),
        _ => prng.between(50_000, 2_000_000),
    }
}

fn part(prng: &mut Prng) -> u8 {
    if prng.chance(500) {
        0
    } else {
        u8::try_from(prng.between(1, 99)).unwrap_or(50)
    }
}

fn step(prng: &mut Prng) -> Step {
    let op = match prng.below(122) {
        0..=17 => Op::CreateIntent {
            org: prng.below(ORGS),
            amount: amount(prng),
            usd: prng.chance(300),
            manual: prng.chance(250),
            payer: Payer::draw(prng),
            confirm: prng.chance(700),
        },
        18..=25 => Op::Confirm {
            pick: prng.next_u64(),
            payer: Payer::draw(prng),
        },
        26..=31 => Op::Capture {
            pick: prng.next_u64(),
            part: part(prng),
        },
        32..=34 => Op::Cancel {
            pick: prng.next_u64(),
        },
        35..=44 => Op::Refund {
            pick: prng.next_u64(),
            part: part(prng),
        },
        45..=47 => Op::Dispute {
            pick: prng.next_u64(),
            part: part(prng),
        },
        48..=54 => Op::Transfer {
            from: prng.below(ORGS),
            to: prng.below(ORGS),
            amount: amount(prng),
            usd: prng.chance(300),
        },
        55..=59 => Op::Payout {
            org: prng.below(ORGS),
            amount: amount(prng),
            usd: prng.chance(300),
            payee: Payee::draw(prng),
        },
        60..=62 => Op::FxQuote {
            org: prng.below(ORGS),
            amount: amount(prng),
            usd: prng.chance(500),
        },
        63..=64 => Op::QuotedTransfer {
            pick: prng.next_u64(),
            to: prng.below(ORGS),
            exact: prng.chance(900),
        },
        65..=68 => Op::SwitchPayment {
            org: prng.below(ORGS),
            amount: amount(prng),
            usd: prng.chance(300),
            binding: Binding::draw(prng),
        },
        69 => Op::CreateBatch {
            org: prng.below(ORGS),
            usd: prng.chance(300),
            rows: (0..prng.between(1, 5))
                .map(|_| (amount(prng), Payee::draw(prng)))
                .collect(),
        },
        70 => Op::ApproveBatch {
            pick: prng.next_u64(),
            by_maker: prng.chance(200),
        },
        71 => Op::CreateAccount {
            org: prng.below(ORGS),
            fee_bps: prng.between(0, 500),
        },
        72..=74 => Op::AccountIntent {
            pick: prng.next_u64(),
            amount: amount(prng),
            fee_percent: u8::try_from(prng.below(30)).unwrap_or(0),
            payer: Payer::draw(prng),
        },
        75..=76 => Op::Review {
            pick: prng.next_u64(),
            of: u8::try_from(prng.below(10)).unwrap_or(0),
            paid: prng.chance(500),
        },
        77..=84 => Op::Retry {
            pick: prng.next_u64(),
            same_body: prng.chance(800),
        },
        85..=98 => Op::Advance {
            ms: match prng.below(10) {
                0..=5 => prng.between(100, 10_000),
                6..=8 => prng.between(10_000, 3_600_000),
                _ => prng.between(3_600_000, 30 * 3_600_000),
            },
            twice: prng.chance(200),
        },
        99 => Op::CreatePlan {
            org: prng.below(ORGS),
            amount: amount(prng),
            monthly: prng.chance(500),
            count: u32::try_from(prng.between(1, 3)).unwrap_or(1),
            trial: prng.chance(300),
            usage: prng.chance(600),
            cancels: prng.chance(500),
        },
        100..=102 => Op::Subscribe {
            pick: prng.next_u64(),
            payer: Payer::draw(prng),
        },
        103..=104 => Op::Usage {
            pick: prng.next_u64(),
            quantity: prng.between(1, 500),
        },
        105 => Op::CancelSubscription {
            pick: prng.next_u64(),
            immediately: prng.chance(500),
        },
        106..=108 => Op::Remit {
            org: prng.below(ORGS),
            amount: amount(prng),
            usd: prng.chance(300),
            to_usd: prng.chance(300),
            method: u8::try_from(prng.below(3)).unwrap_or(0),
            payee: Payee::draw(prng),
        },
        110..=111 => Op::RegisterDevice {
            org: prng.below(ORGS),
            key: prng.next_u64(),
            rotate: prng.chance(300),
        },
        112..=113 => Op::FetchNonces {
            pick: prng.next_u64(),
            count: u8::try_from(prng.between(1, 6)).unwrap_or(1),
        },
        114..=116 => Op::Promise {
            payer: prng.next_u64(),
            merchant: prng.next_u64(),
            amount: prng.between(100, 12_000),
            usd: prng.chance(300),
            fault: Fault::draw(prng),
        },
        117..=118 => Op::SyncPromises {
            pick: prng.next_u64(),
            count: u8::try_from(prng.between(1, 4)).unwrap_or(1),
            by_payer: prng.chance(400),
            replay: prng.chance(250),
        },
        119..=120 => Op::Route {
            ask: RouteAsk::draw(prng),
            quote_only: prng.chance(250),
        },
        121 => Op::QuotedRoute {
            pick: prng.next_u64(),
        },
        _ if prng.chance(500) => Op::Crash {
            mid_commit: prng
                .chance(700)
                .then(|| u32::try_from(prng.below(24)).unwrap_or(0)),
            tear: prng.chance(500),
        },
        _ => Op::Advance {
            ms: prng.between(100, 10_000),
            twice: prng.chance(200),
        },
    };
    let request = op.is_request();
    Step {
        op,
        join: request && prng.chance(300),
        fail: request && prng.chance(30),
        salt: prng.next_u64(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_longer_run_of_a_seed_starts_with_the_shorter_one() {
        let short = super::steps(9, 100);
        let long = super::steps(9, 300);
        assert_eq!(format!("{short:?}"), format!("{:?}", &long[..100]));
    }
}
