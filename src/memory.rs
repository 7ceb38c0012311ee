//! The process's memory settings, applied once at start.

/// Turns transparent huge pages off for this process (decision 281). The
/// allocator asks the kernel for huge pages; each time it reuses memory it
/// had returned, the kernel faults a 2 MiB page back in and zeroes all of it:
/// an eighth of the ledger writer's time under `pay`, gone with 4 KiB pages.
/// Databases advise the same (Redis, MongoDB, Oracle). Failure only costs speed.
#[cfg(target_os = "linux")]
pub fn disable_transparent_huge_pages() {
    if let Err(e) = rustix::thread::disable_transparent_huge_pages(true) {
        tracing::warn!(error = %e, "cannot turn transparent huge pages off");
    }
}

#[cfg(not(target_os = "linux"))]
pub fn disable_transparent_huge_pages() {}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    #[test]
    fn the_process_runs_without_transparent_huge_pages() {
        super::disable_transparent_huge_pages();
        assert_eq!(
            rustix::thread::transparent_huge_pages_are_disabled().ok(),
            Some(true)
        );
    }
}
