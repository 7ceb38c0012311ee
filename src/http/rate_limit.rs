//! The per-address rate limit of the public endpoints that read or act by a
//! code or token: `POST /resolve` and the hosted pages (`/l/`, `/r/`,
//! `/subscribe/`, `/checkout/`, `/claim/`, and `/pay/` when its page token is
//! wrong). One budget per address covers them all (issue 44, finding 5), so
//! guessing on one page leaves nothing to guess with on another. Fixed
//! one-minute windows, bounded memory.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use crate::error::{ApiError, Code};

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

/// The JSON answer past the budget: 429 `rate_limited` with `Retry-After`.
pub fn refused(limiter: &RateLimiter, ip: IpAddr, wait: i64) -> Response {
    let mut response = ApiError::new(
        Code::RateLimited,
        format!(
            "too many requests from {ip}: at most {} a minute on the public endpoints; retry in {wait} s",
            limiter.per_minute()
        ),
    )
    .into_response();
    retry_after(&mut response, wait);
    response
}

/// Sets `Retry-After: wait` (seconds).
pub fn retry_after(response: &mut Response, wait: i64) {
    if let Ok(value) = HeaderValue::from_str(&wait.to_string()) {
        response.headers_mut().insert(header::RETRY_AFTER, value);
    }
}
