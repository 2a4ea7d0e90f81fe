//! Keep-alive connections to Ombi, shared across calls: HTTP/1.1 over TCP, or over TLS with
//! one client configuration for the process (so TLS sessions are resumed). A connection goes
//! back to the pool only once its response body was read to the end; one whose body was
//! abandoned is closed. A request is retried on a fresh connection only when a pooled one
//! turned out closed before the request was sent (hyper hands the unsent request back), so a
//! write is never sent twice.
//!
//! This replaces `wasmtime_wasi_http::default_send_request`, which opens a new connection (and
//! TLS handshake) per request; the time-outs have the same meaning: connect (TCP, TLS and
//! HTTP handshake), first byte, between bytes.

use std::collections::VecDeque;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, ready};
use std::time::{Duration, Instant};

use bytes::Bytes;
use http::uri::Scheme;
use http_body::{Body, Frame, SizeHint};
use http_body_util::BodyExt;
use hyper::client::conn::http1::{self, SendRequest};
use rustls::pki_types::{CertificateDer, ServerName};
use tokio::net::TcpStream;
use wasmtime_wasi_http::io::TokioIo;
use wasmtime_wasi_http::{Error, RequestOptions, WasiBody};

/// At most this many idle connections are kept.
const MAX_IDLE: usize = 16;
/// An idle connection older than this is closed rather than reused (below the keep-alive
/// time-outs of Kestrel, 130 s, and of common reverse proxies, 60–75 s).
const IDLE_FOR: Duration = Duration::from_secs(30);

struct Idle {
    key: Arc<str>,
    sender: SendRequest<WasiBody>,
    since: Instant,
}

/// Connection counts, for benchmarks and tests.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    pub opened: u64,
    pub reused: u64,
}

/// The pool of keep-alive connections.
pub struct Pool {
    tls: Arc<rustls::ClientConfig>,
    /// Whether connections go back to the pool at all (`OMBI_KEEP_ALIVE`).
    keep_alive: bool,
    idle: Mutex<VecDeque<Idle>>,
    opened: AtomicU64,
    reused: AtomicU64,
}

/// Where a request goes: the pool key, `host:port`, and the TLS server name if HTTPS.
struct Target {
    key: Arc<str>,
    authority: String,
    tls: Option<ServerName<'static>>,
}

fn target(uri: &http::Uri) -> Result<Target, Error> {
    let authority = uri.authority().ok_or(Error::HttpRequestUriInvalid)?;
    let use_tls = uri.scheme() == Some(&Scheme::HTTPS);
    let port = authority.port_u16().unwrap_or(if use_tls { 443 } else { 80 });
    let host = authority.host();
    let authority = format!("{host}:{port}");
    let tls = if use_tls {
        let bare = host.trim_start_matches('[').trim_end_matches(']');
        let name = match bare.parse::<std::net::IpAddr>() {
            Ok(ip) => ServerName::from(ip),
            Err(_) => ServerName::try_from(bare.to_string()).map_err(|_| Error::HttpRequestUriInvalid)?,
        };
        Some(name)
    } else {
        None
    };
    let key: Arc<str> = format!("{}://{authority}", if use_tls { "https" } else { "http" }).into();
    Ok(Target { key, authority, tls })
}

impl Pool {
    /// A pool trusting the public web roots and `extra_roots` (a private CA, say); with
    /// `keep_alive` false every request gets a connection of its own.
    pub fn new(extra_roots: Vec<CertificateDer<'static>>, keep_alive: bool) -> Arc<Pool> {
        let mut roots = rustls::RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.into() };
        for cert in extra_roots {
            if let Err(e) = roots.add(cert) {
                tracing::warn!(error = %e, "ignoring an unusable CA certificate");
            }
        }
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let tls = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .expect("the ring provider supports the default versions")
            .with_root_certificates(roots)
            .with_no_client_auth();
        Arc::new(Pool {
            tls: Arc::new(tls),
            keep_alive,
            idle: Mutex::new(VecDeque::new()),
            opened: AtomicU64::new(0),
            reused: AtomicU64::new(0),
        })
    }

    /// Connections opened and reused so far.
    pub fn stats(&self) -> Stats {
        Stats { opened: self.opened.load(Ordering::Relaxed), reused: self.reused.load(Ordering::Relaxed) }
    }

    /// Sends `req` on a pooled connection (or a new one) with the time-outs of `options`.
    pub async fn send(
        self: &Arc<Self>,
        mut req: http::Request<WasiBody>,
        options: RequestOptions,
    ) -> Result<http::Response<WasiBody>, Error> {
        let far = Duration::from_secs(600);
        let connect_timeout = options.connect_timeout.unwrap_or(far);
        let first_byte = options.first_byte_timeout.unwrap_or(far);
        let between_bytes = options.between_bytes_timeout.unwrap_or(far).max(Duration::from_nanos(1));
        let target = target(req.uri())?;
        // HTTP/1.1 needs a Host header (the component's requests carry one already; the
        // host's own, to Ombi or an identity provider, get theirs here).
        if !req.headers().contains_key(http::header::HOST)
            && let Some(a) = req.uri().authority()
            && let Ok(v) = http::HeaderValue::from_str(a.as_str())
        {
            req.headers_mut().insert(http::header::HOST, v);
        }
        // On the wire the request line carries only the path and query.
        let path = req.uri().path_and_query().map(|p| p.as_str()).unwrap_or("/");
        *req.uri_mut() = http::Uri::builder().path_and_query(path).build().map_err(|_| Error::HttpRequestUriInvalid)?;
        loop {
            let (mut sender, reused) = match self.take(&target.key).await {
                Some(s) => (s, true),
                None => (self.connect(&target, connect_timeout).await?, false),
            };
            let sent = tokio::time::timeout(first_byte, sender.try_send_request(req)).await;
            match sent {
                Err(_) => return Err(Error::ConnectionReadTimeout),
                Ok(Ok(response)) => {
                    let mut interval = tokio::time::interval(between_bytes);
                    interval.reset();
                    let pool = self.clone();
                    let key = target.key.clone();
                    return Ok(response.map(|incoming| {
                        Pooled { incoming, interval, back: Some((pool, key, sender)) }.boxed_unsync()
                    }));
                }
                Ok(Err(mut e)) => match e.take_message() {
                    // A pooled connection the server had closed: the request never left.
                    Some(unsent) if reused => {
                        tracing::debug!(error = %e.error(), "a kept-alive connection was closed; reconnecting");
                        req = unsent;
                    }
                    _ => return Err(Error::from(e.into_error())),
                },
            }
        }
    }

    /// An idle, open connection to `key`, if one is ready.
    async fn take(&self, key: &str) -> Option<SendRequest<WasiBody>> {
        loop {
            let idle = {
                let mut list = self.idle.lock().expect("pool");
                let at = list.iter().position(|i| &*i.key == key)?;
                list.remove(at)?
            };
            if idle.since.elapsed() > IDLE_FOR || idle.sender.is_closed() {
                continue;
            }
            let mut sender = idle.sender;
            // Ready at once unless the connection has closed meanwhile.
            if tokio::time::timeout(Duration::from_millis(50), sender.ready()).await.is_ok_and(|r| r.is_ok()) {
                self.reused.fetch_add(1, Ordering::Relaxed);
                return Some(sender);
            }
        }
    }

    /// Returns a connection whose response was read to the end.
    fn put(&self, key: Arc<str>, sender: SendRequest<WasiBody>) {
        if !self.keep_alive || sender.is_closed() {
            return;
        }
        let mut list = self.idle.lock().expect("pool");
        list.retain(|i| i.since.elapsed() <= IDLE_FOR && !i.sender.is_closed());
        if list.len() < MAX_IDLE {
            list.push_back(Idle { key, sender, since: Instant::now() });
        }
    }

    async fn connect(&self, target: &Target, timeout: Duration) -> Result<SendRequest<WasiBody>, Error> {
        let connected = tokio::time::timeout(timeout, async {
            let tcp = TcpStream::connect(&target.authority).await.map_err(Error::Connect)?;
            let _ = tcp.set_nodelay(true);
            match &target.tls {
                None => handshake(tcp).await,
                Some(name) => {
                    let connector = tokio_rustls::TlsConnector::from(self.tls.clone());
                    let tls = connector.connect(name.clone(), tcp).await.map_err(Error::Tls)?;
                    handshake(tls).await
                }
            }
        })
        .await
        .map_err(|_| Error::ConnectionTimeout)??;
        let n = self.opened.fetch_add(1, Ordering::Relaxed) + 1;
        tracing::debug!(origin = %target.key, opened = n, "opened a connection to Ombi");
        Ok(connected)
    }
}

/// The HTTP/1.1 handshake; the connection is driven by a task of its own.
async fn handshake<S>(stream: S) -> Result<SendRequest<WasiBody>, Error>
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Send + Unpin + 'static,
{
    let (sender, conn) = http1::Builder::new().handshake(TokioIo::new(stream)).await?;
    tokio::spawn(async move {
        if let Err(e) = conn.await {
            tracing::debug!(error = %e, "a connection to Ombi ended with an error");
        }
    });
    Ok(sender)
}

/// A response body that enforces the between-bytes time-out and gives its connection back to
/// the pool when read to the end.
struct Pooled {
    incoming: hyper::body::Incoming,
    interval: tokio::time::Interval,
    back: Option<(Arc<Pool>, Arc<str>, SendRequest<WasiBody>)>,
}

impl Pooled {
    /// The body was read to the end: its connection may carry the next request.
    fn give_back(&mut self) {
        if let Some((pool, key, sender)) = self.back.take() {
            pool.put(key, sender);
        }
    }
}

impl Drop for Pooled {
    fn drop(&mut self) {
        // An empty or fully read body frees its connection even if nobody polled the end.
        if self.incoming.is_end_stream() {
            self.give_back();
        }
    }
}

impl Body for Pooled {
    type Data = Bytes;
    type Error = Error;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Error>>> {
        match Pin::new(&mut self.incoming).poll_frame(cx) {
            Poll::Ready(None) => {
                self.give_back();
                Poll::Ready(None)
            }
            Poll::Ready(Some(Err(e))) => {
                self.back = None;
                let e = if e.is_timeout() { Error::HttpResponseTimeout } else { Error::from(e) };
                Poll::Ready(Some(Err(e)))
            }
            Poll::Ready(Some(Ok(frame))) => {
                self.interval.reset();
                // A reader may stop at the last frame without polling for the end.
                if self.incoming.is_end_stream() {
                    self.give_back();
                }
                Poll::Ready(Some(Ok(frame)))
            }
            Poll::Pending => {
                ready!(self.interval.poll_tick(cx));
                self.back = None;
                Poll::Ready(Some(Err(Error::ConnectionReadTimeout)))
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.incoming.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.incoming.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use http_body_util::Empty;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpListener;

    fn get(url: &str) -> http::Request<WasiBody> {
        http::Request::get(url).body(Empty::new().map_err(|never| match never {}).boxed_unsync()).unwrap()
    }

    /// A server answering every request on a connection with `body`, closing each connection
    /// after `per_connection` answers; returns its address and a count of accepted connections.
    async fn server(per_connection: usize, body: &'static str) -> (String, Arc<AtomicU64>) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap().to_string();
        let accepted = Arc::new(AtomicU64::new(0));
        let count = accepted.clone();
        tokio::spawn(async move {
            loop {
                let (mut sock, _) = listener.accept().await.unwrap();
                count.fetch_add(1, Ordering::Relaxed);
                tokio::spawn(async move {
                    let mut buf = vec![0u8; 8192];
                    for _ in 0..per_connection {
                        let mut got = Vec::new();
                        while !got.windows(4).any(|w| w == b"\r\n\r\n") {
                            let n = sock.read(&mut buf).await.unwrap_or(0);
                            if n == 0 {
                                return;
                            }
                            got.extend_from_slice(&buf[..n]);
                        }
                        let reply = format!("HTTP/1.1 200 OK\r\ncontent-length: {}\r\n\r\n{body}", body.len());
                        if sock.write_all(reply.as_bytes()).await.is_err() {
                            return;
                        }
                    }
                });
            }
        });
        (addr, accepted)
    }

    async fn read_all(pool: &Arc<Pool>, url: &str) -> Result<String, Error> {
        let opts = RequestOptions { connect_timeout: None, first_byte_timeout: None, between_bytes_timeout: None };
        let resp = pool.send(get(url), opts).await?;
        let bytes = resp.into_body().collect().await?.to_bytes();
        Ok(String::from_utf8(bytes.to_vec()).unwrap())
    }

    #[tokio::test]
    async fn connections_are_reused_after_a_body_is_read() {
        let (addr, accepted) = server(1000, "hello").await;
        let pool = Pool::new(Vec::new(), true);
        for _ in 0..5 {
            assert_eq!(read_all(&pool, &format!("http://{addr}/api/v1/Status")).await.unwrap(), "hello");
        }
        assert_eq!(accepted.load(Ordering::Relaxed), 1);
        assert_eq!(pool.stats(), Stats { opened: 1, reused: 4 });
    }

    #[tokio::test]
    async fn a_closed_connection_is_replaced_and_the_request_still_goes() {
        // The server closes each connection after one answer.
        let (addr, accepted) = server(1, "again").await;
        let pool = Pool::new(Vec::new(), true);
        for _ in 0..3 {
            assert_eq!(read_all(&pool, &format!("http://{addr}/x")).await.unwrap(), "again");
        }
        assert_eq!(accepted.load(Ordering::Relaxed), 3);
    }

    #[tokio::test]
    async fn an_abandoned_body_closes_its_connection() {
        let (addr, accepted) = server(1000, "a long body that nobody reads").await;
        let pool = Pool::new(Vec::new(), true);
        let opts = RequestOptions { connect_timeout: None, first_byte_timeout: None, between_bytes_timeout: None };
        let resp = pool.send(get(&format!("http://{addr}/x")), opts).await.unwrap();
        drop(resp);
        assert_eq!(read_all(&pool, &format!("http://{addr}/x")).await.unwrap(), "a long body that nobody reads");
        assert_eq!(accepted.load(Ordering::Relaxed), 2);
    }

    #[tokio::test]
    async fn without_keep_alive_every_request_connects() {
        let (addr, accepted) = server(1000, "x").await;
        let pool = Pool::new(Vec::new(), false);
        for _ in 0..3 {
            read_all(&pool, &format!("http://{addr}/x")).await.unwrap();
        }
        assert_eq!(accepted.load(Ordering::Relaxed), 3);
    }
}
