//! The currencies a recipient can be paid in now (`POST
//! /routes/payout-currencies`, O§20): for each candidate, whether it is
//! available and why not, from the corridor rules, the licence flags and the
//! liquidity of [`Config`]. `POST /routes` asks the same question of its
//! target currency.

use serde::Serialize;
use utoipa::ToSchema;

use super::config::{self, Closed, Config, CorridorStatus};
use crate::domain::currency;
use crate::mode::Mode;

/// Candidates one answer lists at most.
pub const OPTIONS_MAX: usize = 24;

/// Why a currency is not available (or, as a warning, why it may wait).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = PayoutCurrencyReason)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The operator switched the currency off.
    CurrencyDisabled,
    /// The corridor is suspended (or its live licence expired).
    CorridorSuspended,
    /// No live corridor carries the pair in live mode.
    CorridorNotLive,
    /// The mobile-money operator does not pay out in it.
    OperatorCannotPay,
    /// A live corridor whose licence has no FX approval converts nothing.
    NoFxApproval,
    /// No rate converts into it.
    NoRate,
    /// The prefunded float cannot carry the payout now (a warning for the
    /// local currency: the route waits, INSUFFICIENT_LIQUIDITY).
    InsufficientLiquidity,
}

impl Reason {
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::CurrencyDisabled => "currency_disabled",
            Reason::CorridorSuspended => "corridor_suspended",
            Reason::CorridorNotLive => "corridor_not_live",
            Reason::OperatorCannotPay => "operator_cannot_pay",
            Reason::NoFxApproval => "no_fx_approval",
            Reason::NoRate => "no_rate",
            Reason::InsufficientLiquidity => "insufficient_liquidity",
        }
    }
}

/// One candidate currency.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = PayoutCurrencyOption)]
pub struct CurrencyOption {
    pub currency: String,
    /// Nothing blocks it: a route in it may be created now.
    pub available: bool,
    /// The recipient's local currency (the operator's or the bank's country's).
    pub is_local: bool,
    /// What blocks it.
    pub reasons: Vec<Reason>,
    /// What does not block it but may make the route wait.
    pub warnings: Vec<Reason>,
    /// The corridor asks the recipient to consent to a non-local currency.
    pub consent_required: bool,
    /// The float of the currency can carry the payout now.
    pub liquidity_available: bool,
}

/// What a candidate is judged by.
pub struct Question<'a> {
    pub config: &'a Config,
    pub mode: Mode,
    pub now_ms: i64,
    pub source_currency: &'a str,
    /// The recipient's local currency, when known.
    pub local: Option<&'a str>,
    /// The mobile-money operator's payout currencies (empty: any; `None`: not mobile money).
    pub operator_currencies: Option<&'a [&'static str]>,
    /// The payout leaves through a prefunded partner.
    pub needs_liquidity: bool,
}

/// The candidates, in order: the local currency, the requested one, the
/// source's, and those the configured corridors from the source reach.
pub fn candidates(
    question: &Question<'_>,
    requested: Option<&str>,
    extra: &[String],
) -> Vec<String> {
    let mut list: Vec<String> = Vec::new();
    let corridors = question
        .config
        .corridors_from(question.source_currency)
        .map(str::to_string);
    let wanted = question
        .local
        .map(str::to_string)
        .into_iter()
        .chain(requested.map(str::to_string))
        .chain(std::iter::once(question.source_currency.to_string()))
        .chain(extra.iter().cloned())
        .chain(corridors);
    for code in wanted {
        if currency::find(&code).is_some() && !list.contains(&code) && list.len() < OPTIONS_MAX {
            list.push(code);
        }
    }
    list
}

/// Judges `target`; `payout_minor` is what would leave in it (for the
/// liquidity check; `None` when no rate converts into it).
pub fn judge(
    question: &Question<'_>,
    target: &str,
    payout_minor: Option<i64>,
    rate_known: bool,
) -> CurrencyOption {
    let mut reasons = Vec::new();
    let mut warnings = Vec::new();
    let is_local = question.local == Some(target);
    let config = question.config;
    if config.currency_disabled(target) {
        reasons.push(Reason::CurrencyDisabled);
    }
    let pair = config::pair(question.source_currency, target);
    let corridor = config.corridor(question.mode, &pair, question.now_ms);
    match &corridor {
        Err(Closed::Suspended) => reasons.push(Reason::CorridorSuspended),
        Err(Closed::NotLive) => reasons.push(Reason::CorridorNotLive),
        Ok(c)
            if c.status == CorridorStatus::Live
                && !c.fx_approved
                && target != question.source_currency =>
        {
            reasons.push(Reason::NoFxApproval);
        }
        Ok(_) => {}
    }
    if question
        .operator_currencies
        .is_some_and(|list| !list.is_empty() && !list.contains(&target))
    {
        reasons.push(Reason::OperatorCannotPay);
    }
    if !rate_known {
        reasons.push(Reason::NoRate);
    }
    let liquidity_available = !question.needs_liquidity
        || payout_minor.is_none_or(|p| p <= config.liquidity_minor(question.mode, target));
    if !liquidity_available {
        if is_local {
            warnings.push(Reason::InsufficientLiquidity);
        } else {
            reasons.push(Reason::InsufficientLiquidity);
        }
    }
    let consent_required = !is_local && corridor.as_ref().is_ok_and(|c| c.beneficiary_consent);
    CurrencyOption {
        currency: target.to_string(),
        available: reasons.is_empty(),
        is_local,
        reasons,
        warnings,
        consent_required,
        liquidity_available,
    }
}

/// Judges each of `candidates` for a payout of `amount_minor` of `source`,
/// converted at the mid rate less margin where a rate exists.
pub fn judge_all(
    question: &Question<'_>,
    table: &crate::domain::fx::rates::RateTable,
    amount_minor: i64,
    source: currency::Currency,
    candidates: &[String],
) -> Vec<CurrencyOption> {
    candidates
        .iter()
        .map(|code| {
            let target = currency::find(code);
            let mid = target.and_then(|t| table.mid(source, t));
            let payout = match (target, mid) {
                (Some(t), _) if t == source => Some(amount_minor),
                (Some(t), Some(mid)) => crate::domain::fx::convert::price(
                    amount_minor,
                    source,
                    t,
                    mid.rate,
                    mid.margin_bps,
                )
                .ok()
                .map(|p| p.recipient_minor),
                _ => None,
            };
            let rate_known = target.is_some_and(|t| t == source) || mid.is_some();
            judge(question, code, payout, rate_known)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn question<'a>(config: &'a Config, mode: Mode) -> Question<'a> {
        Question {
            config,
            mode,
            now_ms: 0,
            source_currency: "USD",
            local: Some("CDF"),
            operator_currencies: Some(&["CDF", "USD"]),
            needs_liquidity: true,
        }
    }

    #[test]
    fn the_sandbox_offers_the_local_currency_and_the_operators_own() {
        let config = Config::default();
        let q = question(&config, Mode::Test);
        assert_eq!(candidates(&q, Some("KES"), &[]), ["CDF", "KES", "USD"]);
        let cdf = judge(&q, "CDF", Some(1_000), true);
        assert!(cdf.available && cdf.is_local && cdf.liquidity_available);
        let kes = judge(&q, "KES", Some(1_000), true);
        assert_eq!(kes.reasons, [Reason::OperatorCannotPay]);
        let norate = judge(&q, "USD", None, false);
        assert_eq!(norate.reasons, [Reason::NoRate]);
    }

    #[test]
    fn liquidity_warns_for_the_local_currency_and_blocks_another() {
        let config = Config::parse(
            r#"{"liquidity": {"test": {"CDF": 500, "USD": 500}}, "disabled_currencies": ["KES"],
                "corridors": [{"pair": "USD-USD", "status": "sandbox", "beneficiary_consent": true}]}"#,
        )
        .expect("config");
        let q = question(&config, Mode::Test);
        let cdf = judge(&q, "CDF", Some(1_000), true);
        assert!(cdf.available && !cdf.liquidity_available);
        assert_eq!(cdf.warnings, [Reason::InsufficientLiquidity]);
        let usd = judge(&q, "USD", Some(1_000), true);
        assert_eq!(usd.reasons, [Reason::InsufficientLiquidity]);
        assert!(usd.consent_required);
        let kes = judge(&q, "KES", Some(1), true);
        assert_eq!(
            kes.reasons,
            [Reason::CurrencyDisabled, Reason::OperatorCannotPay]
        );
    }

    #[test]
    fn live_mode_needs_a_live_corridor_with_an_fx_approval_to_convert() {
        let config = Config::parse(
            r#"{"liquidity": {"live": {"CDF": 1000000}}, "corridors": [{"pair": "USD-CDF", "status": "live",
                "licence": {"number": "L", "expires_at": "2099-01-01T00:00:00Z", "aml_ref": "A",
                            "safeguarding_ref": "S", "partners": ["P"]}}]}"#,
        )
        .expect("config");
        let q = question(&config, Mode::Live);
        assert_eq!(
            judge(&q, "CDF", Some(1), true).reasons,
            [Reason::NoFxApproval]
        );
        assert_eq!(
            judge(&q, "USD", Some(1), true).reasons,
            [Reason::CorridorNotLive, Reason::InsufficientLiquidity]
        );
    }
}
