//! The TLS settings of every outbound HTTPS client (webhook deliveries in
//! both modes, the live rails' connectors): made once per process and shared.
//!
//! Each client that reqwest builds on its own loads the system's root
//! certificates again (145 files here, 4–15 ms each); the gateway built three
//! before its ready line, so start-up paid for three loads of the same roots
//! (issue 49: ready within 50 ms). One verifier, made at the first client,
//! serves them all.

use std::sync::{Arc, OnceLock};

/// The shared client settings: rustls with the process's crypto provider
/// (ring, installed at start) and the platform's verifier of server
/// certificates, as reqwest makes by default. HTTP/1.1 only, as the
/// clients, so no ALPN is offered.
pub fn client_config() -> Result<rustls::ClientConfig, String> {
    static CONFIG: OnceLock<Result<rustls::ClientConfig, String>> = OnceLock::new();
    CONFIG.get_or_init(make).clone()
}

fn make() -> Result<rustls::ClientConfig, String> {
    let provider = rustls::crypto::CryptoProvider::get_default()
        .cloned()
        .unwrap_or_else(|| Arc::new(rustls::crypto::ring::default_provider()));
    let verifier = rustls_platform_verifier::Verifier::new(provider.clone())
        .map_err(|e| format!("the system's root certificates: {e}"))?;
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| format!("TLS versions: {e}"))?
        .dangerous()
        .with_custom_certificate_verifier(Arc::new(verifier))
        .with_no_client_auth();
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shared_settings_are_made_once_and_offer_no_alpn() {
        let first = client_config().expect("tls settings");
        let again = client_config().expect("tls settings");
        assert!(first.alpn_protocols.is_empty() && again.alpn_protocols.is_empty());
        // reqwest takes them as its own.
        reqwest::Client::builder()
            .tls_backend_preconfigured(first)
            .build()
            .expect("a client on the shared settings");
    }
}
