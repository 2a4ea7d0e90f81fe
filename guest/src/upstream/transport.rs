//! The one file that touches `wasi:http`: sends an [`ApiRequest`] and reads the answer
//! within the byte budget and the per-request deadline (headers and body together).
//!
//! The API key is not set here: the host adds it to every request it lets through. Only a
//! host that cannot inject headers may pass `OMBI_API_KEY` in the component's environment
//! instead (a lower-trust mode: the component then holds the key).

use super::url::BaseUrl;
use super::{ApiRequest, Method, RawResponse, TransportError, Upstream};
use crate::bindings::wasi::clocks::monotonic_clock;
use crate::bindings::wasi::http::outgoing_handler;
use crate::bindings::wasi::http::types::{
    ErrorCode, Fields, HeaderError, Method as WasiMethod, OutgoingBody, OutgoingRequest, Scheme,
};
use crate::bindings::wasi::io::poll::{self, Pollable};
use crate::bindings::wasi::io::streams::StreamError;
use crate::stages::{self, Stage};

/// Bytes read from the body stream per call.
const CHUNK: u64 = 64 * 1024;
/// At most this much is set aside up front for a body of announced length (a header that
/// lies costs no more than this).
const PRESIZE_MAX: usize = 4 * 1024 * 1024;

/// `wasi:http` transport to the configured Ombi.
pub struct WasiHttp {
    base: BaseUrl,
    timeout_ns: u64,
    max_bytes: usize,
}

impl WasiHttp {
    pub fn new(base: BaseUrl, timeout_ms: u32, max_bytes: u64) -> Self {
        WasiHttp {
            base,
            timeout_ns: u64::from(timeout_ms.max(1)) * 1_000_000,
            max_bytes: usize::try_from(max_bytes).unwrap_or(usize::MAX),
        }
    }
}

impl Upstream for WasiHttp {
    // Every `wasi:http` call, resource drops included, crosses into the host, so this makes
    // as few as the exchange needs: the headers in one list, no body for a bodiless request,
    // no request options (the deadline below bounds every phase, and the host applies time-outs
    // of its own), the deadline as one timer for the whole exchange.
    fn send(&mut self, req: &ApiRequest) -> Result<RawResponse, TransportError> {
        let request = stages::span(Stage::Request);
        let timer = monotonic_clock::subscribe_duration(self.timeout_ns);
        let mut entries: Vec<(String, Vec<u8>)> = Vec::with_capacity(5);
        entries.push(("Accept".into(), b"application/json".to_vec()));
        if let Some(body) = &req.body {
            entries.push(("Content-Type".into(), b"application/json".to_vec()));
            entries.push(("Content-Length".into(), body.len().to_string().into_bytes()));
        }
        if let Some(user) = &req.user {
            entries.push(("UserName".into(), user.as_bytes().to_vec()));
        }
        if let Ok(key) = std::env::var("OMBI_API_KEY") {
            entries.push(("ApiKey".into(), key.into_bytes()));
        }
        let headers = Fields::from_list(&entries).map_err(|e| refused_header(&entries, &e))?;
        let out = OutgoingRequest::new(headers);
        let invalid = |what: &str| TransportError::Broken(format!("invalid request {what}"));
        let method = match req.method {
            // A new request's method is GET already.
            Method::Get => None,
            Method::Post => Some(WasiMethod::Post),
            Method::Put => Some(WasiMethod::Put),
            Method::Delete => Some(WasiMethod::Delete),
        };
        if let Some(method) = method {
            out.set_method(&method).map_err(|_| invalid("method"))?;
        }
        let scheme = if self.base.https { Scheme::Https } else { Scheme::Http };
        out.set_scheme(Some(&scheme)).map_err(|_| invalid("scheme"))?;
        out.set_authority(Some(&self.base.authority)).map_err(|_| invalid("authority"))?;
        out.set_path_with_query(Some(&self.base.full_path(&req.path))).map_err(|_| invalid("path"))?;

        // A request whose body is never taken is sent with an empty one.
        let body = match &req.body {
            Some(_) => Some(out.body().map_err(|_| invalid("body"))?),
            None => None,
        };
        let future = outgoing_handler::handle(out, None).map_err(|c| map_code(&c))?;
        if let (Some(body), Some(bytes)) = (body, &req.body) {
            let stream = body.write().map_err(|_| invalid("body stream"))?;
            for chunk in bytes.chunks(4096) {
                stream
                    .blocking_write_and_flush(chunk)
                    .map_err(|e| TransportError::Broken(format!("sending the body failed: {e:?}")))?;
            }
            drop(stream);
            OutgoingBody::finish(body, None).map_err(|c| map_code(&c))?;
        }

        drop(request);
        let answer = stages::span(Stage::Answer);
        // One pollable per thing waited on, shared by every wait. A response is never ready
        // the moment it is asked for, so the first look is a wait.
        let answered = future.subscribe();
        let response = loop {
            wait(&answered, &timer)?;
            match future.get() {
                Some(Ok(Ok(r))) => break r,
                Some(Ok(Err(code))) => return Err(map_code(&code)),
                Some(Err(())) => {
                    return Err(TransportError::Broken("the response was already taken".into()));
                }
                None => {}
            }
        };
        let status = response.status();
        let fields = response.headers();
        let header = |name: &str| fields.get(name).into_iter().next().map(|v| String::from_utf8_lossy(&v).into_owned());
        let content_type = header("content-type");
        // Only a refusal can ask to come back later.
        let retry_after = if status >= 400 { header("retry-after") } else { None };
        // Room for the whole body at once when Ombi says how long it is (within the budget).
        let expected = header("content-length").and_then(|v| v.trim().parse::<usize>().ok()).unwrap_or(0);
        drop(fields);

        drop(answer);
        let _body = stages::span(Stage::Body);
        let incoming = response.consume().map_err(|_| TransportError::Broken("the body was already taken".into()))?;
        let stream =
            incoming.stream().map_err(|_| TransportError::Broken("the body stream was already taken".into()))?;
        let readable = stream.subscribe();
        // The beginning the caller does not need is passed over in the host: it never
        // crosses into this memory. Only for a body of announced length within the budget,
        // so a long body is still cut where the budget says.
        let mut skipped = 0;
        if let Some(keep) = req.keep_last
            && expected > keep
            && expected <= self.max_bytes
        {
            let front = expected - keep;
            while skipped < front {
                match stream.skip((front - skipped) as u64) {
                    Ok(0) => wait(&readable, &timer)?,
                    Ok(n) => skipped += (n as usize).min(front - skipped),
                    Err(StreamError::Closed) => break,
                    Err(StreamError::LastOperationFailed(e)) => return Err(broke_off(skipped, &e)),
                }
            }
        }
        let rest = expected - skipped;
        // Set aside on the first chunk: a body that comes whole in it is kept as it came,
        // not copied (a copy costs the copying and, once the call ends, the reset of every
        // page it wrote).
        let mut buf = Vec::new();
        let mut over_budget = false;
        loop {
            match stream.read(CHUNK) {
                Ok(chunk) if chunk.is_empty() => wait(&readable, &timer)?,
                Ok(chunk) => {
                    if buf.capacity() == 0 && chunk.len() >= rest {
                        buf = chunk;
                    } else {
                        if buf.capacity() == 0 {
                            buf.reserve(rest.min(self.max_bytes.saturating_add(1)).min(PRESIZE_MAX));
                        }
                        buf.extend_from_slice(&chunk);
                    }
                    if buf.len() > self.max_bytes {
                        buf.truncate(self.max_bytes);
                        over_budget = true;
                        break;
                    }
                }
                Err(StreamError::Closed) => break,
                Err(StreamError::LastOperationFailed(e)) => return Err(broke_off(skipped + buf.len(), &e)),
            }
        }
        // Dropped in order, children first; the trailers are never read, so the body is
        // dropped rather than finished.
        drop(readable);
        drop(stream);
        drop(incoming);
        Ok(RawResponse { status, content_type, retry_after, body: buf, over_budget, skipped })
    }
}

/// The body stream failed after `after` bytes.
fn broke_off(after: usize, e: &crate::bindings::wasi::io::error::Error) -> TransportError {
    TransportError::Broken(format!("the body broke off after {after} bytes: {}", e.to_debug_string()))
}

/// Names the header `Fields::from_list` refused (it says only why).
fn refused_header(entries: &[(String, Vec<u8>)], error: &HeaderError) -> TransportError {
    let name = entries
        .iter()
        .find(|e| Fields::from_list(std::slice::from_ref(*e)).is_err())
        .map_or("?", |(name, _)| name.as_str());
    TransportError::Broken(format!("header {name} refused: {error:?}"))
}

/// Blocks until `ready` fires or `deadline` (a timer) passes: a time-out after sending.
fn wait(ready: &Pollable, deadline: &Pollable) -> Result<(), TransportError> {
    let fired = poll::poll(&[ready, deadline]);
    if fired.contains(&0) { Ok(()) } else { Err(TransportError::Timeout { sent: true }) }
}

/// Classifies a `wasi:http` error by whether the request can have reached Ombi.
fn map_code(code: &ErrorCode) -> TransportError {
    match code {
        ErrorCode::HttpRequestDenied => TransportError::Denied,
        ErrorCode::DnsTimeout
        | ErrorCode::DnsError(_)
        | ErrorCode::DestinationNotFound
        | ErrorCode::DestinationUnavailable
        | ErrorCode::DestinationIpProhibited
        | ErrorCode::DestinationIpUnroutable
        | ErrorCode::ConnectionRefused
        | ErrorCode::ConnectionTimeout
        | ErrorCode::ConnectionLimitReached
        | ErrorCode::TlsProtocolError
        | ErrorCode::TlsCertificateError
        | ErrorCode::TlsAlertReceived(_) => TransportError::Unreachable(format!("{code:?}")),
        ErrorCode::HttpResponseTimeout | ErrorCode::ConnectionReadTimeout | ErrorCode::ConnectionWriteTimeout => {
            TransportError::Timeout { sent: true }
        }
        other => TransportError::Broken(format!("{other:?}")),
    }
}
