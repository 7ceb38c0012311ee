//! The token of a hosted form that creates something (a payment link's
//! page, a plan's subscribe page; issue 44 finding 5). These are plain HTML
//! forms (the subscribe page runs no script, so the `X-Page-Token` header
//! of the checkout page's script is not available): the page sets a random
//! value in a cookie (`HttpOnly`, `SameSite=Strict`, scoped to the page's
//! path) and renders, in a hidden `csrf` field, the HMAC of the path and that
//! value under the master key. A post is taken only when the field is the
//! HMAC of its path and of a cookie it carries, compared in constant time.
//! A post from another site carries no `SameSite=Strict` cookie, and a token
//! fetched by a server elsewhere is bound to that server's cookie, so a page
//! that makes its visitors' browsers post (spreading the posts over their
//! addresses, past the per-address limiter) gets nothing.

use axum::http::{HeaderMap, HeaderValue};

use crate::secrets::{derived_token, derived_token_matches};

/// The cookie's name.
const COOKIE: &str = "pg_form";
const PURPOSE: &str = "page-form";
/// A page left open longer is reloaded before its form is taken.
const MAX_AGE_SECS: u32 = 3_600;

/// A form's token and the `Set-Cookie` the page is sent with.
pub(super) struct Issued {
    pub csrf: String,
    pub cookie: HeaderValue,
}

/// A fresh token for the form of the page at `path`; `secure` adds `Secure`
/// (a gateway behind TLS).
pub(super) fn issue(path: &str, secure: bool) -> Issued {
    let nonce = crate::ids::random_token(32);
    let csrf = derived_token(PURPOSE, &format!("{path}\0{nonce}"));
    let secure = if secure { "; Secure" } else { "" };
    let cookie = |scope: &str| {
        HeaderValue::from_str(&format!(
            "{COOKIE}={nonce}; Path={scope}; HttpOnly; SameSite=Strict; Max-Age={MAX_AGE_SECS}{secure}"
        ))
    };
    // A path a cookie cannot carry falls back to the whole site.
    let cookie = cookie(path)
        .or_else(|_| cookie("/"))
        .unwrap_or_else(|_| HeaderValue::from_static("pg_form=; Max-Age=0"));
    Issued { csrf, cookie }
}

/// Whether `presented` is the token of the page at `path` for one of the
/// form cookies the request carries.
pub(super) fn accepted(headers: &HeaderMap, path: &str, presented: &str) -> bool {
    if presented.is_empty() {
        return false;
    }
    crate::http::extract::cookies(headers, COOKIE)
        .filter(|nonce| !nonce.is_empty())
        .any(|nonce| derived_token_matches(PURPOSE, &format!("{path}\0{nonce}"), presented))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::header;

    fn with_cookie(cookie: &HeaderValue) -> HeaderMap {
        let pair = cookie
            .to_str()
            .ok()
            .and_then(|c| c.split(';').next())
            .unwrap_or("")
            .to_string();
        let mut headers = HeaderMap::new();
        if let Ok(value) = HeaderValue::from_str(&format!("lang=fr; {pair}")) {
            headers.insert(header::COOKIE, value);
        }
        headers
    }

    #[test]
    fn a_token_is_taken_only_with_its_cookie_on_its_page() {
        let issued = issue("/l/plink_1", false);
        let headers = with_cookie(&issued.cookie);
        assert!(accepted(&headers, "/l/plink_1", &issued.csrf));
        assert!(
            !accepted(&headers, "/l/plink_2", &issued.csrf),
            "another page"
        );
        assert!(
            !accepted(&HeaderMap::new(), "/l/plink_1", &issued.csrf),
            "no cookie"
        );
        assert!(!accepted(&headers, "/l/plink_1", ""), "no token");
        let other = issue("/l/plink_1", false);
        assert!(!accepted(
            &with_cookie(&other.cookie),
            "/l/plink_1",
            &issued.csrf
        ));
        let text = issued.cookie.to_str().unwrap_or("");
        assert!(
            text.contains("Path=/l/plink_1; HttpOnly; SameSite=Strict"),
            "{text}"
        );
        assert!(
            issue("/l/x", true)
                .cookie
                .to_str()
                .unwrap_or("")
                .ends_with("; Secure")
        );
    }
}
