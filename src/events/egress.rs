//! Where the webhook dispatcher may connect: a guard against server-side
//! request forgery (security review finding 4).
//!
//! The policy is checked twice. When an endpoint is created or changed, a URL
//! whose host is an IP literal or `localhost` is refused at once if the policy
//! forbids it ([`Egress::check_url`]). At delivery time every name is resolved
//! by [`Resolver`], which hands the HTTP client only the addresses the policy
//! allows: the client connects to nothing else, so a name that resolves to a
//! private address, or that changes its answer between a check and the
//! connection (DNS rebinding), reaches nothing it should not.
//!
//! Policies (`serve --webhook-egress`):
//! - `public` (default): globally reachable addresses only, by the IANA
//!   IPv4 and IPv6 Special-Purpose Address Registries
//!   ([`crate::net::special_purpose`]): no loopback, private, link-local
//!   (cloud metadata), carrier-grade NAT or reserved address, in either
//!   family, nor an IPv6 address that embeds one (issue 44 finding 8).
//! - `local`: `public`, and this machine's loopback for **test-mode**
//!   endpoints — for sandboxes, CI pipelines and `paygate listen`. Live-mode
//!   endpoints stay public-only.
//! - `loopback`: this machine only, in both modes (a CI job that must reach no
//!   other host).
//! - `any`: everything, private networks included: an operator's explicit
//!   choice for receivers inside their own network.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use clap::ValueEnum;

use crate::mode::Mode;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum Egress {
    #[default]
    Public,
    Local,
    Loopback,
    Any,
}

enum Host {
    Ip(IpAddr),
    Name(String),
}

fn host_of(url: &str) -> Option<Host> {
    let parsed = reqwest::Url::parse(url).ok()?;
    match parsed.host()? {
        url::Host::Ipv4(ip) => Some(Host::Ip(IpAddr::V4(ip))),
        url::Host::Ipv6(ip) => Some(Host::Ip(IpAddr::V6(ip))),
        url::Host::Domain(name) => {
            Some(Host::Name(name.trim_end_matches('.').to_ascii_lowercase()))
        }
    }
}

/// Whether `ip` is this machine: IPv4 loopback, `::1`, or an IPv4-mapped
/// loopback address (a dual-stack socket connects to the mapped address).
/// The other forms that embed `127.0.0.1` (IPv4-compatible, SIIT, NAT64,
/// 6to4) are not: they are refused by every policy but `any`.
fn is_loopback(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_loopback(),
        IpAddr::V6(v6) => {
            v6.is_loopback() || v6.to_ipv4_mapped().is_some_and(|v4| v4.is_loopback())
        }
    }
}

/// Globally reachable by the IANA special-purpose registries, in both
/// families, an embedded IPv4 address judged by itself
/// ([`crate::net::special_purpose`]).
fn is_public(ip: IpAddr) -> bool {
    crate::net::special_purpose::is_global(ip)
}

/// Whether the URL's host is an IPv6 literal that does not parse: a zone id
/// (`[fe80::1%25lo]`) names an interface of this machine, and anything else
/// in brackets is no public name either.
fn is_unparsed_literal(url: &str) -> bool {
    let Some((_, rest)) = url.split_once("://") else {
        return false;
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host = authority
        .rsplit_once('@')
        .map_or(authority, |(_, host)| host);
    host.starts_with('[')
}

fn is_localhost_name(name: &str) -> bool {
    name == "localhost" || name.ends_with(".localhost")
}

impl Egress {
    /// Whether a delivery for an endpoint of `mode` may connect to `ip`.
    pub fn allows(self, mode: Mode, ip: IpAddr) -> bool {
        match self {
            Egress::Any => true,
            Egress::Public => is_public(ip),
            Egress::Local => is_public(ip) || (mode == Mode::Test && is_loopback(ip)),
            Egress::Loopback => is_loopback(ip),
        }
    }

    /// `Ok` unless the policy refuses `url` for an endpoint of `mode` without
    /// resolving anything: an IP literal it forbids, a `localhost` name where
    /// loopback is forbidden, or no host at all. Names are judged again, by
    /// their resolved addresses, at every delivery ([`Resolver`]).
    pub fn check_url(self, mode: Mode, url: &str) -> Result<(), String> {
        let host = host_of(url).ok_or_else(|| format!("{url} has no host"))?;
        self.check_host(mode, url, host)
    }

    /// [`Egress::check_url`] for an endpoint being created or changed: a URL
    /// whose host does not parse (not a valid name) names no address the
    /// policy could refuse, so it is left to the delivery, which abandons it;
    /// only what certainly reaches a forbidden address is refused up front.
    pub fn check_new_url(self, mode: Mode, url: &str) -> Result<(), String> {
        match host_of(url) {
            Some(host) => self.check_host(mode, url, host),
            // A zone id is refused whatever the policy: it names an interface,
            // not a host, and no delivery could use it.
            None if is_unparsed_literal(url) => Err(format!(
                "{url} has an IPv6 literal that is not an address (a zone id such as %25lo is not accepted)"
            )),
            None => Ok(()),
        }
    }

    fn check_host(self, mode: Mode, url: &str, host: Host) -> Result<(), String> {
        let allowed = match host {
            Host::Ip(ip) if !self.allows(mode, ip) => {
                let mut refusal = self.refusal(mode, url);
                let ip = match ip {
                    // Say the row of the embedded address that decided.
                    IpAddr::V6(v6) => {
                        crate::net::special_purpose::embedded_v4(v6).map_or(ip, IpAddr::V4)
                    }
                    IpAddr::V4(_) => ip,
                };
                if let Some(row) = crate::net::special_purpose::describe(ip) {
                    refusal.push_str(&format!(
                        " ({ip} is in {row} of the IANA special-purpose registry)"
                    ));
                }
                return Err(refusal);
            }
            Host::Ip(_) => true,
            Host::Name(name) if is_localhost_name(&name) => {
                self.allows(mode, IpAddr::V4(Ipv4Addr::LOCALHOST))
            }
            Host::Name(_) => self != Egress::Loopback,
        };
        if allowed {
            Ok(())
        } else {
            Err(self.refusal(mode, url))
        }
    }

    fn refusal(self, mode: Mode, url: &str) -> String {
        let name = self
            .to_possible_value()
            .map_or_else(String::new, |v| v.get_name().to_string());
        format!(
            "the webhook egress policy ({name}, {} mode) does not allow connecting to {url}: \
             it reaches public addresses only unless the operator starts the gateway with \
             --webhook-egress local (this machine, test mode) or any",
            mode.as_str()
        )
    }
}

/// The dispatcher's DNS resolver: resolves a name with the system resolver
/// and keeps only the addresses the policy allows for the endpoints of one
/// mode (the dispatcher has a client per mode).
pub struct Resolver {
    pub egress: Egress,
    pub mode: Mode,
}

impl reqwest::dns::Resolve for Resolver {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let (egress, mode) = (self.egress, self.mode);
        let host = name.as_str().trim_end_matches('.').to_ascii_lowercase();
        Box::pin(async move {
            // `localhost` is this machine whatever a resolver says.
            let resolved: Vec<SocketAddr> = if is_localhost_name(&host) {
                vec![
                    SocketAddr::from((Ipv4Addr::LOCALHOST, 0)),
                    SocketAddr::from((Ipv6Addr::LOCALHOST, 0)),
                ]
            } else {
                tokio::net::lookup_host((host.as_str(), 0)).await?.collect()
            };
            let allowed: Vec<SocketAddr> = resolved
                .into_iter()
                .filter(|a| egress.allows(mode, a.ip()))
                .collect();
            if allowed.is_empty() {
                return Err(format!(
                    "{host} resolves only to addresses the webhook egress policy refuses"
                )
                .into());
            }
            Ok(Box::new(allowed.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Egress;
    use crate::mode::Mode;

    const PRIVATE: &[&str] = &[
        "http://10.1.2.3/",
        "http://172.16.0.1/",
        "http://192.168.0.1/",
        "http://169.254.169.254/latest",
        "http://0.0.0.0/",
        "http://100.64.0.1/",
        "http://[fd00::1]/",
        "http://[fe80::1]/",
        "http://[::ffff:10.0.0.1]/",
        "http://[64:ff9b::a00:1]/",
        // Issue 44 finding 8: IPv4-compatible, SIIT, 6to4 and Teredo
        // forms of 127.0.0.1 are not this machine, and not public.
        "http://[::127.0.0.1]/",
        "http://[::ffff:0:7f00:1]/",
        "http://[2002:7f00:1::]/",
        "http://[2001:0:7f00:1::1]/",
        "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
        "http://[64:ff9b:1::a00:1]/",
        "http://192.0.0.8/",
        "http://[fc00::1]/",
    ];
    const LOOPBACK: &[&str] = &[
        "http://127.0.0.1:3000/hook",
        "http://127.9.9.9/",
        "http://[::1]:80/",
        "http://[::ffff:127.0.0.1]/",
        "http://localhost/",
        "http://api.localhost./",
    ];
    const PUBLIC: &[&str] = &[
        "https://hooks.example.com/paygate",
        "http://8.8.8.8/",
        "https://[2001:4860::1]/",
    ];

    fn allowed(egress: Egress, mode: Mode, url: &str) -> bool {
        egress.check_url(mode, url).is_ok()
    }

    #[test]
    fn each_policy_allows_what_it_says_in_each_mode() {
        // (policy, mode, public, loopback, private)
        let table = [
            (Egress::Public, Mode::Test, true, false, false),
            (Egress::Public, Mode::Live, true, false, false),
            (Egress::Local, Mode::Test, true, true, false),
            (Egress::Local, Mode::Live, true, false, false),
            (Egress::Loopback, Mode::Test, false, true, false),
            (Egress::Loopback, Mode::Live, false, true, false),
            (Egress::Any, Mode::Test, true, true, true),
            (Egress::Any, Mode::Live, true, true, true),
        ];
        for (egress, mode, public, loopback, private) in table {
            for (urls, expected) in [(PUBLIC, public), (LOOPBACK, loopback), (PRIVATE, private)] {
                for url in urls {
                    assert_eq!(
                        allowed(egress, mode, url),
                        expected,
                        "{egress:?} {mode:?} {url}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_new_endpoint_is_refused_only_for_what_certainly_reaches_a_forbidden_address() {
        // A host that does not parse names nothing: the delivery abandons it
        // (found by API fuzzing: such a URL is valid by the schema).
        let garbled = "http://\u{96651}\u{ed}\u{9f5d8}/";
        assert!(Egress::Public.check_new_url(Mode::Test, garbled).is_ok());
        assert!(Egress::Public.check_url(Mode::Test, garbled).is_err());
        assert!(
            Egress::Public
                .check_new_url(Mode::Live, "http://10.0.0.1/")
                .is_err()
        );
        assert!(
            Egress::Public
                .check_new_url(Mode::Test, "http://localhost/")
                .is_err()
        );
        // A zone id is refused by every policy, at registration.
        for egress in [Egress::Public, Egress::Local, Egress::Loopback, Egress::Any] {
            for url in ["http://[fe80::1%25lo]/", "http://u:p@[fe80::1%lo]:80/x"] {
                assert!(egress.check_new_url(Mode::Test, url).is_err(), "{url}");
                assert!(egress.check_url(Mode::Test, url).is_err(), "{url}");
            }
        }
    }

    #[test]
    fn a_url_without_a_host_is_refused() {
        assert!(Egress::Any.check_url(Mode::Test, "not a url").is_err());
        assert!(
            Egress::Public
                .check_url(Mode::Test, "file:///etc/passwd")
                .is_err()
        );
    }

    #[tokio::test]
    async fn the_resolver_keeps_only_allowed_addresses() {
        use reqwest::dns::Resolve;
        let name = |n: &str| n.parse::<reqwest::dns::Name>().expect("name");
        let public = super::Resolver {
            egress: Egress::Public,
            mode: Mode::Test,
        };
        // `localhost` resolves to loopback, which `public` refuses.
        assert!(public.resolve(name("localhost")).await.is_err());
        let local = super::Resolver {
            egress: Egress::Local,
            mode: Mode::Test,
        };
        let addrs: Vec<_> = local
            .resolve(name("localhost"))
            .await
            .expect("resolves")
            .collect();
        assert!(!addrs.is_empty() && addrs.iter().all(|a| a.ip().is_loopback()));
        let live = super::Resolver {
            egress: Egress::Local,
            mode: Mode::Live,
        };
        assert!(live.resolve(name("localhost")).await.is_err());
    }
}
