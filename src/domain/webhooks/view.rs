//! What the API shows of a webhook endpoint: its answers, and the object of
//! `webhook_endpoint.disabled` (never the secret, except in the create answer).

use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::ToSchema;

use super::{Endpoint, EndpointStatus};
use crate::clock::rfc3339;

#[derive(Debug, Serialize, ToSchema)]
pub struct EndpointView {
    id: String,
    /// Always `webhook_endpoint`.
    object: &'static str,
    livemode: bool,
    url: String,
    enabled_events: Vec<String>,
    /// The version of the event envelope sent to it (`2026-09-01`, the only one).
    api_version: String,
    description: Option<String>,
    metadata: BTreeMap<String, String>,
    status: EndpointStatus,
    disabled_reason: Option<String>,
    /// Failed attempts in a row, across its deliveries; a 2xx answer resets it.
    consecutive_failures: u32,
    /// Since when its deliveries have failed without a success in between;
    /// the gateway disables it after 72 h of this (and at least 10 failures).
    failing_since: Option<String>,
    /// The `whsec_` signing secret: present in the create response only.
    #[serde(skip_serializing_if = "Option::is_none")]
    secret: Option<String>,
    created_at: String,
    updated_at: String,
}

pub fn render(endpoint: &Endpoint, with_secret: bool) -> EndpointView {
    EndpointView {
        id: endpoint.id.clone(),
        object: "webhook_endpoint",
        livemode: endpoint.mode.livemode(),
        url: endpoint.url.clone(),
        enabled_events: endpoint.enabled_events.clone(),
        api_version: endpoint.api_version.clone(),
        description: endpoint.description.clone(),
        metadata: endpoint.metadata.clone(),
        status: endpoint.status,
        disabled_reason: endpoint.disabled_reason.clone(),
        consecutive_failures: endpoint.consecutive_failures,
        failing_since: endpoint.failing_since_ms.map(rfc3339),
        secret: with_secret.then(|| endpoint.secret.clone()),
        created_at: rfc3339(endpoint.created_at_ms),
        updated_at: rfc3339(endpoint.updated_at_ms),
    }
}
