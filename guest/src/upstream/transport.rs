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
    ErrorCode, Fields, IncomingBody, Method as WasiMethod, OutgoingBody, OutgoingRequest, RequestOptions, Scheme,
};
use crate::bindings::wasi::io::poll::{self, Pollable};
use crate::bindings::wasi::io::streams::StreamError;

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
    fn send(&mut self, req: &ApiRequest) -> Result<RawResponse, TransportError> {
        let deadline = monotonic_clock::now().saturating_add(self.timeout_ns);
        let headers = Fields::new();
        let add = |name: &str, value: &[u8]| {
            headers.append(name, value).map_err(|e| TransportError::Broken(format!("header {name} refused: {e:?}")))
        };
        add("Accept", b"application/json")?;
        if let Some(body) = &req.body {
            add("Content-Type", b"application/json")?;
            add("Content-Length", body.len().to_string().as_bytes())?;
        }
        if let Some(user) = &req.user {
            add("UserName", user.as_bytes())?;
        }
        if let Ok(key) = std::env::var("OMBI_API_KEY") {
            add("ApiKey", key.as_bytes())?;
        }
        let out = OutgoingRequest::new(headers);
        let method = match req.method {
            Method::Get => WasiMethod::Get,
            Method::Post => WasiMethod::Post,
            Method::Put => WasiMethod::Put,
            Method::Delete => WasiMethod::Delete,
        };
        let invalid = |what: &str| TransportError::Broken(format!("invalid request {what}"));
        out.set_method(&method).map_err(|_| invalid("method"))?;
        let scheme = if self.base.https { Scheme::Https } else { Scheme::Http };
        out.set_scheme(Some(&scheme)).map_err(|_| invalid("scheme"))?;
        out.set_authority(Some(&self.base.authority)).map_err(|_| invalid("authority"))?;
        out.set_path_with_query(Some(&self.base.full_path(&req.path))).map_err(|_| invalid("path"))?;

        let options = RequestOptions::new();
        // Each phase gets the whole remaining budget; the deadline below bounds the sum.
        let _ = options.set_connect_timeout(Some(self.timeout_ns));
        let _ = options.set_first_byte_timeout(Some(self.timeout_ns));
        let _ = options.set_between_bytes_timeout(Some(self.timeout_ns));

        let body = out.body().map_err(|_| invalid("body"))?;
        let future = outgoing_handler::handle(out, Some(options)).map_err(|c| map_code(&c))?;
        if let Some(bytes) = &req.body {
            let stream = body.write().map_err(|_| invalid("body stream"))?;
            for chunk in bytes.chunks(4096) {
                stream
                    .blocking_write_and_flush(chunk)
                    .map_err(|e| TransportError::Broken(format!("sending the body failed: {e:?}")))?;
            }
            drop(stream);
        }
        OutgoingBody::finish(body, None).map_err(|c| map_code(&c))?;

        // One timer for the request's deadline and one pollable per thing waited on, made
        // once and shared by every wait (not two new resources for each).
        let timer = monotonic_clock::subscribe_instant(deadline);
        let answered = future.subscribe();
        let response = loop {
            match future.get() {
                Some(Ok(Ok(r))) => break r,
                Some(Ok(Err(code))) => return Err(map_code(&code)),
                Some(Err(())) => {
                    return Err(TransportError::Broken("the response was already taken".into()));
                }
                None => wait(&answered, &timer)?,
            }
        };
        let status = response.status();
        let fields = response.headers();
        let header = |name: &str| fields.get(name).into_iter().next().map(|v| String::from_utf8_lossy(&v).into_owned());
        let content_type = header("content-type");
        let retry_after = header("retry-after");
        // Room for the whole body at once when Ombi says how long it is (within the budget).
        let expected = header("content-length").and_then(|v| v.trim().parse::<usize>().ok()).unwrap_or(0);
        drop(fields);

        let incoming = response.consume().map_err(|_| TransportError::Broken("the body was already taken".into()))?;
        let stream =
            incoming.stream().map_err(|_| TransportError::Broken("the body stream was already taken".into()))?;
        let mut buf = Vec::with_capacity(expected.min(self.max_bytes.saturating_add(1)).min(PRESIZE_MAX));
        let mut over_budget = false;
        let readable = stream.subscribe();
        loop {
            match stream.read(CHUNK) {
                Ok(chunk) if chunk.is_empty() => wait(&readable, &timer)?,
                Ok(chunk) => {
                    buf.extend_from_slice(&chunk);
                    if buf.len() > self.max_bytes {
                        buf.truncate(self.max_bytes);
                        over_budget = true;
                        break;
                    }
                }
                Err(StreamError::Closed) => break,
                Err(StreamError::LastOperationFailed(e)) => {
                    return Err(TransportError::Broken(format!(
                        "the body broke off after {} bytes: {}",
                        buf.len(),
                        e.to_debug_string()
                    )));
                }
            }
        }
        drop(readable);
        drop(stream);
        drop(IncomingBody::finish(incoming));
        Ok(RawResponse { status, content_type, retry_after, body: buf, over_budget })
    }
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
