//! Where a route's money comes from and where it goes (O§20): the request
//! shapes, their checks (each refusal names its field under `source.` or
//! `destination.`), and the checked values stored on the route.
//!
//! Destinations: `wallet` (another organisation of this gateway, by `to`),
//! `qr` (the merchant of a scanned payload, resolved before the command:
//! `merchant`), `mobile_money` and `bank` (a payout, checked by the payouts'
//! own [`Destination::parse`](crate::domain::payouts::Destination::parse)),
//! `agent` (cash kept for pickup at an agent with a code), `keep` (the
//! sender's own wallet in the target currency). Sources: `wallet`, or a
//! processor (`mobile_money`, `card`, `bank`) through a funding payment.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::pricing::PayoutFee;
use crate::auth::Principal;
use crate::domain::payouts::destination::{
    self as payout_destination, CarriesPayoutFields, Destination as PayoutDestination,
    Method as PayoutMethod,
};
use crate::error::ApiError;
use crate::rails::{Operator, catalogue};
use crate::store::Read;

/// Any string field of a source or destination as sent.
const FIELD_CHARS_MAX: usize = 200;
/// An agent's reference: 2 to 64 characters.
const AGENT_CHARS_MAX: usize = 64;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = RouteDestinationMethod)]
#[serde(rename_all = "snake_case")]
pub enum DestinationMethod {
    Wallet,
    Qr,
    MobileMoney,
    Bank,
    Agent,
    Keep,
}

payout_destination::destination_input! {
    /// A destination as a request sends it: `method` and that method's fields
    /// (`mobile_money` and `bank` take those of `POST /payouts`).
    #[derive(Debug, Clone, Default, Deserialize, ToSchema)]
    #[schema(as = RouteDestinationInput)]
    #[serde(deny_unknown_fields)]
    pub struct DestinationInput {
        pub method: Option<DestinationMethod>,
        /// `wallet`: the recipient organisation's id, `@tag`, phone or e-mail.
        #[schema(max_length = 80)]
        pub to: Option<String>,
        /// `qr`: the scanned payload (EMVCo, or a URL of this gateway).
        #[schema(max_length = 1024)]
        pub data: Option<String>,
        /// `agent`: where the recipient collects the cash (an agent's reference).
        #[schema(min_length = 2, max_length = 64)]
        pub agent: Option<String>,
    }
}

/// A checked destination, stored on the route.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = RouteDestination)]
#[serde(tag = "method", rename_all = "snake_case")]
pub enum Destination {
    Wallet {
        /// The recipient organisation (`org_...`).
        recipient: String,
        /// As sent (`@amani`).
        to: String,
    },
    Qr {
        /// The scanned code's merchant (`org_...`).
        recipient: String,
    },
    MobileMoney {
        #[schema(value_type = Object)]
        payout: PayoutDestination,
    },
    Bank {
        #[schema(value_type = Object)]
        payout: PayoutDestination,
    },
    Agent {
        agent: String,
    },
    Keep,
}

impl Destination {
    pub fn method(&self) -> DestinationMethod {
        match self {
            Destination::Wallet { .. } => DestinationMethod::Wallet,
            Destination::Qr { .. } => DestinationMethod::Qr,
            Destination::MobileMoney { .. } => DestinationMethod::MobileMoney,
            Destination::Bank { .. } => DestinationMethod::Bank,
            Destination::Agent { .. } => DestinationMethod::Agent,
            Destination::Keep => DestinationMethod::Keep,
        }
    }

    /// How the destination charges, inside the converted amount (O§20).
    pub fn payout_fee(&self) -> PayoutFee {
        match self {
            Destination::Wallet { .. } | Destination::Qr { .. } => PayoutFee::Transfer,
            Destination::MobileMoney { .. }
            | Destination::Bank { .. }
            | Destination::Agent { .. } => PayoutFee::Withdrawal,
            Destination::Keep => PayoutFee::Free,
        }
    }

    /// The payout a rail makes, for mobile money and bank.
    pub fn payout(&self) -> Option<&PayoutDestination> {
        match self {
            Destination::MobileMoney { payout } | Destination::Bank { payout } => Some(payout),
            _ => None,
        }
    }

    /// The money leaves the gateway through a prefunded partner (and so
    /// needs liquidity): a payout or an agent cash-out.
    pub fn leaves_the_gateway(&self) -> bool {
        matches!(
            self,
            Destination::MobileMoney { .. } | Destination::Bank { .. } | Destination::Agent { .. }
        )
    }

    /// The organisation of this gateway it pays, for wallets and QR codes.
    pub fn recipient(&self) -> Option<&str> {
        match self {
            Destination::Wallet { recipient, .. } | Destination::Qr { recipient } => {
                Some(recipient)
            }
            _ => None,
        }
    }

    /// The recipient's local currency: the mobile-money operator's country's,
    /// or the bank's country's.
    pub fn local_currency(&self) -> Option<&'static str> {
        match self.payout()? {
            PayoutDestination::MobileMoney {
                operator_id,
                operator,
                ..
            } => {
                let country = match operator_id.rsplit_once('_') {
                    Some((_, country)) => country.to_ascii_uppercase(),
                    None => catalogue::find("mobile_money", operator)?
                        .countries
                        .first()?
                        .to_string(),
                };
                super::config::local_currency(&country)
            }
            PayoutDestination::Bank { country, .. } => super::config::local_currency(country),
        }
    }

    /// The currencies its mobile-money operator pays out in (empty: any);
    /// `None` for other destinations.
    pub fn operator_currencies(&self) -> Option<&'static [&'static str]> {
        match self.payout()? {
            PayoutDestination::MobileMoney { operator, .. } => {
                catalogue::find("mobile_money", operator).map(|m| m.currencies)
            }
            PayoutDestination::Bank { .. } => None,
        }
    }

    /// How long the payout usually takes, as the rail catalogue states it.
    pub fn expected_seconds(&self) -> i64 {
        let entry = match self {
            Destination::MobileMoney { payout } | Destination::Bank { payout } => {
                catalogue::find(payout.rail(), payout.carrier())
            }
            Destination::Wallet { .. } | Destination::Qr { .. } | Destination::Keep => {
                catalogue::find("wallet", "wallet")
            }
            Destination::Agent { .. } => None,
        };
        entry.map_or(0, |m| m.expected_seconds)
    }

    /// A short description for a person: `Vodacom M-Pesa +243…0501`.
    pub fn label(&self) -> String {
        match self {
            Destination::Wallet { to, .. } => format!("Wallet {to}"),
            Destination::Qr { recipient } => format!("QR merchant {recipient}"),
            Destination::MobileMoney { payout } => {
                let name = catalogue::find("mobile_money", payout.carrier()).map_or("", |m| m.name);
                format!("{name} {}", mask(payout.account()))
            }
            Destination::Bank { payout } => match payout {
                PayoutDestination::Bank {
                    bank_name,
                    account_number,
                    ..
                } => {
                    format!("{bank_name} {}", mask(account_number))
                }
                PayoutDestination::MobileMoney { .. } => String::new(),
            },
            Destination::Agent { agent } => format!("Cash pickup at {agent}"),
            Destination::Keep => "Your own wallet".to_string(),
        }
    }
}

/// The last four characters, the rest hidden.
pub fn mask(account: &str) -> String {
    let chars: Vec<char> = account.chars().collect();
    let shown = chars.len().saturating_sub(4);
    let tail: String = chars[shown..].iter().collect();
    format!("…{tail}")
}

/// The currency the recipient is paid in by default (O§20): the operator's
/// or the bank's country's, else the source currency.
pub fn local_currency(input: &DestinationInput) -> Option<&'static str> {
    match input.method? {
        DestinationMethod::MobileMoney => {
            let id = input.operator_id.as_deref()?.trim().to_ascii_lowercase();
            let (name, country) = match id.rsplit_once('_') {
                Some((name, country)) => (name.to_string(), Some(country.to_ascii_uppercase())),
                None => (id.clone(), None),
            };
            let entry = catalogue::find("mobile_money", &name)?;
            let country = country.or_else(|| entry.countries.first().map(|c| c.to_string()))?;
            super::config::local_currency(&country)
        }
        DestinationMethod::Bank => {
            super::config::local_currency(&input.country.as_deref()?.trim().to_ascii_uppercase())
        }
        _ => None,
    }
}

/// The method of `input`, once its fields are those of that method: a
/// method is required, `to`, `data` and `agent` belong to theirs, and only
/// mobile money and bank take payout fields.
pub fn check_shape(input: &DestinationInput) -> Result<DestinationMethod, ApiError> {
    let method = input.method.ok_or_else(|| {
        ApiError::field(
            "destination.method",
            "destination.method is required: wallet, qr, mobile_money, bank, agent or keep",
        )
    })?;
    let fields = [
        ("to", input.to.is_some(), DestinationMethod::Wallet),
        ("data", input.data.is_some(), DestinationMethod::Qr),
        ("agent", input.agent.is_some(), DestinationMethod::Agent),
    ];
    if let Some((field, _, _)) = fields
        .iter()
        .find(|(_, sent, owner)| *sent && *owner != method)
    {
        return Err(ApiError::field(
            format!("destination.{field}"),
            format!(
                "{field} is not a field of a {} destination",
                method_name(method)
            ),
        ));
    }
    let payout_method = matches!(
        method,
        DestinationMethod::MobileMoney | DestinationMethod::Bank
    );
    if !payout_method && input.first_payout_field().is_some() {
        return Err(ApiError::field(
            "destination",
            format!(
                "a {} destination takes no operator, phone or bank fields",
                method_name(method)
            ),
        ));
    }
    Ok(method)
}

/// Checks `input` for a payout in `target_currency` (checked). `merchant` is
/// what a `qr` destination's payload resolved to (the caller resolves it
/// from a snapshot; `None` when it named no merchant of this gateway).
pub fn parse_destination(
    read: &impl Read,
    principal: &Principal,
    mut input: DestinationInput,
    target_currency: &str,
    merchant: Option<String>,
) -> Result<Destination, ApiError> {
    let method = check_shape(&input)?;
    match method {
        DestinationMethod::Wallet => {
            let to = required("destination.to", input.to)?;
            let found = crate::domain::transfers::recipient(read, principal, &to)
                .map_err(|e| e.with_param("destination.to"))?;
            Ok(Destination::Wallet {
                recipient: found.id,
                to: to.trim().to_string(),
            })
        }
        DestinationMethod::Qr => {
            required("destination.data", input.data)?;
            let recipient = merchant.ok_or_else(|| {
                ApiError::new(
                    crate::error::Code::InvalidQr,
                    "destination.data names no merchant of this gateway (resolve it with POST /resolve to see what it is)",
                )
                .with_param("destination.data")
            })?;
            if recipient == principal.owner() {
                return Err(ApiError::new(
                    crate::error::Code::SelfTransfer,
                    "the QR code is your own: a route to yourself moves nothing",
                )
                .with_param("destination.data"));
            }
            Ok(Destination::Qr { recipient })
        }
        DestinationMethod::MobileMoney | DestinationMethod::Bank => {
            let payout_method = if method == DestinationMethod::Bank {
                PayoutMethod::Bank
            } else {
                PayoutMethod::MobileMoney
            };
            let payout_input = input.take_payout(payout_method);
            let payout = PayoutDestination::parse(payout_input, target_currency, "destination")?;
            Ok(match method {
                DestinationMethod::Bank => Destination::Bank { payout },
                _ => Destination::MobileMoney { payout },
            })
        }
        DestinationMethod::Agent => {
            let agent = required("destination.agent", input.agent)?;
            let agent = agent.trim().to_string();
            if !(2..=AGENT_CHARS_MAX).contains(&agent.chars().count())
                || agent.chars().any(char::is_control)
            {
                return Err(ApiError::field(
                    "destination.agent",
                    format!("destination.agent must be 2 to {AGENT_CHARS_MAX} characters"),
                ));
            }
            Ok(Destination::Agent { agent })
        }
        DestinationMethod::Keep => Ok(Destination::Keep),
    }
}

fn method_name(method: DestinationMethod) -> &'static str {
    match method {
        DestinationMethod::Wallet => "wallet",
        DestinationMethod::Qr => "qr",
        DestinationMethod::MobileMoney => "mobile_money",
        DestinationMethod::Bank => "bank",
        DestinationMethod::Agent => "agent",
        DestinationMethod::Keep => "keep",
    }
}

fn required(param: &str, value: Option<String>) -> Result<String, ApiError> {
    match value {
        Some(v) if !v.trim().is_empty() => {
            if v.chars().count() > FIELD_CHARS_MAX * 6 {
                return Err(ApiError::field(param, format!("{param} is too long")));
            }
            Ok(v)
        }
        _ => Err(ApiError::field(param, format!("{param} is required"))),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = RouteSourceMethod)]
#[serde(rename_all = "snake_case")]
pub enum SourceMethod {
    Wallet,
    Card,
    Bank,
    MobileMoney,
}

/// Where the money comes from, as a request sends it (O§20).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[schema(as = RouteSourceInput)]
#[serde(deny_unknown_fields)]
pub struct SourceInput {
    pub method: Option<SourceMethod>,
    /// The processor the origin let a payer pick; this gateway's rail serves
    /// every one (the sandbox in test mode). Stored as sent.
    #[schema(max_length = 40)]
    pub gateway: Option<String>,
    /// `mobile_money`: the payer's operator (`mpesa`, `mpesa_cd`, ...).
    #[schema(max_length = 40)]
    pub operator_id: Option<String>,
    /// `mobile_money`: the payer's number (E.164); the prompt is sent at
    /// once. Without it, the payer pays on the funding payment's checkout page.
    #[schema(pattern = "^\\+[1-9][0-9]{7,14}$")]
    pub phone: Option<String>,
    /// Refused: card details are typed on the hosted checkout page, never sent to the API.
    #[schema(value_type = Object)]
    pub card: Option<serde_json::Value>,
    /// Refused: this gateway keeps no saved cards.
    #[schema(max_length = 200)]
    pub saved_card_id: Option<String>,
    /// Where the checkout page sends the payer back.
    #[schema(max_length = 2048)]
    pub return_url: Option<String>,
}

/// A checked source, stored on the route.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = RouteSource)]
pub struct Source {
    pub method: SourceMethod,
    pub gateway: Option<String>,
    /// The mobile-money operator of the funding payment.
    pub operator: Option<String>,
    pub phone: Option<String>,
    pub return_url: Option<String>,
}

impl Source {
    pub fn wallet() -> Source {
        Source {
            method: SourceMethod::Wallet,
            gateway: None,
            operator: None,
            phone: None,
            return_url: None,
        }
    }

    /// The rail of its funding payment; `None` for the wallet.
    pub fn rail(&self) -> Option<&'static str> {
        match self.method {
            SourceMethod::Wallet => None,
            SourceMethod::Card => Some("card"),
            SourceMethod::Bank => Some("bank"),
            SourceMethod::MobileMoney => Some("mobile_money"),
        }
    }

    /// What the funding payment of `amount_minor` costs: the collection's own
    /// fees (provider, service, tax), as every payment pays them (decision 130).
    pub fn funding_fee_minor(&self, amount_minor: i64) -> i64 {
        let Some(rail) = self.rail() else { return 0 };
        let provider_bps = self
            .operator
            .as_deref()
            .and_then(|o| catalogue::find(rail, o))
            .map(|m| m.provider_bps);
        crate::domain::fees::for_collection(rail, provider_bps, amount_minor).total_minor()
    }

    /// How long its funding usually takes.
    pub fn expected_seconds(&self) -> i64 {
        let entry = match (self.rail(), self.operator.as_deref()) {
            (None, _) => catalogue::find("wallet", "wallet"),
            (Some(rail), operator) => catalogue::for_attempt(rail, operator),
        };
        entry.map_or(0, |m| m.expected_seconds)
    }

    /// The funding payment's operator, as an intent's attempt names it.
    pub fn intent_operator(&self) -> Option<Operator> {
        let name = self.operator.as_deref()?;
        serde_json::from_value(serde_json::Value::String(name.to_string())).ok()
    }
}

/// Checks a source (absent: the wallet).
pub fn parse_source(input: Option<SourceInput>) -> Result<Source, ApiError> {
    let Some(input) = input else {
        return Ok(Source::wallet());
    };
    let method = input.method.unwrap_or(SourceMethod::Wallet);
    if input.card.is_some() {
        return Err(ApiError::field(
            "source.card",
            "card details are never sent to the API: fund with source.method card and the payer types them on the funding payment's checkout page",
        ));
    }
    if let Some(id) = input.saved_card_id {
        return Err(ApiError::field(
            "source.saved_card_id",
            format!("no saved card {id:?}: this gateway keeps no saved cards"),
        ));
    }
    let gateway = crate::domain::fields::text("source.gateway", input.gateway, 40)?;
    let return_url = crate::domain::fields::text("source.return_url", input.return_url, 2048)?;
    if method == SourceMethod::Wallet {
        if input.operator_id.is_some() || input.phone.is_some() || return_url.is_some() {
            return Err(ApiError::field(
                "source",
                "a wallet source takes no operator, phone or return_url",
            ));
        }
        return Ok(Source {
            gateway,
            ..Source::wallet()
        });
    }
    let operator = match (method, input.operator_id) {
        (SourceMethod::MobileMoney, Some(id)) => Some(source_operator(&id)?),
        (SourceMethod::MobileMoney, None) => {
            return Err(ApiError::field(
                "source.operator_id",
                "source.operator_id is required for mobile_money funding (mpesa, airtel, orange, africell, mtn)",
            ));
        }
        (_, Some(_)) => {
            return Err(ApiError::field(
                "source.operator_id",
                "source.operator_id is for mobile_money funding only",
            ));
        }
        (_, None) => None,
    };
    let phone = match input.phone {
        Some(p) if method == SourceMethod::MobileMoney => {
            Some(crate::fields::msisdn("source.phone", &p)?)
        }
        Some(_) => {
            return Err(ApiError::field(
                "source.phone",
                "source.phone is for mobile_money funding only",
            ));
        }
        None => None,
    };
    Ok(Source {
        method,
        gateway,
        operator,
        phone,
        return_url,
    })
}

/// `mpesa` or `mpesa_cd`: a collecting operator of the catalogue.
fn source_operator(value: &str) -> Result<String, ApiError> {
    let id = value.trim().to_ascii_lowercase();
    let name = id.rsplit_once('_').map_or(id.as_str(), |(name, _)| name);
    catalogue::find("mobile_money", name)
        .filter(|m| m.collects)
        .map(|m| m.id.to_string())
        .ok_or_else(|| {
            ApiError::new(
                crate::error::Code::OperatorNotFound,
                format!("source.operator_id {value:?} names no mobile-money operator of this gateway (mpesa, airtel, orange, africell, mtn)"),
            )
            .with_param("source.operator_id")
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(value: serde_json::Value) -> DestinationInput {
        serde_json::from_value(value).expect("a destination input")
    }

    #[test]
    fn the_local_currency_is_the_operators_or_the_banks_country() {
        assert_eq!(
            local_currency(&input(
                serde_json::json!({"method": "mobile_money", "operator_id": "mpesa_ke"})
            )),
            Some("KES")
        );
        assert_eq!(
            local_currency(&input(
                serde_json::json!({"method": "mobile_money", "operator_id": "mtn"})
            )),
            Some("UGX")
        );
        assert_eq!(
            local_currency(&input(
                serde_json::json!({"method": "bank", "country": "cd"})
            )),
            Some("CDF")
        );
        assert_eq!(
            local_currency(&input(serde_json::json!({"method": "keep"}))),
            None
        );
    }

    #[test]
    fn sources_name_their_refused_fields() {
        let parse = |v: serde_json::Value| {
            parse_source(Some(serde_json::from_value(v).expect("source"))).map_err(|e| e.param)
        };
        assert_eq!(
            parse(serde_json::json!({"method": "card", "card": {"number": "4242"}})),
            Err(Some("source.card".into()))
        );
        assert_eq!(
            parse(serde_json::json!({"method": "mobile_money"})),
            Err(Some("source.operator_id".into()))
        );
        assert_eq!(
            parse(serde_json::json!({"method": "card", "phone": "+243000000501"})),
            Err(Some("source.phone".into()))
        );
        let mm = parse_source(Some(
            serde_json::from_value(
                serde_json::json!({"method": "mobile_money", "operator_id": "MPESA_cd", "phone": "+243000000501"}),
            )
            .expect("source"),
        ))
        .expect("a mobile-money source");
        assert_eq!(mm.operator.as_deref(), Some("mpesa"));
        assert_eq!(mm.intent_operator(), Some(Operator::Mpesa));
        // M-Pesa's provider rate (150 bps) and the service fee with its tax.
        assert_eq!(mm.funding_fee_minor(10_000), 266);
        assert_eq!(
            parse_source(None)
                .expect("wallet")
                .funding_fee_minor(10_000),
            0
        );
    }
}
