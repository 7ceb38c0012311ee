//! Which addresses are globally reachable, by the IANA IPv4 and IPv6
//! Special-Purpose Address Registries (issue 44 finding 8): the one table the
//! webhook egress policy ([`crate::events::egress`]) judges addresses by.
//!
//! No maintained crate classifies by these registries (decision 300): the
//! standard library's `is_global` is unstable, and the crates that copy it, or
//! list RFC 6890's 2013 blocks, miss later rows and do not look inside the
//! addresses that embed an IPv4 address. So [`V4`] and [`V6`] transcribe every
//! row of both registries (as of 2025-07) with its RFC and its "Globally
//! Reachable" column; a row is changed here and nowhere else.
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

use ipnet::{Ipv4Net, Ipv6Net};

/// The registry's "Globally Reachable" column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    Global,
    NotGlobal,
    /// "N/A" (6to4, Teredo, deprecated blocks): not a destination of its own.
    NotApplicable,
}

/// One registry row: address block, name, RFC, globally reachable.
pub struct Row {
    pub block: &'static str,
    pub name: &'static str,
    pub rfc: &'static str,
    pub reach: Reach,
}

const fn row(block: &'static str, name: &'static str, rfc: &'static str, reach: Reach) -> Row {
    Row {
        block,
        name,
        rfc,
        reach,
    }
}

use Reach::{Global, NotApplicable, NotGlobal};

/// The IANA IPv4 Special-Purpose Address Registry, and multicast.
pub const V4: &[Row] = &[
    row("0.0.0.0/8", "\"This network\"", "RFC 791", NotGlobal),
    row(
        "0.0.0.0/32",
        "\"This host on this network\"",
        "RFC 1122",
        NotGlobal,
    ),
    row("10.0.0.0/8", "Private-Use", "RFC 1918", NotGlobal),
    row(
        "100.64.0.0/10",
        "Shared Address Space",
        "RFC 6598",
        NotGlobal,
    ),
    row("127.0.0.0/8", "Loopback", "RFC 1122", NotGlobal),
    row("169.254.0.0/16", "Link Local", "RFC 3927", NotGlobal),
    row("172.16.0.0/12", "Private-Use", "RFC 1918", NotGlobal),
    row(
        "192.0.0.0/24",
        "IETF Protocol Assignments",
        "RFC 6890",
        NotGlobal,
    ),
    row(
        "192.0.0.0/29",
        "IPv4 Service Continuity Prefix",
        "RFC 7335",
        NotGlobal,
    ),
    row("192.0.0.8/32", "IPv4 dummy address", "RFC 7600", NotGlobal),
    row(
        "192.0.0.9/32",
        "Port Control Protocol Anycast",
        "RFC 7723",
        Global,
    ),
    row(
        "192.0.0.10/32",
        "Traversal Using Relays around NAT Anycast",
        "RFC 8155",
        Global,
    ),
    row(
        "192.0.0.170/32",
        "NAT64/DNS64 Discovery",
        "RFC 8880, RFC 7050",
        NotGlobal,
    ),
    row(
        "192.0.0.171/32",
        "NAT64/DNS64 Discovery",
        "RFC 8880, RFC 7050",
        NotGlobal,
    ),
    row(
        "192.0.2.0/24",
        "Documentation (TEST-NET-1)",
        "RFC 5737",
        NotGlobal,
    ),
    row("192.31.196.0/24", "AS112-v4", "RFC 7535", Global),
    row("192.52.193.0/24", "AMT", "RFC 7450", Global),
    row(
        "192.88.99.0/24",
        "Deprecated (6to4 Relay Anycast)",
        "RFC 7526",
        NotApplicable,
    ),
    row("192.168.0.0/16", "Private-Use", "RFC 1918", NotGlobal),
    row(
        "192.175.48.0/24",
        "Direct Delegation AS112 Service",
        "RFC 7534",
        Global,
    ),
    row("198.18.0.0/15", "Benchmarking", "RFC 2544", NotGlobal),
    row(
        "198.51.100.0/24",
        "Documentation (TEST-NET-2)",
        "RFC 5737",
        NotGlobal,
    ),
    row(
        "203.0.113.0/24",
        "Documentation (TEST-NET-3)",
        "RFC 5737",
        NotGlobal,
    ),
    row("240.0.0.0/4", "Reserved", "RFC 1112", NotGlobal),
    row(
        "255.255.255.255/32",
        "Limited Broadcast",
        "RFC 8190, RFC 919",
        NotGlobal,
    ),
    // Not in the special-purpose registry: the IPv4 Multicast Address Space
    // registry; a webhook is never delivered to a group.
    row("224.0.0.0/4", "Multicast", "RFC 5771", NotGlobal),
];

/// The IANA IPv6 Special-Purpose Address Registry, and multicast.
pub const V6: &[Row] = &[
    row("::1/128", "Loopback Address", "RFC 4291", NotGlobal),
    row("::/128", "Unspecified Address", "RFC 4291", NotGlobal),
    row(
        "::ffff:0:0/96",
        "IPv4-mapped Address",
        "RFC 4291",
        NotGlobal,
    ),
    row("64:ff9b::/96", "IPv4-IPv6 Translat.", "RFC 6052", Global),
    row(
        "64:ff9b:1::/48",
        "IPv4-IPv6 Translat.",
        "RFC 8215",
        NotGlobal,
    ),
    row(
        "100::/64",
        "Discard-Only Address Block",
        "RFC 6666",
        NotGlobal,
    ),
    row("100:0:0:1::/64", "Dummy IPv6 Prefix", "RFC 9780", NotGlobal),
    row(
        "2001::/23",
        "IETF Protocol Assignments",
        "RFC 2928",
        NotGlobal,
    ),
    row("2001::/32", "TEREDO", "RFC 4380, RFC 8190", NotApplicable),
    row(
        "2001:1::1/128",
        "Port Control Protocol Anycast",
        "RFC 7723",
        Global,
    ),
    row(
        "2001:1::2/128",
        "Traversal Using Relays around NAT Anycast",
        "RFC 8155",
        Global,
    ),
    row(
        "2001:1::3/128",
        "DNS-SD Service Registration Protocol Anycast",
        "RFC 9665",
        Global,
    ),
    row(
        "2001:2::/48",
        "Benchmarking",
        "RFC 5180, RFC Errata 1752",
        NotGlobal,
    ),
    row("2001:3::/32", "AMT", "RFC 7450", Global),
    row("2001:4:112::/48", "AS112-v6", "RFC 7535", Global),
    row(
        "2001:10::/28",
        "Deprecated (previously ORCHID)",
        "RFC 4843",
        NotApplicable,
    ),
    row("2001:20::/28", "ORCHIDv2", "RFC 7343", Global),
    row(
        "2001:30::/28",
        "Drone Remote ID Protocol Entity Tags (DETs) Prefix",
        "RFC 9374",
        Global,
    ),
    row("2001:db8::/32", "Documentation", "RFC 3849", NotGlobal),
    row("2002::/16", "6to4", "RFC 3056", NotApplicable),
    row(
        "2620:4f:8000::/48",
        "Direct Delegation AS112 Service",
        "RFC 7534",
        Global,
    ),
    row("3fff::/20", "Documentation", "RFC 9637", NotGlobal),
    row(
        "5f00::/16",
        "Segment Routing (SRv6) SIDs",
        "RFC 9602",
        NotGlobal,
    ),
    row("fc00::/7", "Unique-Local", "RFC 4193, RFC 8190", NotGlobal),
    row("fe80::/10", "Link-Local Unicast", "RFC 4291", NotGlobal),
    // Not in the special-purpose registry: the IPv6 Multicast Address Space.
    row("ff00::/8", "Multicast", "RFC 4291", NotGlobal),
];

static V4_NETS: LazyLock<Vec<(Ipv4Net, Reach)>> = LazyLock::new(|| {
    V4.iter()
        .filter_map(|r| r.block.parse().ok().map(|n| (n, r.reach)))
        .collect()
});

static V6_NETS: LazyLock<Vec<(Ipv6Net, Reach)>> = LazyLock::new(|| {
    V6.iter()
        .filter_map(|r| r.block.parse().ok().map(|n| (n, r.reach)))
        .collect()
});

/// The most specific row holding `ip`, said as `block (name, RFC)`, for a
/// refusal's message.
pub fn describe(ip: IpAddr) -> Option<String> {
    let (rows, held): (&[Row], Vec<(u8, usize)>) = match ip {
        IpAddr::V4(v4) => (
            V4,
            V4.iter()
                .enumerate()
                .filter_map(|(i, r)| r.block.parse::<Ipv4Net>().ok().map(|n| (n, i)))
                .filter(|(n, _)| n.contains(&v4))
                .map(|(n, i)| (n.prefix_len(), i))
                .collect(),
        ),
        IpAddr::V6(v6) => (
            V6,
            V6.iter()
                .enumerate()
                .filter_map(|(i, r)| r.block.parse::<Ipv6Net>().ok().map(|n| (n, i)))
                .filter(|(n, _)| n.contains(&v6))
                .map(|(n, i)| (n.prefix_len(), i))
                .collect(),
        ),
    };
    let (_, index) = held.into_iter().max()?;
    let row = rows.get(index)?;
    Some(format!("{} ({}, {})", row.block, row.name, row.rfc))
}

/// The reach of the most specific row holding `ip`, if any.
fn row_v4(ip: Ipv4Addr) -> Option<Reach> {
    V4_NETS
        .iter()
        .filter(|(net, _)| net.contains(&ip))
        .max_by_key(|(net, _)| net.prefix_len())
        .map(|(_, reach)| *reach)
}

fn row_v6(ip: Ipv6Addr) -> Option<Reach> {
    V6_NETS
        .iter()
        .filter(|(net, _)| net.contains(&ip))
        .max_by_key(|(net, _)| net.prefix_len())
        .map(|(_, reach)| *reach)
}

/// Whether `ip` is globally reachable by the registry.
pub fn is_global_v4(ip: Ipv4Addr) -> bool {
    row_v4(ip).is_none_or(|reach| reach == Global)
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
    match row_v6(ip) {
        Some(reach) => reach == Global,
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

    /// The prefix length of the most specific row holding `ip`.
    fn specific_v4(ip: Ipv4Addr) -> Option<u8> {
        V4_NETS
            .iter()
            .filter(|(n, _)| n.contains(&ip))
            .map(|(n, _)| n.prefix_len())
            .max()
    }

    fn specific_v6(ip: Ipv6Addr) -> Option<u8> {
        V6_NETS
            .iter()
            .filter(|(n, _)| n.contains(&ip))
            .map(|(n, _)| n.prefix_len())
            .max()
    }

    #[test]
    fn every_row_parses_and_decides_its_addresses() {
        assert_eq!(V4_NETS.len(), V4.len(), "an IPv4 row does not parse");
        assert_eq!(V6_NETS.len(), V6.len(), "an IPv6 row does not parse");
        for (net, reach) in V4_NETS.iter() {
            // An address of the block that no narrower row holds.
            let ip = [net.network(), net.broadcast()]
                .into_iter()
                .find(|ip| specific_v4(*ip) == Some(net.prefix_len()))
                .unwrap_or_else(|| panic!("{net}: both ends are in narrower rows"));
            assert_eq!(is_global_v4(ip), *reach == Global, "{net}: {ip}");
        }
        for (net, reach) in V6_NETS.iter() {
            let ip = [net.network(), net.broadcast()]
                .into_iter()
                .find(|ip| specific_v6(*ip) == Some(net.prefix_len()))
                .unwrap_or_else(|| panic!("{net}: both ends are in narrower rows"));
            if embedded_v4(ip).is_some() {
                continue; // judged by the embedded address (the next tests)
            }
            assert_eq!(is_global_v6(ip), *reach == Global, "{net}: {ip}");
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
