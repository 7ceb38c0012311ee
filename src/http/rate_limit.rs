//! A per-address rate limit for the public endpoints (`POST /resolve`): fixed
//! one-minute windows, bounded memory.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

/// Fixed one-minute windows per client address.
pub struct RateLimiter {
    per_minute: u32,
    windows: Mutex<HashMap<IpAddr, (i64, u32)>>,
}

/// Addresses remembered at most; older windows are dropped beyond this.
const LIMITER_ADDRESSES_MAX: usize = 100_000;

impl RateLimiter {
    /// `per_minute` 0 disables the limit.
    pub fn new(per_minute: u32) -> RateLimiter {
        RateLimiter {
            per_minute,
            windows: Mutex::new(HashMap::new()),
        }
    }

    /// Requests allowed per address and minute (0: no limit).
    pub fn per_minute(&self) -> u32 {
        self.per_minute
    }

    /// `Err(seconds to wait)` when `ip` used up its window.
    pub fn check(&self, ip: IpAddr, now_ms: i64) -> Result<(), i64> {
        if self.per_minute == 0 {
            return Ok(());
        }
        let minute = now_ms.div_euclid(60_000);
        let mut windows = self.windows.lock().unwrap_or_else(|e| e.into_inner());
        if windows.len() >= LIMITER_ADDRESSES_MAX {
            windows.retain(|_, (m, _)| *m == minute);
        }
        let slot = windows.entry(ip).or_insert((minute, 0));
        if slot.0 != minute {
            *slot = (minute, 0);
        }
        if slot.1 >= self.per_minute {
            return Err(60 - now_ms.rem_euclid(60_000) / 1000);
        }
        slot.1 += 1;
        Ok(())
    }
}
