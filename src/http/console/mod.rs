//! The merchant console (issue 30): a server-rendered dashboard at `/console`
//! for the people who run the money — sign in with an e-mail and password,
//! then pages for payments, payouts, wallets and transfers, subscriptions,
//! connected accounts, QR codes, settlement, developers and the team,
//! each shown only to the roles of `auth/roles.rs` that may use it.
//!
//! How it fits: the console holds no rules of its own. Every read and every
//! action is an in-process request to the API router as the member
//! ([`api`]): the gate checks the role, the guardian and the idempotency key
//! (the form's token), and the handler runs the same domain command as for a
//! client of the API. The console adds the browser's side: a session cookie
//! (`SameSite=Strict`, `HttpOnly`, `Secure` behind TLS), a per-session CSRF
//! token on every POST ([`auth`]), EN/FR words ([`words`]), and pages with
//! the hosted pages' rules (no external asset, a strict CSP with nonces).
//!
//! One module per page; [`layout`] and [`html`] are shared.

mod accounts;
mod api;
mod attention;
mod auth;
mod calendar;
mod create;
mod developers;
mod disputes;
mod home;
mod html;
mod layout;
mod payer;
mod payments;
mod payout_rows;
mod payouts;
mod qr;
mod review;
mod scopes;
mod sell;
mod settlement;
mod subscriptions;
mod team;
mod transfers;
mod wallets;
mod words;

use std::net::SocketAddr;

use axum::Router;
use axum::routing::{get, post};

pub use api::ConsoleRequest;

use super::AppState;
use crate::auth::roles::Role;
use crate::mode::Mode;
use words::Lang;

/// What every console handler may use: the gateway's state and the API
/// router it calls in process.
#[derive(Clone)]
pub struct Console {
    pub app: AppState,
    pub api: Router,
}

/// The signed-in member of a console request (see [`auth`] for how it is read).
#[derive(Debug, Clone)]
pub struct Member {
    /// The session token from the cookie: the bearer of the member's API calls.
    pub token: String,
    pub member_id: String,
    pub email: String,
    pub role: Role,
    /// The test/live switch.
    pub mode: Mode,
    pub lang: Lang,
    /// The per-session CSRF token every form carries.
    pub csrf: String,
    /// The browser's address, for the audit log.
    pub peer: Option<SocketAddr>,
    /// A notice left by the previous action (Post/Redirect/Get).
    pub flash: Option<layout::Flash>,
}

impl Member {
    /// Whether the member's role may use `permission` (a scope, or one of
    /// the session permissions of `auth/roles.rs`).
    pub fn may(&self, permission: &str) -> bool {
        self.role.allows(permission)
    }
}

/// The console's routes, under `/console`.
pub fn router(app: AppState) -> Router {
    let console = Console {
        api: super::api(app.clone()),
        app,
    };
    Router::new()
        .route("/console", get(home::page))
        .route("/console/login", get(auth::login_page).post(auth::login))
        .route("/console/logout", post(auth::logout))
        .route("/console/mode", post(auth::switch_mode))
        .route("/console/lang/{lang}", get(auth::switch_lang))
        .merge(payments::routes())
        .merge(developers::routes())
        .merge(disputes::routes())
        .merge(team::routes())
        .merge(payouts::routes())
        .merge(settlement::routes())
        .merge(wallets::routes())
        .merge(transfers::routes())
        .merge(subscriptions::routes())
        .merge(accounts::routes())
        .merge(qr::routes())
        .merge(review::routes())
        .merge(create::routes())
        .merge(sell::routes())
        .route("/console/{*rest}", axum::routing::any(layout::not_found))
        .with_state(console)
}
