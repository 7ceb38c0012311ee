//! The accept loop: takes connections within the caps of [`Admission`],
//! serves each with hyper's HTTP/1.1 under the read deadlines of
//! [`deadline`](super::deadline), and on shutdown stops accepting and lets the
//! open requests finish (at most [`SHUTDOWN_GRACE`]).
//!
//! It replaces `axum::serve`, which accepts without limit and reads request
//! heads without a deadline.

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::TokioIo;
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tower::ServiceExt;

use super::admission::{Admission, Refusal};
use super::deadline::{Deadlined, Timeouts, Tracker};
use super::{READ_BUFFER_BYTES_MAX, SHUTDOWN_GRACE};
use crate::error::{ApiError, Code};

/// How long the loop pauses after an accept error other than one
/// connection's (EMFILE, ENFILE, ENOBUFS): retrying at once would spin.
const ACCEPT_ERROR_PAUSE: Duration = Duration::from_millis(100);

/// Connections the kernel queues before the loop accepts them. The standard
/// library's (and tokio's) 128 overflows in a burst of new clients, and the
/// kernel then drops their SYNs, which they resend only after a second. The
/// kernel lowers it to `net.core.somaxconn`.
const LISTEN_BACKLOG: u32 = 1024;

/// Binds the listening socket, with [`LISTEN_BACKLOG`].
pub fn bind(address: SocketAddr) -> io::Result<TcpListener> {
    let socket = if address.is_ipv4() {
        TcpSocket::new_v4()?
    } else {
        TcpSocket::new_v6()?
    };
    // As `TcpListener::bind`: a restart can listen again at once.
    #[cfg(unix)]
    socket.set_reuseaddr(true)?;
    socket.bind(address)?;
    socket.listen(LISTEN_BACKLOG)
}

/// Serves `app` on `listener` until `shutdown` resolves, then waits for the
/// open connections (at most [`SHUTDOWN_GRACE`]).
pub async fn serve(
    listener: TcpListener,
    app: Router,
    admission: Arc<Admission>,
    timeouts: Timeouts,
    shutdown: impl Future<Output = ()>,
) {
    let mut http = http1::Builder::new();
    http.keep_alive(true)
        .max_buf_size(READ_BUFFER_BYTES_MAX)
        // The head deadline is `Deadlined`'s (see `net::deadline` for why).
        .header_read_timeout(None);
    let graceful = GracefulShutdown::new();
    let refused = AtomicU64::new(0);
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            biased;
            () = &mut shutdown => break,
            accepted = listener.accept() => accepted,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(e) if is_connection_error(&e) => continue,
            Err(e) => {
                tracing::error!(error = %e, "accept failed");
                tokio::select! {
                    () = &mut shutdown => break,
                    () = tokio::time::sleep(ACCEPT_ERROR_PAUSE) => continue,
                }
            }
        };
        let slot = match admission.admit(peer.ip()) {
            Ok(slot) => slot,
            Err(refusal) => {
                refuse(stream, refusal, &admission);
                let n = refused.fetch_add(1, Ordering::Relaxed) + 1;
                // A flood of refusals logs 1, 2, 4, 8... lines, not one each.
                if n.is_power_of_two() {
                    tracing::warn!(
                        %peer,
                        reason = ?refusal,
                        max_connections = admission.max(),
                        max_connections_per_address = admission.per_address(),
                        refused_so_far = n,
                        "connection refused: at the connection limit"
                    );
                }
                continue;
            }
        };
        let tracker = Tracker::new();
        let io = TokioIo::new(Deadlined::new(stream, tracker.clone(), timeouts));
        let service = hyper::service::service_fn({
            let app = app.clone();
            move |mut request: hyper::Request<Incoming>| {
                tracker.request_started();
                // What `into_make_service_with_connect_info` gave: the gate
                // and handlers read the client address from it.
                request.extensions_mut().insert(ConnectInfo(peer));
                let answer = app.clone().oneshot(request.map(axum::body::Body::new));
                let tracker = tracker.clone();
                async move {
                    let response = answer.await;
                    tracker.response_ready();
                    response
                }
            }
        });
        let connection = graceful.watch(http.serve_connection(io, service));
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                // Timeouts, resets and malformed requests: the client's doing.
                tracing::debug!(%peer, error = %e, "connection ended with an error");
            }
            drop(slot);
        });
    }
    // Closing the listener makes the kernel refuse new connections.
    drop(listener);
    if tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!(
            grace_secs = SHUTDOWN_GRACE.as_secs(),
            "connections still open after the shutdown grace; closing them"
        );
    }
}

/// Errors of one connection that the kernel already dropped: accept the next.
fn is_connection_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

/// Turns a connection away at once: one non-blocking write of a complete 503
/// (which never waits on the client), then close. A client that already sent
/// its request may see a reset instead of the answer; either way it is not
/// left waiting.
fn refuse(stream: TcpStream, refusal: Refusal, admission: &Admission) {
    let message = match refusal {
        Refusal::Full => format!(
            "the gateway holds its most connections ({}); retry shortly",
            admission.max()
        ),
        Refusal::AddressFull => format!(
            "this client address holds its most connections ({}); reuse keep-alive connections or retry shortly",
            admission.per_address()
        ),
    };
    let body = ApiError::new(Code::Overloaded, message).body_bytes();
    let mut response = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         content-length: {}\r\nretry-after: 1\r\nconnection: close\r\n\r\n",
        body.len()
    )
    .into_bytes();
    response.extend_from_slice(&body);
    // Read what the client already sent, so closing sends FIN rather than RST.
    let mut sent = [0u8; 4096];
    let _ = stream.try_read(&mut sent);
    let _ = stream.try_write(&response);
}
