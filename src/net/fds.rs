//! File descriptors: every connection holds one, so the connection cap must
//! stay below the open-file limit, or `accept` fails with EMFILE and the
//! gateway cannot even answer `GET /status`.

/// Descriptors kept for everything but client connections: the listener, the
/// store file, stdio, the runtime's epoll and signal pipes, and the webhook
/// dispatcher's outgoing connections (32 in flight, plus its idle pool).
pub const FD_RESERVE: u64 = 256;

/// Raises the soft RLIMIT_NOFILE to the hard limit, as Go's runtime does at
/// start: the soft limit (often 1,024) is a default for old `select`-based
/// programs, not a decision of the operator, who sets the hard one. Returns
/// the soft limit now in force (`None`: unlimited or unknown).
#[cfg(unix)]
pub fn raise_open_files_limit() -> Option<u64> {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
    let limit = getrlimit(Resource::Nofile);
    match (limit.current, limit.maximum) {
        (Some(current), Some(maximum)) if current < maximum => {
            let raised = Rlimit {
                current: Some(maximum),
                maximum: Some(maximum),
            };
            match setrlimit(Resource::Nofile, raised) {
                Ok(()) => Some(maximum),
                Err(e) => {
                    // macOS refuses more than OPEN_MAX: keep the soft limit.
                    tracing::warn!(error = %e, current, maximum, "cannot raise the open-file limit");
                    Some(current)
                }
            }
        }
        (current, _) => current,
    }
}

#[cfg(not(unix))]
pub fn raise_open_files_limit() -> Option<u64> {
    None
}

/// The connection cap in force: the configured one, lowered to leave
/// [`FD_RESERVE`] descriptors free (half the limit when the limit is small),
/// and at least 1.
pub fn connection_cap(configured: usize, open_files: Option<u64>) -> usize {
    let Some(limit) = open_files else {
        return configured.max(1);
    };
    let reserve = FD_RESERVE.min(limit / 2);
    let room = usize::try_from(limit.saturating_sub(reserve)).unwrap_or(usize::MAX);
    configured.min(room).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_connection_cap_stays_below_the_open_file_limit() {
        // The review's machine: 1,024 descriptors.
        assert_eq!(connection_cap(10_000, Some(1_024)), 1_024 - 256);
        assert_eq!(connection_cap(10_000, Some(1_048_576)), 10_000);
        assert_eq!(connection_cap(10_000, Some(10_256)), 10_000);
        assert_eq!(connection_cap(10_000, Some(10_255)), 9_999);
        // A tiny limit keeps half of it in reserve.
        assert_eq!(connection_cap(10_000, Some(200)), 100);
        assert_eq!(connection_cap(10_000, Some(1)), 1);
        assert_eq!(connection_cap(10_000, Some(0)), 1);
        // Unlimited or unknown: as configured.
        assert_eq!(connection_cap(10_000, None), 10_000);
        assert_eq!(connection_cap(0, None), 1);
    }

    #[cfg(unix)]
    #[test]
    fn the_raised_soft_limit_is_the_hard_limit() {
        let raised = raise_open_files_limit();
        let now = rustix::process::getrlimit(rustix::process::Resource::Nofile);
        assert_eq!(raised, now.current);
    }
}
