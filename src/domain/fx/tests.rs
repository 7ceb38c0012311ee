//! Quotes over a real (in-memory) store: locking, staleness, the lockable
//! maximum, and `take_quote`'s once-and-before-expiry rule.

use super::*;
use crate::domain::audit::Actor;
use crate::store::Store;

const T0: i64 = 1_798_761_600_000; // 2027-01-01T00:00:00Z

fn org(id: &str, mode: Mode) -> Principal {
    Principal::system("test", id, mode)
}

fn new(amount_minor: i64, from: &str, to: &str) -> NewQuote {
    NewQuote::parse(amount_minor, from, to).expect("valid")
}

fn quote(store: &Store, at_ms: i64, who: &Principal, n: NewQuote) -> Result<Quote, ApiError> {
    store.write_now(at_ms, |tx| create(tx, who, n))
}

fn take(
    store: &Store,
    at_ms: i64,
    who: &Principal,
    id: &str,
    pair: (&str, &str),
) -> Result<Quote, ApiError> {
    store.write_now(at_ms, |tx| take_quote(tx, who, id, pair.0, pair.1))
}

fn set_rate(store: &Store, at_ms: i64, mode: Mode, pair: &str, rate: &str) {
    let new = rates::NewRate {
        pair: pair.into(),
        rate: rate.into(),
        margin_bps: Some(50),
    };
    store
        .write_now(at_ms, |tx| rates::set(tx, &Actor::cli("org_a"), mode, new))
        .expect("set");
}

fn code(result: Result<Quote, ApiError>) -> (Code, Option<String>) {
    let err = result.expect_err("refused");
    (err.code, err.param)
}

#[test]
fn a_sandbox_quote_locks_the_origin_formula_for_120_seconds() {
    let store = Store::ephemeral().expect("store");
    let a = org("org_a", Mode::Test);
    let q = quote(&store, T0, &a, new(10_000, "USD", "CDF")).expect("quote");
    assert!(q.id.starts_with("fxq_"), "{}", q.id);
    assert_eq!(
        (q.mid_rate.to_string(), q.margin_bps, q.rate.to_string()),
        ("2800".into(), 100, "2772".into())
    );
    assert_eq!(
        (q.fee_bps, q.fee_minor, q.recipient_amount_minor),
        (80, 80, 27_498_240)
    );
    assert_eq!(
        (q.status, q.indicative_reason, q.sandbox_rate),
        (Status::Locked, None, true)
    );
    assert_eq!(
        (q.created_at_ms, q.expires_at_ms, q.rate_timestamp_ms),
        (T0, T0 + 120_000, T0)
    );
    assert_eq!(status_at(&q, T0 + 119_999), Status::Locked);
    assert_eq!(status_at(&q, T0 + 120_000), Status::Expired);
    let snapshot = store.snapshot().expect("snapshot");
    assert_eq!(read(&snapshot, &a, &q.id).expect("own").id, q.id);
}

#[test]
fn another_owner_or_mode_never_sees_a_quote() {
    let store = Store::ephemeral().expect("store");
    let q = quote(
        &store,
        T0,
        &org("org_a", Mode::Test),
        new(500, "USD", "KES"),
    )
    .expect("quote");
    let snapshot = store.snapshot().expect("snapshot");
    for other in [org("org_b", Mode::Test), org("org_a", Mode::Live)] {
        let seen = read(&snapshot, &other, &q.id).map(|q| q.id);
        assert_eq!(seen.map_err(|e| e.code), Err(Code::FxQuoteNotFound));
        let taken = take(&store, T0, &other, &q.id, ("USD", "KES"));
        assert_eq!(
            code(taken),
            (Code::FxQuoteNotFound, Some("quote_id".into()))
        );
    }
    let wrong_kind = take(
        &store,
        T0,
        &org("org_a", Mode::Test),
        "pi_123",
        ("USD", "KES"),
    );
    assert_eq!(code(wrong_kind).0, Code::FxQuoteNotFound);
}

#[test]
fn a_quote_is_taken_once_before_expiry_and_only_for_its_pair() {
    let store = Store::ephemeral().expect("store");
    let a = org("org_a", Mode::Test);
    let q = quote(&store, T0, &a, new(10_000, "USD", "CDF")).expect("quote");
    let mismatch = take(&store, T0 + 1, &a, &q.id, ("USD", "KES"));
    assert_eq!(
        code(mismatch),
        (Code::ValidationError, Some("quote_id".into()))
    );
    let reversed = take(&store, T0 + 1, &a, &q.id, ("CDF", "USD"));
    assert_eq!(code(reversed).1, Some("quote_id".into()));
    // A refused take changes nothing: the quote is still there to take.
    let taken = take(&store, T0 + 1_000, &a, &q.id, ("USD", "CDF")).expect("taken");
    assert_eq!(
        (taken.recipient_amount_minor, taken.used_at_ms),
        (27_498_240, Some(T0 + 1_000))
    );
    let again = take(&store, T0 + 2_000, &a, &q.id, ("USD", "CDF"));
    assert_eq!(code(again), (Code::QuoteUsed, Some("quote_id".into())));
    let stored = read(&store.snapshot().expect("snapshot"), &a, &q.id).expect("stored");
    assert_eq!(stored.used_at_ms, Some(T0 + 1_000));

    let late = quote(&store, T0, &a, new(10_000, "USD", "CDF")).expect("quote");
    let expired = take(&store, T0 + QUOTE_TTL_MS, &a, &late.id, ("USD", "CDF"));
    assert_eq!(code(expired), (Code::QuoteExpired, Some("quote_id".into())));
    let unused = read(&store.snapshot().expect("snapshot"), &a, &late.id).expect("stored");
    assert_eq!(unused.used_at_ms, None, "a refused take writes nothing");
}

#[test]
fn a_stale_rate_makes_a_quote_indicative_and_a_take_reprices_it() {
    let store = Store::ephemeral().expect("store");
    let a = org("org_a", Mode::Test);
    set_rate(&store, T0, Mode::Test, "USD-KES", "130");
    let fresh = quote(
        &store,
        T0 + rates::RATE_FRESH_MS,
        &a,
        new(10_000, "USD", "KES"),
    )
    .expect("fresh");
    assert_eq!(
        (fresh.status, fresh.sandbox_rate, fresh.rate_timestamp_ms),
        (Status::Locked, false, T0)
    );
    assert_eq!(
        (fresh.margin_bps, fresh.rate.to_string()),
        (50, "129.35".into())
    );
    let at = T0 + rates::RATE_FRESH_MS + 1;
    let stale = quote(&store, at, &a, new(10_000, "USD", "KES")).expect("stale");
    assert_eq!(
        (stale.status, stale.indicative_reason),
        (Status::Indicative, Some(Reason::RateStale))
    );
    // A cross through a stale leg is stale too; the default legs never age.
    let cross = quote(&store, at, &a, new(1_000_000, "CDF", "KES")).expect("cross");
    assert_eq!(cross.indicative_reason, Some(Reason::RateStale));
    let default_only = quote(&store, at, &a, new(10_000, "USD", "UGX")).expect("default");
    assert_eq!(default_only.status, Status::Locked);
    // The operator refreshes the rate; an INDICATIVE quote is honoured at it.
    set_rate(&store, at + 10, Mode::Test, "USD-KES", "140");
    let taken = take(&store, at + 20, &a, &stale.id, ("USD", "KES")).expect("taken");
    assert_eq!(
        (taken.mid_rate.to_string(), taken.rate.to_string()),
        ("140".into(), "139.3".into())
    );
    // 99.20 USD × 139.3 = 13,818.56 KES.
    assert_eq!(taken.recipient_amount_minor, 1_381_856);
    let stored = read(&store.snapshot().expect("snapshot"), &a, &stale.id).expect("stored");
    assert_eq!(
        (stored.mid_rate.to_string(), stored.used_at_ms),
        ("130".into(), Some(at + 20))
    );
}

#[test]
fn an_amount_worth_over_the_lockable_maximum_is_indicative() {
    let store = Store::ephemeral().expect("store");
    let a = org("org_a", Mode::Test);
    let at_max = quote(&store, T0, &a, new(LOCK_MAX_USD_MINOR, "USD", "EUR")).expect("max");
    assert_eq!(at_max.status, Status::Locked);
    let over = quote(&store, T0, &a, new(LOCK_MAX_USD_MINOR + 1, "USD", "EUR")).expect("over");
    assert_eq!(
        (over.status, over.indicative_reason),
        (Status::Indicative, Some(Reason::AmountAboveLockMax))
    );
    // Measured in USD at the mid-market rate: CDF 280,000,000.00 is USD 100,000.00.
    let cdf_max = quote(&store, T0, &a, new(28_000_000_000, "CDF", "KES")).expect("cdf");
    assert_eq!(cdf_max.status, Status::Locked);
    let cdf_over = quote(&store, T0, &a, new(28_000_003_000, "CDF", "KES")).expect("cdf over");
    assert_eq!(cdf_over.indicative_reason, Some(Reason::AmountAboveLockMax));
    // A pair with no USD rate cannot be measured: never locked.
    set_rate(&store, T0, Mode::Live, "EUR-JPY", "160");
    let live = org("org_a", Mode::Live);
    let unmeasured = quote(&store, T0, &live, new(100, "EUR", "JPY")).expect("live");
    assert_eq!(unmeasured.indicative_reason, Some(Reason::NoUsdRate));
    // 100 cents less a 1 cent fee: 0.99 EUR × 159.2 = 157.608 JPY → 157.
    assert_eq!(unmeasured.recipient_amount_minor, 157);
}

#[test]
fn a_pair_without_a_rate_is_refused_and_writes_nothing() {
    let store = Store::ephemeral().expect("store");
    let live = org("org_a", Mode::Live);
    let refused = quote(&store, T0, &live, new(100, "USD", "CDF"));
    assert_eq!(
        code(refused),
        (Code::FxRateUnavailable, Some("target_currency".into()))
    );
    let test = quote(
        &store,
        T0,
        &org("org_a", Mode::Test),
        new(100, "USD", "JPY"),
    );
    assert_eq!(code(test).0, Code::FxRateUnavailable);
    assert_eq!(
        NewQuote::parse(100, "USD", "USD")
            .err()
            .and_then(|e| e.param),
        Some("target_currency".into())
    );
    assert_eq!(
        NewQuote::parse(0, "USD", "CDF").err().and_then(|e| e.param),
        Some("amount_minor".into())
    );
    assert_eq!(
        NewQuote::parse(1, "usd", "CDF").err().and_then(|e| e.param),
        Some("currency".into())
    );
}
