//! Wallets: the organisation's wallet in each currency, with its balance
//! split into available, pending, held and in transit (`GET /wallets`).

use axum::Router;
use axum::extract::State;
use axum::routing::get;

use super::html::{balance_row, section, table, w, words};
use super::layout::{self, Shown};
use super::{Console, Member};

const HERE: &str = "/console/wallets";

pub fn routes() -> Router<Console> {
    Router::new().route("/console/wallets", get(page))
}

pub async fn page(State(console): State<Console>, member: Member) -> Shown {
    let answer = layout::read_for_page(&console, &member, HERE, "wallets:read", "/wallets").await?;
    let amounts = [
        "balance_minor",
        "available_minor",
        "pending_minor",
        "held_minor",
        "in_transit_minor",
    ];
    let rows: Vec<Vec<String>> = layout::items(&answer)
        .map(|wallet| balance_row(member.lang, wallet, &amounts))
        .collect();
    let headers = words(
        &member,
        [
            "currency",
            "total",
            "available",
            "pending",
            "held",
            "in_transit",
        ],
    );
    let title = w(&member, "wallets");
    let body = section(
        title,
        &table(title, &headers, &rows, w(&member, "no_balances")),
    );
    Ok(layout::page(
        &console, &member, HERE, "wallets", title, body,
    ))
}
