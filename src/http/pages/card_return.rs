//! The payer's way back from the card aggregator's hosted page
//! (`/pay/{id}/return?t=`): Flutterwave Standard sends the payer to the
//! `redirect_url` it was given, with `status`, `tx_ref` and
//! `transaction_id` appended. Nothing authenticates those, so, like an
//! unsigned callback, they only bring the rail request's status inquiry
//! forward (`GET /v3/transactions/{id}/verify` decides; the
//! `transaction_id` given here is never used to ask by), and the payer is
//! sent on to the checkout page, which follows the outcome.

use axum::extract::State;
use axum::http::{HeaderMap, Uri};
use axum::response::Response;
use serde::Deserialize;

use super::{AppState, intent_of, language, not_found, to_checkout};
use crate::domain::live_rails::requests;
use crate::http::extract::Path;
use crate::rails::live::Provider;

/// What the hosted page appends (other parameters are ignored).
#[derive(Deserialize, Default)]
struct ReturnQuery {
    lang: Option<String>,
    t: Option<String>,
    tx_ref: Option<String>,
}

pub async fn back(
    State(state): State<AppState>,
    Path(id): Path<String>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let query = axum::extract::Query::<ReturnQuery>::try_from_uri(&uri)
        .map(|q| q.0)
        .unwrap_or_default();
    let lang = language(query.lang.as_deref(), &headers);
    let Ok(intent) = intent_of(&state, &id, query.t.as_deref()) else {
        return not_found(lang);
    };
    if let Some(tx_ref) = query.tx_ref {
        let ours = state
            .store
            .snapshot()
            .ok()
            .and_then(|s| requests::get(&s, &tx_ref).ok().flatten())
            .is_some_and(|r| r.card && r.target == intent.id);
        if ours {
            let result = state
                .writer
                .run(move |tx| requests::on_callback(tx, Provider::Flutterwave, &tx_ref, None))
                .await;
            if let Err(error) = result {
                // The scheduled inquiry decides it anyway.
                tracing::warn!(intent = %intent.id, %error, "card return: cannot bring the inquiry forward");
            }
        }
    }
    to_checkout(&intent.id, lang)
}
