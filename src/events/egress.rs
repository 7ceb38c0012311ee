//! Where the webhook dispatcher may connect: a guard against server-side
//! request forgery. `public` refuses loopback, private, link-local and other
//! non-public addresses given as IP literals (and `localhost`); `loopback`
//! allows only the local machine (for CI and sandboxes that must not reach any
//! other host); `any` allows everything. Hostnames are not resolved here, so
//! `public` does not stop a name that resolves to a private address.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use clap::ValueEnum;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum Egress {
    #[default]
    Any,
    Public,
    Loopback,
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

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, ..] = ip.octets();
    !(ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_documentation()
        || ip.is_multicast()
        || a == 0
        || (a == 100 && (64..128).contains(&b)) // carrier-grade NAT
        || a >= 240)
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return is_public_v4(v4);
    }
    let first = ip.segments()[0];
    !(ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        || (first & 0xfe00) == 0xfc00 // unique local
        || (first & 0xffc0) == 0xfe80) // link local
}

impl Egress {
    /// `Ok` when a delivery may connect to `url`, else why not.
    pub fn check(self, url: &str) -> Result<(), String> {
        if self == Egress::Any {
            return Ok(());
        }
        let host = host_of(url).ok_or_else(|| format!("{url} has no host"))?;
        let allowed = match (self, &host) {
            (Egress::Loopback, Host::Ip(ip)) => ip.is_loopback(),
            (Egress::Loopback, Host::Name(name)) => name == "localhost",
            (Egress::Public, Host::Ip(IpAddr::V4(ip))) => is_public_v4(*ip),
            (Egress::Public, Host::Ip(IpAddr::V6(ip))) => is_public_v6(*ip),
            (Egress::Public, Host::Name(name)) => {
                name != "localhost" && !name.ends_with(".localhost")
            }
            (Egress::Any, _) => true,
        };
        if allowed {
            Ok(())
        } else {
            Err(format!(
                "the webhook egress policy ({self:?}) does not allow connecting to {url}"
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Egress;

    #[test]
    fn loopback_allows_only_this_machine() {
        for ok in [
            "http://127.0.0.1:3000/hook",
            "http://127.9.9.9/",
            "http://[::1]:80/",
            "http://localhost/",
        ] {
            assert!(Egress::Loopback.check(ok).is_ok(), "{ok}");
        }
        for refused in [
            "http://10.0.0.1/",
            "https://example.com/",
            "http://0.0.0.0/",
            "http://192.168.1.1/",
            "not a url",
        ] {
            assert!(Egress::Loopback.check(refused).is_err(), "{refused}");
        }
    }

    #[test]
    fn public_refuses_private_and_local_addresses() {
        for refused in [
            "http://127.0.0.1/",
            "http://10.1.2.3/",
            "http://172.16.0.1/",
            "http://192.168.0.1/",
            "http://169.254.169.254/latest",
            "http://0.0.0.0/",
            "http://100.64.0.1/",
            "http://[::1]/",
            "http://[fd00::1]/",
            "http://[fe80::1]/",
            "http://[::ffff:10.0.0.1]/",
            "http://localhost:8080/",
        ] {
            assert!(Egress::Public.check(refused).is_err(), "{refused}");
        }
        for ok in [
            "https://hooks.example.com/paygate",
            "http://8.8.8.8/",
            "https://[2001:4860::1]/",
        ] {
            assert!(Egress::Public.check(ok).is_ok(), "{ok}");
        }
        assert!(Egress::Any.check("http://10.0.0.1/").is_ok());
    }
}
