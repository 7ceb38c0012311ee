//! Per-connection read deadlines, as Go's `ReadHeaderTimeout` and
//! `IdleTimeout`: a client has `header` to send a request's line and headers
//! (from the connection's start, or from the first byte of a keep-alive
//! request), and a keep-alive connection may wait `idle` for its next request.
//! Past the deadline the stream fails with `TimedOut` and hyper closes it.
//!
//! hyper's own `header_read_timeout` cannot do both: it starts as soon as hyper
//! waits for a request head, so on a keep-alive connection it is also the idle
//! timeout (10 s of idle would break connection reuse behind load balancers).
//!
//! While a request is being served there is no deadline here: its body has
//! one (`net::body`), and the handlers are the gateway's own code. A client
//! that does not read its response is bounded too: once the response is
//! produced the connection waits for the next request, so a write that stays
//! blocked fails after `idle`.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

#[derive(Debug, Clone, Copy)]
pub struct Timeouts {
    pub header: Duration,
    pub idle: Duration,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Waiting for a request head since `since`; `started` once a byte of it
    /// has arrived.
    AwaitingHead {
        since: Instant,
        started: Option<Instant>,
    },
    /// A request head was read; its response is not produced yet.
    Serving,
}

impl Timeouts {
    /// When the connection is closed unless a request head is read first
    /// (`None`: no deadline, or one too far to represent).
    fn deadline(self, phase: Phase) -> Option<Instant> {
        match phase {
            Phase::AwaitingHead {
                started: Some(started),
                ..
            } => started.checked_add(self.header),
            Phase::AwaitingHead {
                since,
                started: None,
            } => since.checked_add(self.idle),
            Phase::Serving => None,
        }
    }
}

/// The connection's phase, shared by its stream and its service.
#[derive(Clone)]
pub struct Tracker(Arc<Mutex<Phase>>);

impl Tracker {
    /// A new connection: its first request head is due within the header
    /// timeout from now (a client that connects and sends nothing is slow, not
    /// idle).
    pub fn new() -> Tracker {
        let now = Instant::now();
        Tracker(Arc::new(Mutex::new(Phase::AwaitingHead {
            since: now,
            started: Some(now),
        })))
    }

    /// hyper has read a request head and calls the service.
    pub fn request_started(&self) {
        self.set(Phase::Serving);
    }

    /// The service produced its response: the connection now waits for the
    /// next request.
    pub fn response_ready(&self) {
        self.set(Phase::AwaitingHead {
            since: Instant::now(),
            started: None,
        });
    }

    fn bytes_arrived(&self) {
        let mut phase = self.lock();
        if let Phase::AwaitingHead {
            started: started @ None,
            ..
        } = &mut *phase
        {
            *started = Some(Instant::now());
        }
    }

    fn phase(&self) -> Phase {
        *self.lock()
    }

    fn set(&self, phase: Phase) {
        *self.lock() = phase;
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Phase> {
        // The lock only guards a plain copy: a poisoned one is still valid.
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A stream whose reads and writes fail once the tracker's deadline passes.
pub struct Deadlined<S> {
    inner: S,
    tracker: Tracker,
    timeouts: Timeouts,
    timer: Pin<Box<Sleep>>,
    /// The deadline `timer` is set to.
    armed: Instant,
}

impl<S> Deadlined<S> {
    pub fn new(inner: S, tracker: Tracker, timeouts: Timeouts) -> Deadlined<S> {
        // Armed for real on the first read that would block (`check`).
        let armed = Instant::now();
        Deadlined {
            inner,
            tracker,
            timeouts,
            timer: Box::pin(tokio::time::sleep_until(armed)),
            armed,
        }
    }

    /// Called when the stream would block: an error once the deadline has
    /// passed, otherwise arms the timer so the task wakes at the deadline.
    fn check(&mut self, cx: &mut Context<'_>) -> io::Result<()> {
        let Some(deadline) = self.timeouts.deadline(self.tracker.phase()) else {
            return Ok(());
        };
        if deadline != self.armed {
            self.timer.as_mut().reset(deadline);
            self.armed = deadline;
        }
        match self.timer.as_mut().poll(cx) {
            Poll::Ready(()) => Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client sent no complete request head in time",
            )),
            Poll::Pending => Ok(()),
        }
    }

    /// `Pending` unless the deadline has passed.
    fn blocked<T>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<T>> {
        match self.check(cx) {
            Ok(()) => Poll::Pending,
            Err(e) => Poll::Ready(Err(e)),
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Deadlined<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        match Pin::new(&mut this.inner).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                if buf.filled().len() > before {
                    this.tracker.bytes_arrived();
                }
                Poll::Ready(Ok(()))
            }
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending => this.blocked(cx),
        }
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Deadlined<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        match Pin::new(&mut this.inner).poll_write(cx, buf) {
            Poll::Pending => this.blocked(cx),
            ready => ready,
        }
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        match Pin::new(&mut this.inner).poll_write_vectored(cx, bufs) {
            Poll::Pending => this.blocked(cx),
            ready => ready,
        }
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        match Pin::new(&mut this.inner).poll_flush(cx) {
            Poll::Pending => this.blocked(cx),
            ready => ready,
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    const TIMEOUTS: Timeouts = Timeouts {
        header: Duration::from_secs(10),
        idle: Duration::from_secs(75),
    };

    #[test]
    fn the_deadline_follows_the_phase() {
        let t0 = Instant::now();
        let fresh = Phase::AwaitingHead {
            since: t0,
            started: Some(t0),
        };
        assert_eq!(TIMEOUTS.deadline(fresh), Some(t0 + TIMEOUTS.header));
        let idle = Phase::AwaitingHead {
            since: t0,
            started: None,
        };
        assert_eq!(TIMEOUTS.deadline(idle), Some(t0 + TIMEOUTS.idle));
        let t1 = t0 + Duration::from_secs(30);
        let next_head = Phase::AwaitingHead {
            since: t0,
            started: Some(t1),
        };
        assert_eq!(TIMEOUTS.deadline(next_head), Some(t1 + TIMEOUTS.header));
        assert_eq!(TIMEOUTS.deadline(Phase::Serving), None);
    }

    #[tokio::test(start_paused = true)]
    async fn a_slow_head_times_out_and_an_idle_connection_waits_longer() {
        let (client, server) = tokio::io::duplex(1024);
        let tracker = Tracker::new();
        let mut stream = Deadlined::new(server, tracker.clone(), TIMEOUTS);
        let mut buf = [0u8; 16];
        // A whole request arrives: served, then idle.
        let mut client = client;
        client.write_all(b"GET").await.expect("write");
        assert_eq!(stream.read(&mut buf).await.expect("read"), 3);
        tracker.request_started();
        tracker.response_ready();
        // Idle for 60 s (more than the header timeout): still open.
        let idle = tokio::time::timeout(Duration::from_secs(60), stream.read(&mut buf)).await;
        assert!(idle.is_err(), "still waiting: {idle:?}");
        // The next request's first bytes start the header clock.
        client.write_all(b"GE").await.expect("write");
        assert_eq!(stream.read(&mut buf).await.expect("read"), 2);
        let started = Instant::now();
        let e = stream.read(&mut buf).await.expect_err("the head is late");
        assert_eq!(e.kind(), io::ErrorKind::TimedOut);
        assert!(
            started.elapsed() >= TIMEOUTS.header,
            "{:?}",
            started.elapsed()
        );
        assert!(started.elapsed() < TIMEOUTS.idle, "{:?}", started.elapsed());
    }

    #[tokio::test(start_paused = true)]
    async fn an_idle_connection_closes_after_the_idle_timeout() {
        let (_client, server) = tokio::io::duplex(1024);
        let tracker = Tracker::new();
        let mut stream = Deadlined::new(server, tracker.clone(), TIMEOUTS);
        tracker.request_started();
        tracker.response_ready();
        let started = Instant::now();
        let mut buf = [0u8; 16];
        let e = stream.read(&mut buf).await.expect_err("idle too long");
        assert_eq!(e.kind(), io::ErrorKind::TimedOut);
        let waited = started.elapsed();
        assert!(
            waited >= TIMEOUTS.idle && waited < TIMEOUTS.idle + TIMEOUTS.header,
            "{waited:?}"
        );
    }
}
