//! The component's only way out: `wasi:http` requests pass through [`HostHttp`], which
//! applies the [`Policy`] (narrowed by the call's [`Guard`]), adds the API key, clamps
//! time-outs, caps response bodies, and records every state-changing request that leaves
//! (for the audit trail and for knowing whether a lost call changed anything).

use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use http::{HeaderName, HeaderValue};
use http_body::{Body, Frame, SizeHint};
use http_body_util::{BodyExt, Full};
use wasmtime_wasi_http::{
    DEFAULT_FORBIDDEN_HEADERS, Error, ForbiddenHeaderFilter, RequestOptions, WasiBody, WasiHttpHooks,
};

use crate::config::ApiKey;
use crate::policy::{Kind, Policy};
use crate::pool::Pool;
use crate::redact::Redactor;

/// A state-changing request a person approved: exactly this may be sent, once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Approved {
    pub method: String,
    /// The full path and query, base prefix included.
    pub path: String,
    pub body: Option<Vec<u8>>,
}

/// What a call may send beyond the policy.
#[derive(Debug, Clone, Default)]
pub enum Guard {
    /// Whatever the policy allows.
    #[default]
    Policy,
    /// Reads only (a write being planned).
    ReadOnly,
    /// Reads, and of writes only these, each once (a confirmed write).
    Approved(Arc<Mutex<Vec<Approved>>>),
}

/// Whose identity a member's call carries in Ombi: the host sets `UserName` on every
/// request of the call itself, whatever the component set (DESIGN decision 13).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    /// The member's Ombi user name (validated against Ombi's user list).
    pub member: String,
    /// Another user the member may act as in this call (`as_user`), checked by the host:
    /// the member holds Ombi's Admin or PowerUser role and the name is a real user.
    pub also: Option<String>,
}

impl Identity {
    /// The `UserName` a request goes out with: the component's when it is the member or
    /// the one other user allowed, else the member's.
    pub fn user_for(&self, asked: Option<&str>) -> String {
        match (asked, &self.also) {
            (Some(a), Some(also)) if a.eq_ignore_ascii_case(also) => also.clone(),
            _ => self.member.clone(),
        }
    }
}

/// A state-changing request that left the host.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SentWrite {
    pub method: String,
    pub path: String,
    /// The `UserName` it acted as, if any.
    pub user: Option<String>,
    /// The HTTP status that came back; `None` when no answer came.
    pub status: Option<u16>,
    /// False when the connection could not even be made (nothing reached Ombi).
    pub reached: bool,
}

/// The writes of one call, shared between the hooks and the caller.
pub type WriteLog = Arc<Mutex<Vec<SentWrite>>>;

/// Largest request body a write may send (settings sections are the biggest).
const MAX_WRITE_BODY: usize = 4 * 1024 * 1024;

/// Headers the component may never set: credentials are the host's business.
const GUEST_FORBIDDEN: &[&str] = &["apikey", "useraccesstoken", "authorization", "proxy-authorization", "cookie"];

/// Response bodies may exceed the component's own read budget by this much before the host
/// cuts them (the component stops reading at its budget first).
const CAP_SLACK: u64 = 1024 * 1024;

/// The per-store HTTP hooks.
pub struct HostHttp {
    pub policy: Arc<Policy>,
    /// Keep-alive connections to Ombi, shared by every call.
    pub pool: Arc<Pool>,
    pub api_key: Option<ApiKey>,
    pub timeout: Duration,
    pub body_cap: u64,
    pub guard: Guard,
    pub writes: WriteLog,
    /// The member whose identity every request of this call carries (hosted mode).
    pub identity: Option<Identity>,
    /// The routes the calling tool declared: nothing else leaves.
    pub routes: Arc<crate::routes::ToolRoutes>,
}

impl HostHttp {
    pub fn new(
        policy: Arc<Policy>,
        pool: Arc<Pool>,
        api_key: Option<ApiKey>,
        timeout: Duration,
        max_response_bytes: u64,
    ) -> Self {
        HostHttp {
            policy,
            pool,
            api_key,
            timeout,
            body_cap: max_response_bytes.saturating_add(CAP_SLACK),
            guard: Guard::Policy,
            writes: Arc::default(),
            identity: None,
            routes: Arc::default(),
        }
    }
}

/// What `send_request` returns: the response and its I/O driver, or an error.
type Sending = Box<
    dyn Future<Output = Result<(http::Response<WasiBody>, Box<dyn Future<Output = Result<(), Error>> + Send>), Error>>
        + Send,
>;

fn denied() -> Sending {
    Box::new(async { Err(Error::HttpRequestDenied) })
}

/// Whether an error means the request never reached Ombi.
fn unreached(e: &Error) -> bool {
    matches!(
        e,
        Error::Connect(_)
            | Error::Tls(_)
            | Error::DnsTimeout
            | Error::DnsError { .. }
            | Error::DestinationNotFound
            | Error::DestinationUnavailable
            | Error::DestinationIpProhibited
            | Error::DestinationIpUnroutable
            | Error::ConnectionRefused
            | Error::ConnectionTimeout
            | Error::TlsProtocolError
            | Error::TlsCertificateError
            | Error::TlsAlertReceived { .. }
            | Error::HttpRequestDenied
    )
}

/// Every time-out no longer than `max`; an absent one becomes `max`.
pub fn clamp(options: Option<RequestOptions>, max: Duration) -> RequestOptions {
    let o = options.unwrap_or_default();
    let c = |d: Option<Duration>| Some(d.map_or(max, |d| d.min(max)));
    RequestOptions {
        connect_timeout: c(o.connect_timeout),
        first_byte_timeout: c(o.first_byte_timeout),
        between_bytes_timeout: c(o.between_bytes_timeout),
    }
}

impl WasiHttpHooks for HostHttp {
    fn forbidden_header_filter(&mut self) -> ForbiddenHeaderFilter {
        Arc::new(|name: &HeaderName| {
            DEFAULT_FORBIDDEN_HEADERS.contains(name) || GUEST_FORBIDDEN.contains(&name.as_str())
        })
    }

    fn send_request(
        &mut self,
        mut request: http::Request<WasiBody>,
        options: Option<RequestOptions>,
        fut: Box<dyn Future<Output = Result<(), Error>> + Send>,
    ) -> Sending {
        drop(fut);
        let method = request.method().clone();
        let path = request.uri().path_and_query().map(|p| p.as_str().to_string()).unwrap_or_default();
        let writes_ok = !matches!(self.guard, Guard::ReadOnly);
        let kind = match self.policy.check_with(&method, request.uri(), writes_ok, &self.routes) {
            Ok(k) => k,
            Err(denial) => {
                tracing::warn!(%method, path = %request.uri().path(), %denial, "request denied by the HTTP policy");
                return denied();
            }
        };
        let headers = request.headers_mut();
        // Ombi mishandles an empty UserName (API catalogue §1.3): never send one.
        if headers.get("username").is_some_and(|v| v.as_bytes().iter().all(u8::is_ascii_whitespace)) {
            tracing::warn!(%method, %path, "request with an empty UserName denied");
            return denied();
        }
        // A member's call is that member in Ombi, on every request: the host decides.
        if let Some(identity) = &self.identity {
            let asked = headers.get("username").and_then(|v| v.to_str().ok());
            let user = identity.user_for(asked);
            match HeaderValue::from_str(&user) {
                Ok(v) => {
                    headers.insert(HeaderName::from_static("username"), v);
                }
                Err(_) => return denied(),
            }
        }
        let user = headers.get("username").and_then(|v| v.to_str().ok()).map(str::to_string);
        if let Some(key) = &self.api_key
            && let Ok(mut value) = HeaderValue::from_str(key.expose())
        {
            value.set_sensitive(true);
            headers.insert(HeaderName::from_static("apikey"), value);
        }
        let options = clamp(options, self.timeout);
        let cap = self.body_cap;
        let guard = self.guard.clone();
        let log = self.writes.clone();
        let key = self.api_key.clone();
        let pool = self.pool.clone();
        tracing::debug!(%method, %path, "forwarding request to Ombi");
        Box::new(async move {
            let request = if kind == Kind::Write {
                // A write's body is read whole (it is small) so it can be checked against
                // what a person approved, and recorded as sent.
                let (parts, body) = request.into_parts();
                let bytes = http_body_util::Limited::new(body, MAX_WRITE_BODY)
                    .collect()
                    .await
                    .map_err(|_| Error::HttpRequestBodySize(None))?
                    .to_bytes();
                if let Guard::Approved(list) = &guard {
                    let mut list = list.lock().expect("approved list");
                    let body = (!bytes.is_empty()).then(|| bytes.to_vec());
                    let hit = list.iter().position(|a| a.method == method.as_str() && a.path == path && a.body == body);
                    match hit {
                        Some(i) => {
                            list.remove(i);
                        }
                        None => {
                            tracing::warn!(%method, %path, "a write that was not the one confirmed was denied");
                            return Err(Error::HttpRequestDenied);
                        }
                    }
                }
                log.lock().expect("write log").push(SentWrite {
                    method: method.to_string(),
                    path: path.clone(),
                    user,
                    status: None,
                    reached: true,
                });
                http::Request::from_parts(parts, Full::new(bytes).map_err(|never| match never {}).boxed_unsync())
            } else {
                request
            };
            let sent = pool.send(request, options).await.map(|r| (r, ()));
            if kind == Kind::Write
                && let Some(last) = log.lock().expect("write log").iter_mut().rev().find(|w| w.path == path)
            {
                match &sent {
                    Ok((resp, _)) => last.status = Some(resp.status().as_u16()),
                    Err(e) => last.reached = !unreached(e),
                }
            }
            let (mut response, ()) = sent?;
            // The key never enters the sandbox: not in a header, not in the body or its
            // trailers, in any spelling (removed as the body streams in, across chunk
            // boundaries, before any cut can split it).
            if let Some(k) = &key {
                scrub_headers(response.headers_mut(), k.redactor());
            }
            let response = response.map(|body| {
                let capped = Capped { inner: body.boxed_unsync(), left: cap }.boxed_unsync();
                match &key {
                    Some(k) => Scrubbed::new(capped, k.redactor().clone()).boxed_unsync(),
                    None => capped,
                }
            });
            // The connection is driven by the pool, not by this request.
            let io = async { Ok(()) };
            Ok((response, Box::new(io) as Box<dyn Future<Output = Result<(), Error>> + Send>))
        })
    }
}

pub use crate::redact::REDACTED;

/// `bytes` with every spelling of the key replaced by [`REDACTED`].
pub fn scrub_bytes(bytes: &[u8], key: &Redactor) -> Vec<u8> {
    key.scrub_in(bytes).into_owned()
}

/// Removes the key from response headers or trailers: a header whose name spells it is
/// dropped, a value that holds it has it replaced.
pub fn scrub_headers(headers: &mut http::HeaderMap, key: &Redactor) {
    let named: Vec<HeaderName> =
        headers.keys().filter(|n| key.spellings().find(n.as_str().as_bytes(), 0).is_some()).cloned().collect();
    for name in named {
        headers.remove(&name);
    }
    for value in headers.values_mut() {
        let bytes = value.as_bytes();
        if key.spellings().find(bytes, 0).is_some() {
            *value =
                HeaderValue::from_bytes(&scrub_bytes(bytes, key)).unwrap_or(HeaderValue::from_static("[redacted]"));
        }
    }
}

/// A response body with the API key removed as it streams, in any spelling: the end of
/// each chunk that may begin the key is held back until the next chunk shows whether it
/// does.
pub struct Scrubbed {
    inner: WasiBody,
    key: Arc<Redactor>,
    held: Vec<u8>,
    /// Trailers that wait for the held-back end of the body to go first.
    trailers: Option<http::HeaderMap>,
    done: bool,
}

impl Scrubbed {
    pub fn new(inner: WasiBody, key: Arc<Redactor>) -> Scrubbed {
        Scrubbed { inner, key, held: Vec::new(), trailers: None, done: false }
    }

    /// Scrubs `held` + `chunk`; returns what is safe to emit, keeping a possible key prefix.
    /// A chunk without the key after nothing held is passed on uncopied, less the end that
    /// may start the key.
    fn feed(&mut self, chunk: Bytes, last: bool) -> Bytes {
        let spellings = self.key.spellings();
        if self.held.is_empty() && spellings.find(&chunk, 0).is_none() {
            let emit_to = if last { chunk.len() } else { spellings.partial_from(&chunk, 0) };
            self.held.extend_from_slice(&chunk[emit_to..]);
            return chunk.slice(..emit_to);
        }
        self.held.extend_from_slice(&chunk);
        let mut out = Vec::with_capacity(self.held.len());
        let mut i = 0;
        while let Some((at, end)) = spellings.find(&self.held, i) {
            out.extend_from_slice(&self.held[i..at]);
            out.extend_from_slice(REDACTED);
            i = end;
        }
        let emit_to = if last { self.held.len() } else { spellings.partial_from(&self.held, i) };
        out.extend_from_slice(&self.held[i..emit_to]);
        self.held.drain(..emit_to);
        Bytes::from(out)
    }
}

impl Body for Scrubbed {
    type Data = Bytes;
    type Error = Error;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Error>>> {
        let this = &mut *self;
        if let Some(trailers) = this.trailers.take() {
            return Poll::Ready(Some(Ok(Frame::trailers(trailers))));
        }
        if this.done {
            return Poll::Ready(None);
        }
        loop {
            match Pin::new(&mut this.inner).poll_frame(cx) {
                Poll::Ready(Some(Ok(frame))) => match frame.into_data() {
                    Ok(data) => {
                        let out = this.feed(data, false);
                        if !out.is_empty() {
                            return Poll::Ready(Some(Ok(Frame::data(out))));
                        }
                    }
                    Err(frame) => {
                        // Trailers come after the last data: what was held back goes first.
                        let Ok(mut trailers) = frame.into_trailers() else { continue };
                        scrub_headers(&mut trailers, &this.key);
                        let rest = this.feed(Bytes::new(), true);
                        if !rest.is_empty() {
                            this.trailers = Some(trailers);
                            return Poll::Ready(Some(Ok(Frame::data(rest))));
                        }
                        return Poll::Ready(Some(Ok(Frame::trailers(trailers))));
                    }
                },
                Poll::Ready(None) => {
                    this.done = true;
                    let out = this.feed(Bytes::new(), true);
                    return Poll::Ready(if out.is_empty() { None } else { Some(Ok(Frame::data(out))) });
                }
                other => return other,
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.done && self.trailers.is_none()
    }
}

/// A response body that fails once more than `left` bytes have come.
struct Capped {
    inner: WasiBody,
    left: u64,
}

impl Body for Capped {
    type Data = Bytes;
    type Error = Error;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Error>>> {
        let this = &mut *self;
        match Pin::new(&mut this.inner).poll_frame(cx) {
            Poll::Ready(Some(Ok(frame))) => {
                if let Some(data) = frame.data_ref() {
                    let n = data.len() as u64;
                    if n > this.left {
                        this.left = 0;
                        return Poll::Ready(Some(Err(Error::HttpResponseBodySize(None))));
                    }
                    this.left -= n;
                }
                Poll::Ready(Some(Ok(frame)))
            }
            other => other,
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use http_body_util::Full;

    fn search(key: &str) -> Arc<Redactor> {
        Arc::new(Redactor::new(key))
    }

    /// `body` sent in chunks of `cut` bytes through the scrub.
    async fn scrubbed(body: &str, cut: usize, key: &str) -> String {
        use http_body_util::StreamBody;
        let chunks: Vec<Result<Frame<Bytes>, Error>> =
            body.as_bytes().chunks(cut).map(|c| Ok(Frame::data(Bytes::copy_from_slice(c)))).collect();
        let body = StreamBody::new(futures_stream(chunks)).boxed_unsync();
        let out = Scrubbed::new(body, search(key)).collect().await.ok().unwrap().to_bytes();
        String::from_utf8(out.to_vec()).unwrap()
    }

    #[tokio::test]
    async fn the_key_is_removed_in_every_json_spelling_wherever_chunks_end() {
        let key = "5c3c0b6f9e2d4a7b8c1d0e9f8a7b6c5d";
        let spell =
            |how: &dyn Fn(usize, u8) -> String| -> String { key.bytes().enumerate().map(|(i, b)| how(i, b)).collect() };
        let spellings = [
            spell(&|_, b| format!("\\u{b:04x}")),
            spell(&|_, b| format!("\\u{:04X}", b.to_ascii_uppercase())),
            spell(&|i, b| if i % 2 == 1 { format!("\\u{b:04x}") } else { (b as char).to_string() }),
            spell(&|i, b| if i == 31 { format!("\\u{b:04X}") } else { (b as char).to_ascii_uppercase().to_string() }),
            spell(&|i, b| if i % 3 == 0 { format!("%{b:02X}") } else { (b as char).to_string() }),
        ];
        for spelled in &spellings {
            let body = format!(r#"{{"overview":"before {spelled} after","n":"\u0041 \n % 5c3c"}}"#);
            let want = body.replace(spelled.as_str(), "[redacted]");
            assert!(!want.contains(spelled.as_str()));
            for cut in 1..body.len() {
                assert_eq!(scrubbed(&body, cut, key).await, want, "chunks of {cut}: {spelled}");
            }
            // What the component would parse holds no trace of the key.
            let parsed: serde_json::Value = serde_json::from_str(&want).unwrap();
            assert!(!parsed.to_string().to_lowercase().contains(&key[..8]));
        }
    }

    #[tokio::test]
    async fn headers_and_trailers_lose_the_key() {
        let key = "5c3c0b6f9e2d4a7b8c1d0e9f8a7b6c5d";
        let escaped: String = key.bytes().map(|b| format!("\\u{b:04x}")).collect();
        let mut h = http::HeaderMap::new();
        h.insert("x-echo", HeaderValue::from_str(&format!("k={escaped}")).unwrap());
        h.insert("x-plain", HeaderValue::from_str(&key.to_uppercase()).unwrap());
        h.insert(HeaderName::from_bytes(format!("x-{key}").as_bytes()).unwrap(), HeaderValue::from_static("1"));
        h.insert("x-fine", HeaderValue::from_static("ok"));
        scrub_headers(&mut h, &search(key));
        assert_eq!(h.get("x-echo").unwrap(), "k=[redacted]");
        assert_eq!(h.get("x-plain").unwrap(), "[redacted]");
        assert_eq!(h.get("x-fine").unwrap(), "ok");
        assert_eq!(h.len(), 3, "the header named by the key is gone");
        // Trailers of a chunked body, after a body whose end was held back.
        use http_body_util::StreamBody;
        let mut trailers = http::HeaderMap::new();
        trailers.insert("x-t", HeaderValue::from_str(key).unwrap());
        let frames: Vec<Result<Frame<Bytes>, Error>> =
            vec![Ok(Frame::data(Bytes::from_static(b"end 5c3c"))), Ok(Frame::trailers(trailers))];
        let body = StreamBody::new(futures_stream(frames)).boxed_unsync();
        let collected = Scrubbed::new(body, search(key)).collect().await.ok().unwrap();
        assert_eq!(collected.trailers().unwrap().get("x-t").unwrap(), "[redacted]");
        assert_eq!(&collected.to_bytes()[..], b"end 5c3c");
    }

    #[test]
    fn time_outs_are_clamped() {
        let max = Duration::from_secs(30);
        let o = clamp(None, max);
        assert_eq!(o.connect_timeout, Some(max));
        let o = clamp(
            Some(RequestOptions {
                connect_timeout: Some(Duration::from_secs(600)),
                first_byte_timeout: Some(Duration::from_secs(5)),
                between_bytes_timeout: None,
            }),
            max,
        );
        assert_eq!(o.connect_timeout, Some(max));
        assert_eq!(o.first_byte_timeout, Some(Duration::from_secs(5)));
        assert_eq!(o.between_bytes_timeout, Some(max));
    }

    #[test]
    fn guest_cannot_set_credentials() {
        let mut hooks = HostHttp::new(
            Arc::new(Policy::new(crate::config::OmbiUrl::parse("http://x").unwrap(), false)),
            Pool::new(Vec::new(), true),
            None,
            Duration::from_secs(1),
            10,
        );
        let filter = hooks.forbidden_header_filter();
        assert!(filter(&HeaderName::from_static("apikey")));
        assert!(filter(&HeaderName::from_static("authorization")));
        assert!(!filter(&HeaderName::from_static("username")));
        assert!(!filter(&HeaderName::from_static("accept")));
    }

    #[tokio::test]
    async fn the_key_is_removed_across_chunk_boundaries() {
        use http_body_util::StreamBody;
        let key = "0123456789abcdef0123456789ABCDEF";
        let text = format!("before {} middle {} after", key, key.to_lowercase());
        for cut in 1..text.len() {
            let chunks: Vec<Result<Frame<Bytes>, Error>> =
                text.as_bytes().chunks(cut).map(|c| Ok(Frame::data(Bytes::copy_from_slice(c)))).collect();
            let body = StreamBody::new(futures_stream(chunks)).boxed_unsync();
            let out = Scrubbed::new(body, search(key)).collect().await.ok().unwrap().to_bytes();
            assert_eq!(out, "before [redacted] middle [redacted] after".as_bytes(), "chunks of {cut}");
        }
        assert_eq!(scrub_bytes(b"x0123456789ABCDEF0123456789abcdefy", &search(key)), b"x[redacted]y");
        // Beginnings of the key that do not go on to be the key are kept, wherever chunks end.
        let text = format!("0123 a 0123456789abc! b {key} c 01234567 {key}0{key}x 0123");
        let want = text.replace(key, "[redacted]");
        for cut in 1..text.len() {
            let chunks: Vec<Result<Frame<Bytes>, Error>> =
                text.as_bytes().chunks(cut).map(|c| Ok(Frame::data(Bytes::copy_from_slice(c)))).collect();
            let body = StreamBody::new(futures_stream(chunks)).boxed_unsync();
            let out = Scrubbed::new(body, search(key)).collect().await.ok().unwrap().to_bytes();
            assert_eq!(out, want.as_bytes(), "chunks of {cut}");
        }
    }

    #[test]
    fn chunks_without_the_key_are_passed_on_uncopied() {
        let key = "0123456789abcdef0123456789ABCDEF";
        let empty = || http_body_util::Empty::new().map_err(|never| match never {}).boxed_unsync();
        let mut s = Scrubbed::new(empty(), search(key));
        let chunk = Bytes::from_static(b"no key in here at all");
        let out = s.feed(chunk.clone(), false);
        assert_eq!((out.as_ptr(), out.len()), (chunk.as_ptr(), chunk.len()));
        // A possible start of the key is held back until the next chunk says.
        let out = s.feed(Bytes::from_static(b"ends with 0123"), false);
        assert_eq!(&out[..], b"ends with ");
        assert_eq!(&s.feed(Bytes::from_static(b"x"), true)[..], b"0123x");
    }

    fn futures_stream(
        items: Vec<Result<Frame<Bytes>, Error>>,
    ) -> impl futures_core::Stream<Item = Result<Frame<Bytes>, Error>> {
        struct Iter(std::vec::IntoIter<Result<Frame<Bytes>, Error>>);
        impl futures_core::Stream for Iter {
            type Item = Result<Frame<Bytes>, Error>;
            fn poll_next(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Self::Item>> {
                Poll::Ready(self.0.next())
            }
        }
        Iter(items.into_iter())
    }

    #[tokio::test]
    async fn bodies_over_the_cap_fail() {
        let body = Full::new(Bytes::from(vec![b'x'; 100])).map_err(|never| match never {}).boxed_unsync();
        let capped = Capped { inner: body, left: 50 };
        assert!(matches!(capped.collect().await, Err(Error::HttpResponseBodySize(_))));
        let body = Full::new(Bytes::from(vec![b'x'; 10])).map_err(|never| match never {}).boxed_unsync();
        let capped = Capped { inner: body, left: 50 };
        assert_eq!(capped.collect().await.ok().unwrap().to_bytes().len(), 10);
    }
}
