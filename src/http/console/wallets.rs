//! Wallets: the organisation's wallet in each currency, with its balance
//! split into available, pending, held and in transit (`GET /wallets`).

use axum::Router;
use axum::extract::State;
use axum::response::Response;
use axum::routing::get;

use super::html::{esc, money, section, table, w};
use super::layout::{self, Page};
use super::{Console, Member};

const HERE: &str = "/console/wallets";

pub fn routes() -> Router<Console> {
    Router::new().route("/console/wallets", get(page))
}

pub async fn page(State(console): State<Console>, member: Member) -> Response {
    let answer =
        match layout::read_for_page(&console, &member, HERE, "wallets:read", "/wallets").await {
            Ok(json) => json,
            Err(page) => return page,
        };
    let rows: Vec<Vec<String>> = layout::items(&answer)
        .map(|wallet| {
            let currency = wallet["currency"].as_str().unwrap_or("");
            let amount = |field: &str| money(wallet[field].as_i64().unwrap_or(0), currency);
            vec![
                esc(currency),
                amount("balance_minor"),
                amount("available_minor"),
                amount("pending_minor"),
                amount("held_minor"),
                amount("in_transit_minor"),
            ]
        })
        .collect();
    let headers = [
        w(&member, "currency"),
        w(&member, "total"),
        w(&member, "available"),
        w(&member, "pending"),
        w(&member, "held"),
        w(&member, "in_transit"),
    ];
    let title = w(&member, "wallets");
    let body = section(
        title,
        &table(title, &headers, &rows, w(&member, "no_balances")),
    );
    Page {
        member: &member,
        here: HERE,
        nav: "wallets",
        title,
        body,
        script: "",
    }
    .render(&console)
}
