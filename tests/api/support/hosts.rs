// The names `/etc/hosts` maps to loopback addresses only. Shared with
// build.rs (`include!`), which marks the test that needs one ignored where
// there is none, so this file uses nothing but `std`.

/// The names of `hosts` (the text of `/etc/hosts`) whose every address is a
/// loopback one, in file order, without `localhost` and `*.localhost` (the
/// egress policy refuses those by name, before any resolver runs).
pub fn loopback_names(hosts: &str) -> Vec<String> {
    let mut loopback: Vec<String> = Vec::new();
    let mut elsewhere: Vec<String> = Vec::new();
    for line in hosts.lines() {
        let line = line.split('#').next().unwrap_or("");
        let mut fields = line.split_whitespace();
        let Some(Ok(ip)) = fields.next().map(str::parse::<std::net::IpAddr>) else {
            continue;
        };
        for name in fields {
            let name = name.to_ascii_lowercase();
            let list = if ip.is_loopback() {
                &mut loopback
            } else {
                &mut elsewhere
            };
            if !list.contains(&name) {
                list.push(name);
            }
        }
    }
    loopback.retain(|name| {
        name != "localhost" && !name.ends_with(".localhost") && !elsewhere.contains(name)
    });
    loopback
}
