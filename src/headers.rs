//! The gateway's own header names and `--header-prefix`.
//!
//! The spec names them `Service-*`: the webhook headers the gateway sends
//! (`Service-Signature`, `Service-Event`, ...) and the request headers it
//! reads (`Service-Account`, `Service-Mode`). Receivers and clients written for
//! another gateway look for that gateway's brand instead (`Acme-Signature`,
//! `Acme-Account`). `--header-prefix Acme` is their migration path: every
//! `Service-*` header sent is also sent as `Acme-*` (and `X-Acme-*` where an
//! `X-Service-*` twin is sent), with the same value, and every `Service-*`
//! header read is also read as `Acme-*`. The spec's names are always sent and
//! read, so that integrations can move over one at a time.

use axum::http::{HeaderMap, HeaderName, HeaderValue};

use crate::error::{ApiError, Code};

/// The spec's prefix, and the default of `--header-prefix`.
pub const SPEC_PREFIX: &str = "Service";
/// Characters of a prefix at most.
pub const PREFIX_CHARS_MAX: usize = 32;

/// A header sent with every webhook delivery (origin behaviour section 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sent {
    Signature,
    SignatureEd25519,
    Event,
    EventId,
    DeliveryId,
    Attempt,
}

impl Sent {
    pub const ALL: [Sent; 6] = [
        Sent::Signature,
        Sent::SignatureEd25519,
        Sent::Event,
        Sent::EventId,
        Sent::DeliveryId,
        Sent::Attempt,
    ];

    fn suffix(self) -> &'static str {
        match self {
            Sent::Signature => "Signature",
            Sent::SignatureEd25519 => "Signature-Ed25519",
            Sent::Event => "Event",
            Sent::EventId => "Event-Id",
            Sent::DeliveryId => "Delivery-Id",
            Sent::Attempt => "Attempt",
        }
    }

    /// Whether an `X-` twin is sent as well, as the origin did.
    fn x_twin(self) -> bool {
        matches!(self, Sent::Signature | Sent::Event | Sent::DeliveryId)
    }
}

/// A request header the gateway reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Read {
    /// `Service-Account: acct_...`: act for a connected account (spec section 1 rule 4).
    Account,
    /// `Service-Mode: test|live`: the mode a team member's session acts in.
    Mode,
}

impl Read {
    pub const ALL: [Read; 2] = [Read::Account, Read::Mode];

    fn suffix(self) -> &'static str {
        match self {
            Read::Account => "Account",
            Read::Mode => "Mode",
        }
    }

    /// The code of a refused value, as for the spec's header alone.
    fn code(self) -> Code {
        match self {
            Read::Account => Code::InvalidServiceAccount,
            Read::Mode => Code::ValidationError,
        }
    }
}

/// Names the gateway and its clients use with these headers anyway; a brand
/// name equal to one of them would send two values under one name (a prefix
/// `Webhook` would make `Webhook-Signature` collide with Standard Webhooks').
const RESERVED: &[&str] = &[
    "webhook-id",
    "webhook-timestamp",
    "webhook-signature",
    "authorization",
    "content-type",
    "content-length",
    "host",
    "idempotency-key",
    "x-client-secret",
    "user-agent",
];

/// One header name, as sent on the wire and as written in messages.
#[derive(Debug, Clone)]
struct Name {
    wire: HeaderName,
    /// `Acme-Account`: how errors name it.
    display: String,
}

impl Name {
    fn new(display: String) -> Result<Name, String> {
        let wire = HeaderName::from_bytes(display.as_bytes())
            .map_err(|_| format!("{display} is not a valid header name"))?;
        Ok(Name { wire, display })
    }
}

/// The names in use, built once at start from `--header-prefix`.
#[derive(Debug, Clone)]
pub struct HeaderNames {
    /// By [`Sent::ALL`]: the spec's names (and twins) first, then the brand's.
    sent: Vec<Vec<HeaderName>>,
    /// By [`Read::ALL`]: the spec's name first, then the brand's.
    read: Vec<Vec<Name>>,
}

impl Default for HeaderNames {
    fn default() -> HeaderNames {
        // The spec's names are valid header names.
        HeaderNames::build(&[SPEC_PREFIX]).unwrap_or_else(|_| HeaderNames {
            sent: Vec::new(),
            read: Vec::new(),
        })
    }
}

impl HeaderNames {
    /// The names for `--header-prefix prefix`: letters, digits and `-`, 1 to
    /// [`PREFIX_CHARS_MAX`] characters, not starting or ending with `-`.
    /// `Service` (in any case) is the spec alone.
    pub fn with_prefix(prefix: &str) -> Result<HeaderNames, String> {
        let well_formed = (1..=PREFIX_CHARS_MAX).contains(&prefix.len())
            && prefix
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !prefix.starts_with('-')
            && !prefix.ends_with('-');
        if !well_formed {
            return Err(format!(
                "--header-prefix must be 1 to {PREFIX_CHARS_MAX} letters, digits or '-', not starting or ending with '-' (got {prefix:?})"
            ));
        }
        if prefix.eq_ignore_ascii_case(SPEC_PREFIX) {
            return HeaderNames::build(&[SPEC_PREFIX]);
        }
        let spec = HeaderNames::default();
        let brand = HeaderNames::build(&[prefix])?;
        let taken = |name: &HeaderName| {
            RESERVED.contains(&name.as_str()) || spec.wire_names().any(|n| n == name)
        };
        if let Some(clash) = brand.wire_names().find(|n| taken(n)) {
            return Err(format!(
                "--header-prefix {prefix} would make {clash}, a header the gateway already uses; choose another prefix"
            ));
        }
        HeaderNames::build(&[SPEC_PREFIX, prefix])
    }

    fn build(prefixes: &[&str]) -> Result<HeaderNames, String> {
        let mut sent = Vec::new();
        for header in Sent::ALL {
            let mut names = Vec::new();
            for p in prefixes {
                names.push(Name::new(format!("{p}-{}", header.suffix()))?.wire);
                if header.x_twin() {
                    names.push(Name::new(format!("X-{p}-{}", header.suffix()))?.wire);
                }
            }
            sent.push(names);
        }
        let mut read = Vec::new();
        for header in Read::ALL {
            let names = prefixes
                .iter()
                .map(|p| Name::new(format!("{p}-{}", header.suffix())))
                .collect::<Result<Vec<_>, _>>()?;
            read.push(names);
        }
        Ok(HeaderNames { sent, read })
    }

    /// Every name, sent or read.
    fn wire_names(&self) -> impl Iterator<Item = &HeaderName> {
        let read = self.read.iter().flatten().map(|n| &n.wire);
        self.sent.iter().flatten().chain(read)
    }

    /// Every name `header` is sent under, each with the same value.
    pub fn sent(&self, header: Sent) -> &[HeaderName] {
        let index = Sent::ALL.iter().position(|h| *h == header).unwrap_or(0);
        self.sent.get(index).map_or(&[], Vec::as_slice)
    }

    /// The value of `header` and the name it came under (as errors write
    /// it): under the spec's name or the brand's. Both with different values
    /// is a 400 naming the second, nothing is guessed.
    pub fn read<'h>(
        &self,
        headers: &'h HeaderMap,
        header: Read,
    ) -> Result<Option<(&str, &'h HeaderValue)>, ApiError> {
        let index = Read::ALL.iter().position(|h| *h == header).unwrap_or(0);
        let mut found: Option<(&str, &'h HeaderValue)> = None;
        for name in self.read.get(index).into_iter().flatten() {
            let Some(value) = headers.get(&name.wire) else {
                continue;
            };
            match found {
                Some((first, seen)) if seen != value => {
                    return Err(ApiError::new(
                        header.code(),
                        format!(
                            "{} and {first} carry different values; send one, or the same value in both",
                            name.display
                        ),
                    )
                    .with_param(name.display.clone()));
                }
                Some(_) => {}
                None => found = Some((name.display.as_str(), value)),
            }
        }
        Ok(found)
    }

    /// A `*-Account` header this gateway does not read (`Acme-Account`
    /// without `--header-prefix Acme`) that holds an `acct_` id, with the
    /// name it came under: a migrating integration naming a connected
    /// account the gateway would otherwise ignore (decision 540). `None`
    /// when the gateway's own header carries the same id, which names the
    /// account anyway.
    pub fn unread_account<'h>(&self, headers: &'h HeaderMap) -> Option<(String, &'h str)> {
        let index = Read::ALL.iter().position(|h| *h == Read::Account)?;
        let own = self.read.get(index)?;
        let own_value = |value: &str| {
            own.iter()
                .filter_map(|n| headers.get(&n.wire)?.to_str().ok())
                .any(|v| v.trim() == value)
        };
        headers.iter().find_map(|(name, value)| {
            let wire = name.as_str();
            let unread = wire.len() > ACCOUNT_SUFFIX.len()
                && wire.ends_with(ACCOUNT_SUFFIX)
                && !own.iter().any(|n| n.wire == *name);
            let value = value.to_str().ok()?.trim();
            (unread && value.starts_with("acct_") && !own_value(value))
                .then(|| (title_case(wire), value))
        })
    }
}

/// `acme-account` as people write it: `Acme-Account`.
fn title_case(wire: &str) -> String {
    let words = wire.split('-').map(|word| {
        let mut chars = word.chars();
        chars.next().map_or_else(String::new, |first| {
            first.to_ascii_uppercase().to_string() + chars.as_str()
        })
    });
    words.collect::<Vec<_>>().join("-")
}

/// How every account header's wire name ends (names are lower case on the wire).
const ACCOUNT_SUFFIX: &str = "-account";

#[cfg(test)]
mod tests {
    use super::*;

    fn wire(names: &[HeaderName]) -> Vec<&str> {
        names.iter().map(HeaderName::as_str).collect()
    }

    fn headers_of(pairs: &[(&str, &str)]) -> HeaderMap {
        pairs
            .iter()
            .map(|(name, value)| {
                let name = HeaderName::from_bytes(name.as_bytes()).expect("header name");
                (name, HeaderValue::from_str(value).expect("header value"))
            })
            .collect()
    }

    #[test]
    fn an_unread_brand_account_header_holding_an_account_id_is_found() {
        let spec = HeaderNames::default();
        let brand = headers_of(&[("Acme-Account", "acct_1")]);
        let found = spec.unread_account(&brand);
        assert_eq!(found, Some(("Acme-Account".to_string(), "acct_1")));
        let twin = headers_of(&[("X-Acme-Account", " acct_2 ")]);
        let found = spec.unread_account(&twin);
        assert_eq!(found, Some(("X-Acme-Account".to_string(), "acct_2")));
    }

    #[test]
    fn read_or_harmless_account_headers_are_not_unread_accounts() {
        let spec = HeaderNames::default();
        for pairs in [
            &[("Service-Account", "acct_1")][..],
            &[("Acme-Account", "cus_1")][..],
            &[("Account", "acct_1")][..],
            &[("-Account", "acct_1")][..],
            &[("Acme-Accounts", "acct_1")][..],
            &[("Service-Account", "acct_1"), ("Acme-Account", "acct_1")][..],
        ] {
            let headers = headers_of(pairs);
            assert_eq!(spec.unread_account(&headers), None, "{pairs:?}");
        }
        let differs = headers_of(&[("Service-Account", "acct_1"), ("Acme-Account", "acct_2")]);
        assert_eq!(
            spec.unread_account(&differs),
            Some(("Acme-Account".to_string(), "acct_2"))
        );
        let acme = HeaderNames::with_prefix("Acme").expect("brand");
        assert_eq!(
            acme.unread_account(&headers_of(&[("Acme-Account", "acct_1")])),
            None
        );
        assert_eq!(
            acme.unread_account(&headers_of(&[("Other-Account", "acct_1")])),
            Some(("Other-Account".to_string(), "acct_1"))
        );
    }

    #[test]
    fn the_spec_prefix_sends_the_spec_names_and_their_x_twins_only() {
        for prefix in ["Service", "service", "SERVICE"] {
            let names = HeaderNames::with_prefix(prefix).expect("spec prefix");
            assert_eq!(
                wire(names.sent(Sent::Signature)),
                ["service-signature", "x-service-signature"]
            );
            assert_eq!(wire(names.sent(Sent::Attempt)), ["service-attempt"]);
        }
        assert_eq!(
            wire(HeaderNames::default().sent(Sent::DeliveryId)),
            ["service-delivery-id", "x-service-delivery-id"]
        );
    }

    #[test]
    fn a_brand_adds_its_names_and_twins_after_the_spec_ones() {
        let names = HeaderNames::with_prefix("Acme").expect("brand");
        assert_eq!(
            wire(names.sent(Sent::Signature)),
            [
                "service-signature",
                "x-service-signature",
                "acme-signature",
                "x-acme-signature"
            ]
        );
        assert_eq!(
            wire(names.sent(Sent::SignatureEd25519)),
            ["service-signature-ed25519", "acme-signature-ed25519"]
        );
        assert_eq!(
            wire(names.sent(Sent::EventId)),
            ["service-event-id", "acme-event-id"]
        );
    }

    #[test]
    fn malformed_or_clashing_prefixes_are_refused() {
        for bad in [
            "",
            "-Acme",
            "Acme-",
            "Ac me",
            "Acmé",
            "Ac_me",
            &"A".repeat(PREFIX_CHARS_MAX + 1),
            "Webhook",
            "X-Service",
        ] {
            assert!(HeaderNames::with_prefix(bad).is_err(), "{bad:?}");
        }
        assert!(HeaderNames::with_prefix(&"A".repeat(PREFIX_CHARS_MAX)).is_ok());
        assert!(HeaderNames::with_prefix("X-Acme-2").is_ok());
    }

    #[test]
    fn a_read_header_comes_under_either_name_and_conflicts_are_refused() {
        let names = HeaderNames::with_prefix("Acme").expect("brand");
        let mut headers = HeaderMap::new();
        assert!(names.read(&headers, Read::Account).expect("none").is_none());
        headers.insert("acme-account", HeaderValue::from_static("acct_1"));
        let (name, value) = names
            .read(&headers, Read::Account)
            .expect("ok")
            .expect("some");
        assert_eq!(
            (name, value.to_str().ok()),
            ("Acme-Account", Some("acct_1"))
        );
        headers.insert("service-account", HeaderValue::from_static("acct_1"));
        let (name, _) = names
            .read(&headers, Read::Account)
            .expect("ok")
            .expect("some");
        assert_eq!(name, "Service-Account", "the spec's name first");
        headers.insert("acme-account", HeaderValue::from_static("acct_2"));
        let err = names.read(&headers, Read::Account).expect_err("conflict");
        assert_eq!(err.code, Code::InvalidServiceAccount);
        assert_eq!(err.param.as_deref(), Some("Acme-Account"));
        headers.insert("service-mode", HeaderValue::from_static("test"));
        headers.insert("acme-mode", HeaderValue::from_static("live"));
        let err = names.read(&headers, Read::Mode).expect_err("conflict");
        assert_eq!(err.code, Code::ValidationError);
        assert_eq!(err.param.as_deref(), Some("Acme-Mode"));
        // Without a brand, the brand's header is just another header.
        let spec = HeaderNames::default();
        headers.remove("service-account");
        assert!(spec.read(&headers, Read::Account).expect("ok").is_none());
    }
}
