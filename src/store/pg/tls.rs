//! TLS to PostgreSQL, with rustls (the gateway's one TLS stack), named in
//! the store URL as libpq names it:
//!
//! | `sslmode=` | the connection |
//! |---|---|
//! | `disable` (the default without `sslmode`) | plain TCP |
//! | `prefer` | TLS when the server offers it, its certificate unchecked; else plain |
//! | `require` | TLS or no connection; the certificate unchecked (as libpq without a root file) |
//! | `verify-ca` | TLS, the server's chain checked against `sslrootcert=FILE` (PEM) |
//! | `verify-full` | as `verify-ca`, and the certificate names the host connected to |
//!
//! The driver knows only `disable`, `prefer` and `require`: [`Settings::of`]
//! takes `sslmode` and `sslrootcert` out of the URL and keeps the checks
//! here, in the connector.

use std::sync::Arc;

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{CertificateError, DigitallySignedStruct, Error, RootCertStore, SignatureScheme};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio_postgres::config::SslMode;
use tokio_postgres::tls::{ChannelBinding, MakeTlsConnect, TlsConnect, TlsStream};

use super::super::StoreError;

/// How a URL asks its connections to be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    Disable,
    /// Encrypted, the certificate not checked (`prefer`, `require`).
    Unchecked,
    /// The chain, not the name (`verify-ca`).
    Chain,
    /// The chain and the host's name (`verify-full`).
    Full,
}

/// A store URL's TLS settings, and the URL as the driver may parse it.
pub struct Settings {
    pub url: String,
    pub mode: SslMode,
    pub check: Check,
    pub root: Option<String>,
}

impl Settings {
    /// Splits `url`'s `sslmode` and `sslrootcert` from the rest.
    pub fn of(url: &str, shown: &str) -> Result<Settings, StoreError> {
        let bad = |what: String| StoreError::Engine(format!("{shown}: {what}"));
        let (one_host, hosts) = super::hosts_hidden(url);
        let mut parsed =
            url::Url::parse(&one_host).map_err(|e| bad(format!("not a PostgreSQL URL: {e}")))?;
        let (mut mode, mut root) = (None, None);
        let kept: Vec<(String, String)> = parsed
            .query_pairs()
            .filter_map(|(key, value)| match key.as_ref() {
                "sslmode" => {
                    mode = Some(value.into_owned());
                    None
                }
                "sslrootcert" => {
                    root = Some(value.into_owned());
                    None
                }
                _ => Some((key.into_owned(), value.into_owned())),
            })
            .collect();
        if kept.is_empty() {
            parsed.set_query(None);
        } else {
            parsed.query_pairs_mut().clear().extend_pairs(kept);
        }
        let (mode, check) = match mode.as_deref().unwrap_or("disable") {
            "disable" => (SslMode::Disable, Check::Disable),
            "prefer" | "allow" => (SslMode::Prefer, Check::Unchecked),
            "require" => (SslMode::Require, Check::Unchecked),
            "verify-ca" => (SslMode::Require, Check::Chain),
            "verify-full" => (SslMode::Require, Check::Full),
            other => {
                return Err(bad(format!(
                    "sslmode={other} is not one of disable, prefer, require, verify-ca, verify-full"
                )));
            }
        };
        if matches!(check, Check::Chain | Check::Full) && root.is_none() {
            return Err(bad(
                "sslmode=verify-ca and verify-full need sslrootcert=FILE (the CA's PEM)".into(),
            ));
        }
        Ok(Settings {
            url: super::hosts_shown(parsed.to_string(), hosts.as_deref()),
            mode,
            check,
            root,
        })
    }

    /// The connector for these settings (`None`: plain TCP).
    pub fn connector(&self) -> Result<Option<Rustls>, StoreError> {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let verifier: Arc<dyn ServerCertVerifier> = match (&self.check, &self.root) {
            (Check::Disable, _) => return Ok(None),
            (Check::Unchecked, _) => Arc::new(Unchecked(provider.clone())),
            (check, Some(root)) => {
                let mut roots = RootCertStore::empty();
                let certificates = CertificateDer::pem_file_iter(root)
                    .map_err(|e| StoreError::Engine(format!("sslrootcert {root}: {e}")))?;
                for certificate in certificates {
                    let certificate = certificate
                        .map_err(|e| StoreError::Engine(format!("sslrootcert {root}: {e}")))?;
                    roots
                        .add(certificate)
                        .map_err(|e| StoreError::Engine(format!("sslrootcert {root}: {e}")))?;
                }
                let chain = rustls::client::WebPkiServerVerifier::builder_with_provider(
                    Arc::new(roots),
                    provider.clone(),
                )
                .build()
                .map_err(|e| StoreError::Engine(format!("sslrootcert {root}: {e}")))?;
                if *check == Check::Full {
                    chain
                } else {
                    Arc::new(ChainOnly(chain))
                }
            }
            (_, None) => return Err(StoreError::Engine("sslrootcert is missing".into())),
        };
        let config = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| StoreError::Engine(format!("TLS: {e}")))?
            .dangerous()
            .with_custom_certificate_verifier(verifier)
            .with_no_client_auth();
        Ok(Some(Rustls(Arc::new(config))))
    }
}

/// `require`: encrypted, whoever the server is (libpq's meaning without a
/// root file); the handshake's signatures are still checked.
#[derive(Debug)]
struct Unchecked(Arc<CryptoProvider>);

impl ServerCertVerifier for Unchecked {
    fn verify_server_cert(
        &self,
        _: &CertificateDer<'_>,
        _: &[CertificateDer<'_>],
        _: &ServerName<'_>,
        _: &[u8],
        _: UnixTime,
    ) -> Result<ServerCertVerified, Error> {
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, Error> {
        rustls::crypto::verify_tls12_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, Error> {
        rustls::crypto::verify_tls13_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}

/// `verify-ca`: the chain to the root file, whatever name the certificate gives.
#[derive(Debug)]
struct ChainOnly(Arc<rustls::client::WebPkiServerVerifier>);

impl ServerCertVerifier for ChainOnly {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, Error> {
        match self
            .0
            .verify_server_cert(end_entity, intermediates, server_name, ocsp, now)
        {
            Err(Error::InvalidCertificate(
                CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
            )) => Ok(ServerCertVerified::assertion()),
            other => other,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, Error> {
        self.0.verify_tls12_signature(message, cert, dss)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, Error> {
        self.0.verify_tls13_signature(message, cert, dss)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.supported_verify_schemes()
    }
}

/// The driver's TLS connector over rustls.
#[derive(Clone)]
pub struct Rustls(Arc<rustls::ClientConfig>);

pub struct Connect {
    config: Arc<rustls::ClientConfig>,
    name: ServerName<'static>,
}

impl<S> MakeTlsConnect<S> for Rustls
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    type Stream = Stream<S>;
    type TlsConnect = Connect;
    type Error = rustls::pki_types::InvalidDnsNameError;

    fn make_tls_connect(&mut self, domain: &str) -> Result<Connect, Self::Error> {
        Ok(Connect {
            config: self.0.clone(),
            name: ServerName::try_from(domain.to_string())?,
        })
    }
}

impl<S> TlsConnect<S> for Connect
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    type Stream = Stream<S>;
    type Error = std::io::Error;
    type Future =
        std::pin::Pin<Box<dyn std::future::Future<Output = std::io::Result<Stream<S>>> + Send>>;

    fn connect(self, stream: S) -> Self::Future {
        let connector = tokio_rustls::TlsConnector::from(self.config);
        Box::pin(async move {
            let tls = connector.connect(self.name, stream).await?;
            Ok(Stream(Box::new(tls)))
        })
    }
}

/// A TLS session to the server.
pub struct Stream<S>(Box<tokio_rustls::client::TlsStream<S>>);

impl<S: AsyncRead + AsyncWrite + Unpin> TlsStream for Stream<S> {
    fn channel_binding(&self) -> ChannelBinding {
        ChannelBinding::none()
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncRead for Stream<S> {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut *self.0).poll_read(cx, buf)
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncWrite for Stream<S> {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        std::pin::Pin::new(&mut *self.0).poll_write(cx, buf)
    }

    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut *self.0).poll_flush(cx)
    }

    fn poll_shutdown(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut *self.0).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sslmode_and_sslrootcert_leave_the_url_the_driver_reads() {
        let s = Settings::of(
            "postgres://u:p@db:5432/pay?sslmode=verify-full&sslrootcert=/ca.pem&application_name=x",
            "db",
        )
        .expect("settings");
        assert_eq!(s.url, "postgres://u:p@db:5432/pay?application_name=x");
        assert_eq!((s.check, s.root.as_deref()), (Check::Full, Some("/ca.pem")));
        assert!(matches!(s.mode, SslMode::Require));
        let plain = Settings::of("postgres://u@db/pay", "db").expect("plain");
        assert_eq!(plain.check, Check::Disable);
        assert!(Settings::of("postgres://u@db/pay?sslmode=verify-ca", "db").is_err());
        assert!(Settings::of("postgres://u@db/pay?sslmode=sometimes", "db").is_err());
    }

    #[test]
    fn a_primary_and_its_standby_stay_listed_for_the_driver() {
        let url = "postgres://u:p@10.0.0.1:5432,10.0.0.2:5433/pay?target_session_attrs=read-write&sslmode=require";
        let s = Settings::of(url, "db").expect("settings");
        assert_eq!(
            s.url,
            "postgres://u:p@10.0.0.1:5432,10.0.0.2:5433/pay?target_session_attrs=read-write"
        );
        assert!(matches!(s.mode, SslMode::Require));
        let parsed: tokio_postgres::Config = s.url.parse().expect("the driver reads it");
        assert_eq!(parsed.get_hosts().len(), 2);
        assert_eq!(parsed.get_ports(), &[5432, 5433]);
        assert_eq!(
            super::super::redacted(url),
            "postgres://u:********@10.0.0.1:5432,10.0.0.2:5433/pay?target_session_attrs=read-write&sslmode=require"
        );
    }
}
