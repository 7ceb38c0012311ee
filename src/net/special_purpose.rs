//! Which addresses are globally reachable, by the IANA IPv4 and IPv6
//! Special-Purpose Address Registries (issue 44 finding 8): the one table the
//! webhook egress policy ([`crate::events::egress`]) judges addresses by.
//!
//! No maintained crate classifies by these registries (decision 300): the
//! standard library's `is_global` is unstable, and the crates that copy it, or
//! list RFC 6890's 2013 blocks, miss later rows and do not look inside the
//! addresses that embed an IPv4 address. So the data file
//! `special_purpose.tsv` transcribes every row of both registries (as of
//! 2025-07) with its RFC and its "Globally Reachable" column; a row is changed
//! there and nowhere else.
//!
//! Rules: the most specific row that holds an address decides (`192.0.0.9/32`
//! is global inside the non-global `192.0.0.0/24`); "N/A" counts as not
//! global. An IPv4 address in no row is global unless multicast (its own
//! registry, RFC 5771). An IPv6 address in no row is global only inside
//! `2000::/3`, the only block the IPv6 Address Space registry allocates as
//! global unicast, which leaves out `::/96` (IPv4-compatible, deprecated by
//! RFC 4291), `::ffff:0:0:0/96` (SIIT, RFC 2765, obsolete), `ff00::/8` and
//! every other reserved block. Addresses that embed an IPv4 address and reach
//! it are judged by it: IPv4-mapped `::ffff:0:0/96`, NAT64 `64:ff9b::/96`
//! (a translator connects to the embedded address) and 6to4 `2002::/16`.
//! Teredo `2001::/32` (N/A: a relay reaches an obfuscated client address) and
//! the local-use NAT64 `64:ff9b:1::/48` are not global.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::sync::LazyLock;

use ipnet::IpNet;

/// The registry's "Globally Reachable" column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    Global,
    NotGlobal,
    /// "N/A" (6to4, Teredo, deprecated blocks): not a destination of its own.
    NotApplicable,
}

/// Both registries, one row a line: block, name, RFC and "Globally
/// Reachable" (`true`, `false`, `N/A`), tab-separated; `#` lines comment.
const REGISTRY: &str = include_str!("special_purpose.tsv");

/// One registry row: address block, name, RFC, globally reachable.
pub struct Row {
    /// The block as the registry writes it (a refusal's message shows it).
    pub block: &'static str,
    pub net: IpNet,
    pub name: &'static str,
    pub rfc: &'static str,
    pub reach: Reach,
}

/// The lines of [`REGISTRY`] that are rows.
fn row_lines() -> impl Iterator<Item = &'static str> {
    REGISTRY
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
}

fn parse_row(line: &'static str) -> Option<Row> {
    let mut cells = line.split('\t');
    let block = cells.next()?;
    let (name, rfc) = (cells.next()?, cells.next()?);
    let reach = match cells.next()? {
        "true" => Reach::Global,
        "false" => Reach::NotGlobal,
        "N/A" => Reach::NotApplicable,
        _ => return None,
    };
    Some(Row {
        block,
        net: block.parse().ok()?,
        name,
        rfc,
        reach,
    })
}

/// Every row of both registries (a test checks that every line parses).
static ROWS: LazyLock<Vec<Row>> = LazyLock::new(|| row_lines().filter_map(parse_row).collect());

/// The most specific row holding `ip` (of two as specific, the later).
fn row_of(ip: IpAddr) -> Option<&'static Row> {
    ROWS.iter()
        .filter(|row| row.net.contains(&ip))
        .max_by_key(|row| row.net.prefix_len())
}

/// The most specific row holding `ip`, said as `block (name, RFC)`, for a
/// refusal's message.
pub fn describe(ip: IpAddr) -> Option<String> {
    let row = row_of(ip)?;
    Some(format!("{} ({}, {})", row.block, row.name, row.rfc))
}

/// Whether `ip` is globally reachable by the registry.
pub fn is_global_v4(ip: Ipv4Addr) -> bool {
    row_of(IpAddr::V4(ip)).is_none_or(|row| row.reach == Reach::Global)
}

/// The IPv4 address an IPv6 address embeds and reaches: IPv4-mapped, NAT64
/// (the well-known prefix) or 6to4.
pub fn embedded_v4(ip: Ipv6Addr) -> Option<Ipv4Addr> {
    let s = ip.segments();
    let low = Ipv4Addr::new((s[6] >> 8) as u8, s[6] as u8, (s[7] >> 8) as u8, s[7] as u8);
    if let Some(v4) = ip.to_ipv4_mapped() {
        return Some(v4);
    }
    if s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        return Some(low);
    }
    if s[0] == 0x2002 {
        return Some(Ipv4Addr::new(
            (s[1] >> 8) as u8,
            s[1] as u8,
            (s[2] >> 8) as u8,
            s[2] as u8,
        ));
    }
    None
}

/// Whether `ip` is globally reachable by the registry (see the module doc).
pub fn is_global_v6(ip: Ipv6Addr) -> bool {
    if let Some(v4) = embedded_v4(ip) {
        return is_global_v4(v4);
    }
    match row_of(IpAddr::V6(ip)) {
        Some(row) => row.reach == Reach::Global,
        // 2000::/3, global unicast.
        None => ip.segments()[0] & 0xe000 == 0x2000,
    }
}

/// Whether `ip` is globally reachable (both families).
pub fn is_global(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_global_v4(v4),
        IpAddr::V6(v6) => is_global_v6(v6),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v4(text: &str) -> bool {
        is_global(text.parse().expect(text))
    }

    #[test]
    fn every_row_parses_and_decides_its_addresses() {
        assert_eq!(ROWS.len(), row_lines().count(), "a row does not parse");
        for row in ROWS.iter() {
            let net = row.net;
            // An address of the block that no narrower row holds.
            let ip = [net.network(), net.broadcast()]
                .into_iter()
                .find(|ip| row_of(*ip).map(|r| r.net.prefix_len()) == Some(net.prefix_len()))
                .unwrap_or_else(|| panic!("{net}: both ends are in narrower rows"));
            if let IpAddr::V6(v6) = ip
                && embedded_v4(v6).is_some()
            {
                continue; // judged by the embedded address (the next tests)
            }
            assert_eq!(is_global(ip), row.reach == Reach::Global, "{net}: {ip}");
        }
    }

    #[test]
    fn the_registry_rows_decide_in_both_families() {
        for ip in [
            "0.1.2.3",
            "10.1.2.3",
            "100.64.0.1",
            "127.0.0.1",
            "169.254.169.254",
            "172.16.0.1",
            "192.0.0.1",
            "192.0.0.8",
            "192.0.0.170",
            "192.0.2.1",
            "192.88.99.1",
            "192.168.1.1",
            "198.18.0.1",
            "198.51.100.1",
            "203.0.113.1",
            "240.0.0.1",
            "255.255.255.255",
            "224.0.0.1",
            "239.255.255.250",
        ] {
            assert!(!v4(ip), "{ip}");
        }
        for ip in [
            "8.8.8.8",
            "1.1.1.1",
            "192.0.0.9",
            "192.0.0.10",
            "192.31.196.1",
            "192.52.193.1",
            "192.175.48.1",
        ] {
            assert!(v4(ip), "{ip}");
        }
        for ip in [
            "::",
            "::1",
            "100::1",
            "100:0:0:1::1",
            "2001:2::1",
            "2001:10::1",
            "2001:db8::1",
            "3fff::1",
            "5f00::1",
            "fc00::1",
            "fd12::1",
            "fe80::1",
            "ff02::1",
            "2001:0:4136:e378::1",
            "64:ff9b:1::a00:1",
            "::ffff:0:7f00:1",
            "::127.0.0.1",
            "::8.8.8.8",
            "1::1",
            "4000::1",
            "2001:ff::1",
        ] {
            assert!(!v4(ip), "{ip}");
        }
        for ip in [
            "2001:4860::8888",
            "2a00:1450::1",
            "2001:1::1",
            "2001:1::2",
            "2001:1::3",
            "2001:3::1",
            "2001:4:112::1",
            "2001:20::1",
            "2001:30::1",
            "2620:4f:8000::1",
        ] {
            assert!(v4(ip), "{ip}");
        }
    }

    #[test]
    fn addresses_that_embed_an_ipv4_address_are_judged_by_it() {
        // IPv4-mapped, NAT64, 6to4: the embedded address decides.
        for (private, public) in [
            ("::ffff:127.0.0.1", "::ffff:8.8.8.8"),
            ("::ffff:10.0.0.1", "::ffff:1.1.1.1"),
            ("64:ff9b::7f00:1", "64:ff9b::808:808"),
            ("64:ff9b::a9fe:a9fe", "64:ff9b::101:101"),
            ("2002:7f00:1::", "2002:808:808::1"),
            ("2002:a00:1::1", "2002:101:101::"),
        ] {
            assert!(!v4(private), "{private}");
            assert!(v4(public), "{public}");
        }
        assert_eq!(
            embedded_v4("2002:7f00:1::".parse().expect("6to4")),
            Some(Ipv4Addr::LOCALHOST)
        );
        assert_eq!(
            describe("192.0.0.9".parse().expect("ip")).as_deref(),
            Some("192.0.0.9/32 (Port Control Protocol Anycast, RFC 7723)")
        );
        assert_eq!(
            describe("2001:0:7f00:1::1".parse().expect("ip")).as_deref(),
            Some("2001::/32 (TEREDO, RFC 4380, RFC 8190)")
        );
        // Teredo, IPv4-compatible and SIIT are refused whatever they embed.
        for ip in ["2001:0:808:808::1", "::8.8.8.8", "::ffff:0:808:808"] {
            assert!(!v4(ip), "{ip}");
        }
    }
}
