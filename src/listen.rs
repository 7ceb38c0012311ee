//! `paygate listen`: forwards a running gateway's webhooks to a local URL, like
//! `stripe listen`. It listens on a local port, registers a temporary webhook
//! endpoint pointing at it, prints the endpoint's signing secret, forwards each
//! delivery (headers and raw body unchanged, so signatures still verify; the
//! brand's headers of `serve --header-prefix` too) to
//! `--forward-to`, prints one line per delivery, and answers the gateway with
//! the local status, so the gateway's retries apply. On Ctrl-C it deletes the
//! endpoint.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;

/// Headers not passed on to the local receiver: those of the connection
/// (hop-by-hop, RFC 9110 section 7.6.1) and those the forwarding request sets
/// itself. Every other header is forwarded as received, so a gateway started
/// with `--header-prefix` reaches the receiver with its brand's headers too.
const NOT_FORWARDED: &[&str] = &[
    "host",
    "content-length",
    "connection",
    "keep-alive",
    "proxy-connection",
    "proxy-authenticate",
    "proxy-authorization",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
];

pub struct ListenOptions {
    pub forward_to: String,
    pub events: Vec<String>,
    pub base_url: String,
    pub key: String,
    pub listen: SocketAddr,
}

struct Forwarder {
    client: reqwest::Client,
    forward_to: String,
}

pub async fn listen(options: ListenOptions) -> Result<(), Box<dyn std::error::Error>> {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let client = reqwest::Client::builder()
        .timeout(crate::outbox::webhooks::ATTEMPT_TIMEOUT)
        .build()?;
    let listener = tokio::net::TcpListener::bind(options.listen).await?;
    let local = listener.local_addr()?;
    let base = options.base_url.trim_end_matches('/').to_string();
    let events = if options.events.is_empty() {
        vec!["*".to_string()]
    } else {
        options.events.clone()
    };
    let registration = serde_json::json!({
        "url": format!("http://{local}/"),
        "enabled_events": events,
        "description": format!("paygate listen → {}", options.forward_to),
    });
    let response = client
        .post(format!("{base}/webhook_endpoints"))
        .bearer_auth(&options.key)
        .header("content-type", "application/json")
        .body(serde_json::to_vec(&registration)?)
        .send()
        .await
        .map_err(|e| format!("cannot reach the gateway at {base}: {e}"))?;
    let status = response.status();
    let body: serde_json::Value =
        serde_json::from_slice(&response.bytes().await?).unwrap_or_default();
    if !status.is_success() {
        return Err(format!(
            "the gateway refused the endpoint ({status}): {}",
            body["message"].as_str().unwrap_or("")
        )
        .into());
    }
    let endpoint_id = body["id"].as_str().unwrap_or_default().to_string();
    println!(
        "{}",
        serde_json::json!({
            "ready": true,
            "endpoint": endpoint_id,
            "secret": body["secret"],
            "listen": local.to_string(),
            "forward_to": options.forward_to,
        })
    );
    eprintln!(
        "Ready: forwarding {} events to {}. Signing secret: {}",
        events.join(","),
        options.forward_to,
        body["secret"].as_str().unwrap_or("")
    );
    let forwarder = Arc::new(Forwarder {
        client: client.clone(),
        forward_to: options.forward_to.clone(),
    });
    let app = Router::new().fallback(post(forward)).with_state(forwarder);
    let served = axum::serve(listener, app).with_graceful_shutdown(async {
        let _ = tokio::signal::ctrl_c().await;
    });
    let result = served.await;
    let deleted = client
        .delete(format!("{base}/webhook_endpoints/{endpoint_id}"))
        .bearer_auth(&options.key)
        .send()
        .await;
    match deleted {
        Ok(r) if r.status().is_success() => {
            eprintln!("Deleted the temporary endpoint {endpoint_id}.")
        }
        _ => eprintln!(
            "Could not delete the temporary endpoint {endpoint_id}; delete it with DELETE /v1/webhook_endpoints/{endpoint_id}."
        ),
    }
    Ok(result?)
}

async fn forward(
    State(forwarder): State<Arc<Forwarder>>,
    headers: HeaderMap,
    body: Bytes,
) -> StatusCode {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("-")
            .to_string()
    };
    let mut request = forwarder.client.post(&forwarder.forward_to).body(body);
    for (name, value) in &headers {
        if !NOT_FORWARDED.contains(&name.as_str()) {
            request = request.header(name, value);
        }
    }
    let status = match request.send().await {
        Ok(response) => response.status().as_u16(),
        Err(_) => StatusCode::BAD_GATEWAY.as_u16(),
    };
    println!(
        "{} {} {} delivery={} attempt={} -> [{status}]",
        crate::clock::rfc3339(crate::clock::Clock::now_ms(&crate::clock::SystemClock)),
        header("service-event"),
        header("service-event-id"),
        header("service-delivery-id"),
        header("service-attempt"),
    );
    StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_GATEWAY)
}
