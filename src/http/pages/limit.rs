//! The hosted pages' share of the one per-address limiter
//! ([`crate::http::rate_limit`], issue 44 finding 5): every page that reads or
//! acts by a code (`/l/`, `/r/`, `/subscribe/`, `/checkout/`, `/claim/`)
//! spends the address's budget, whether the code exists or not, so a guesser
//! gets as many tries a minute as `POST /resolve` gives, on all of them
//! together. A `/pay/` request spends it only when its page token is wrong:
//! the token is 128 bits, a payer holding it guesses nothing, and the page's
//! script polls its status every second (decision 57), which a shared budget
//! must not starve. Past the budget a page answers a plain 429 page and a
//! script's endpoint the 429 `rate_limited` body, both with `Retry-After`.

use std::net::{IpAddr, Ipv4Addr};

use axum::extract::{Request, State};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;

use super::{AppState, PageQuery, message_page, page_language, page_token};
use crate::domain::intents;
use crate::http::rate_limit;

/// What a request costs, and how it is refused past the budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cost {
    /// Not a guess: not limited.
    Free,
    /// A page: refused with a page.
    Page,
    /// An endpoint of a page's script: refused with the error body.
    Json,
}

/// The cost of `method path`; `token_ok(id)` says whether the request holds
/// the page token of the intent `id`.
fn cost(method: &Method, path: &str, token_ok: impl FnOnce(&str) -> bool) -> Cost {
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    match segments.as_slice() {
        ["l" | "r" | "subscribe" | "checkout", _] => Cost::Page,
        // The claim page's script posts JSON.
        ["claim", _] if method == Method::POST => Cost::Json,
        ["claim", _] => Cost::Page,
        ["pay", id, rest @ ..] => {
            if token_ok(id) {
                Cost::Free
            } else if matches!(rest, ["status" | "attempt" | "cancel"]) {
                Cost::Json
            } else {
                Cost::Page
            }
        }
        _ => Cost::Free,
    }
}

/// The layer of the pages' router.
pub(super) async fn limit(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let token = page_token(request.headers(), &PageQuery::of(request.uri()));
    let cost = cost(request.method(), request.uri().path(), |id| {
        crate::ids::is_id(id, "pi")
            && token
                .as_deref()
                .is_some_and(|t| intents::view::page_token_matches(id, t))
    });
    if cost == Cost::Free {
        return next.run(request).await;
    }
    // Requests without a peer address (in-process tests) share one window.
    let ip = crate::http::extract::client_ip(request.extensions())
        .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
    let Err(wait) = state.public_limiter.check(ip, state.clock.now_ms()) else {
        return next.run(request).await;
    };
    if cost == Cost::Json {
        return rate_limit::refused(&state.public_limiter, ip, wait);
    }
    let lang = page_language(request.uri(), request.headers());
    let t = super::i18n::messages(lang);
    let mut response = message_page(
        StatusCode::TOO_MANY_REQUESTS,
        lang,
        t.too_many_title,
        t.too_many,
    );
    rate_limit::retry_after(&mut response, wait);
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_page_costs_and_a_held_page_token_is_free() {
        let get = Method::GET;
        let post = Method::POST;
        for path in ["/l/plink_1", "/r/MR-X", "/subscribe/gold", "/checkout/cs_1"] {
            assert_eq!(cost(&get, path, |_| true), Cost::Page, "{path}");
            assert_eq!(cost(&post, path, |_| true), Cost::Page, "{path}");
        }
        assert_eq!(cost(&get, "/claim/t", |_| false), Cost::Page);
        assert_eq!(cost(&post, "/claim/t", |_| false), Cost::Json);
        assert_eq!(cost(&get, "/pay/pi_1", |_| true), Cost::Free);
        assert_eq!(cost(&get, "/pay/pi_1/status", |_| true), Cost::Free);
        assert_eq!(cost(&get, "/pay/pi_1", |_| false), Cost::Page);
        assert_eq!(cost(&get, "/pay/pi_1/return", |_| false), Cost::Page);
        assert_eq!(cost(&post, "/pay/pi_1/challenge", |_| false), Cost::Page);
        for action in ["status", "attempt", "cancel"] {
            let path = format!("/pay/pi_1/{action}");
            assert_eq!(cost(&post, &path, |_| false), Cost::Json, "{path}");
        }
        assert_eq!(cost(&get, "/sandbox", |_| false), Cost::Free);
    }
}
