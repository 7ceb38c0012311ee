//! A settled route's receipt (`GET /routes/{id}/receipt`): its amounts, rate,
//! fees, times and references, signed with the platform's ed25519 key so
//! that anyone can check it with the public key of `GET /keys` (decision 133).
//!
//! The signed bytes are the `receipt` object as canonical JSON: keys sorted
//! at every level, no whitespace, only strings, integers, booleans and
//! nulls (so RFC 8785's canonical form and a plain sorted serializer agree).
//! They are also given, base64, as `signature.payload`. The receipt is
//! deterministic: issued at the route's settlement, it reads the same every
//! time (until the platform key rotates; retired keys stay listed).

use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use serde::Serialize;
use utoipa::ToSchema;

use super::Route;
use super::state::Stage;
use super::view::figures_view;
use crate::clock::rfc3339;
use crate::domain::payouts::Payout;
use crate::error::{ApiError, Code};
use crate::events::signing::PlatformKey;
use crate::store::Read;

#[derive(Debug, Serialize, ToSchema)]
pub struct ReceiptSignature {
    /// Always `ed25519`.
    pub algorithm: &'static str,
    /// The platform key that signed it (`GET /keys`).
    pub key_id: String,
    /// What was signed: `canonical_json` (of `receipt`).
    pub signed: &'static str,
    /// The signed bytes, base64.
    pub payload: String,
    /// The 64-byte signature, base64.
    pub value: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RouteReceiptView {
    /// Always `route_receipt`.
    pub object: &'static str,
    /// The receipt: amounts, rate, fees, times, references.
    #[schema(value_type = Object)]
    pub receipt: serde_json::Value,
    pub signature: ReceiptSignature,
}

/// The receipt of `route`, signed with `key`; 409 `route_not_settled`
/// before the route is SETTLED.
pub fn receipt(
    read: &impl Read,
    route: &Route,
    key: &PlatformKey,
) -> Result<RouteReceiptView, ApiError> {
    if route.stage != Stage::Settled {
        return Err(ApiError::new(
            Code::RouteNotSettled,
            format!(
                "route {} is {}: a receipt is issued once it is SETTLED",
                route.id,
                route.stage.as_str()
            ),
        )
        .with_detail("stage", route.stage.as_str()));
    }
    let body = body(read, route)?;
    let payload = serde_json::to_vec(&body).map_err(ApiError::internal)?;
    let signature = key.sign_bytes(&payload)?;
    Ok(RouteReceiptView {
        object: "route_receipt",
        receipt: body,
        signature: ReceiptSignature {
            algorithm: "ed25519",
            key_id: key.id.clone(),
            signed: "canonical_json",
            payload: B64.encode(&payload),
            value: B64.encode(signature),
        },
    })
}

/// The receipt object: a `serde_json::Value`, whose maps keep their keys
/// sorted, so its compact serialization is the canonical form.
fn body(read: &impl Read, route: &Route) -> Result<serde_json::Value, ApiError> {
    let payout = match &route.payout {
        Some(id) => read.object::<Payout>(id)?,
        None => None,
    };
    let t = &route.transactions;
    let transactions: Vec<&String> = [&t.funding, &t.exchange, &t.payout]
        .into_iter()
        .flatten()
        .chain(
            payout
                .iter()
                .flat_map(|p| std::iter::once(&p.transaction).chain(&p.paid_transaction)),
        )
        .collect();
    let settled_at = route.settled_at_ms.map(rfc3339);
    let figures = serde_json::to_value(figures_view(&route.figures, &route.source))
        .map_err(ApiError::internal)?;
    let mut body = serde_json::json!({
        "object": "route_receipt",
        "route": route.id,
        "livemode": route.mode.livemode(),
        "organisation": route.owner,
        "stage": route.stage.as_str(),
        "figures": figures,
        "source": {"method": route.source.method, "operator": route.source.operator},
        "destination": {"method": route.destination.method(), "label": route.destination.label()},
        "corridor": route.corridor,
        "references": {
            "fx_quote": route.fx_quote,
            "funding_payment": route.funding_payment,
            "payout": route.payout,
            "payout_reference": payout.as_ref().map(|p| p.reference.clone()),
            "remittance": route.remittance,
            "transactions": transactions,
        },
        "times": {
            "created_at": rfc3339(route.created_at_ms),
            "funded_at": route.funded_at_ms.map(rfc3339),
            "settled_at": settled_at,
        },
        "stages": route.stages.iter().map(|s| serde_json::json!({"stage": s.stage.as_str(), "at": rfc3339(s.at_ms)})).collect::<Vec<_>>(),
        "issued_at": settled_at,
    });
    // Receipts carry no floats: rates are decimal strings.
    debug_assert!(!has_float(&body));
    if let Some(map) = body.as_object_mut() {
        map.retain(|_, v| !v.is_null());
    }
    Ok(body)
}

fn has_float(value: &serde_json::Value) -> bool {
    match value {
        serde_json::Value::Number(n) => n.is_f64(),
        serde_json::Value::Array(items) => items.iter().any(has_float),
        serde_json::Value::Object(map) => map.values().any(has_float),
        _ => false,
    }
}
