//! Hosted mode: MCP Streamable HTTP at `/mcp` for a household, a thin edge over the same
//! transport-free [`Core`] as stdio. Each member has their own bearer token (stored hashed
//! in the tokens file) and their own Ombi identity, which the host forces on every upstream
//! request of their calls. Both eras share the endpoint: 2026-07-28 requests are stateless
//! (their headers checked against the body); 2025-11-25 clients get a sealed
//! `Mcp-Session-Id` any replica can verify, and confirmations as `elicitation/create` on
//! the SSE stream of the call's response. `/healthz` says the process serves, `/readyz`
//! that Ombi answers. SIGTERM drains: no new calls, in-flight calls finish (bounded).
//!
//! - [`settings`]: the environment; [`tokens`]: the tokens file; [`session`]: session ids;
//!   [`members`]: who a member is in Ombi; [`limits`]: per-member limits; [`headers`]: the
//!   header checks (pure).

pub mod b64;
pub mod headers;
pub mod jwt;
pub mod limits;
pub mod members;
pub mod oauth;
pub mod session;
pub mod settings;
pub mod tokens;

use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};
use tokio::sync::{Semaphore, mpsc};

use crate::config::Config;
use crate::mcp::asking::{Elicit, MAX_WAITING_CONFIRMATIONS, Pending, WorkSlot};
use crate::mcp::call::{Asker, Caller, Member, can_elicit_form};
use crate::mcp::core::{Core, RequestContext};
use crate::mcp::era::{self, Era};
use crate::mcp::jsonrpc::{self, INVALID_REQUEST, Incoming, METHOD_NOT_FOUND};
use crate::mcp::wire::{Outgoing, encode};
use crate::pool::Pool;

use self::limits::Limits;
use self::oauth::{OAuth, Rejected, WRITE_SCOPE};
use self::settings::Hosted;
use self::tokens::TokenStore;

/// The largest request body taken.
pub const MAX_BODY: usize = 4 * 1024 * 1024;
/// JSON-RPC code of a header that does not match the body (2026-07-28).
pub const HEADER_MISMATCH: i64 = -32020;

/// Everything a request handler shares.
struct App {
    core: Arc<Core>,
    hosted: Hosted,
    tokens: Option<TokenStore>,
    /// Sign-in with the household's identity provider (OAuth resource server), if set.
    oauth: Option<OAuth>,
    /// Seals 2025-11-25 session ids.
    session_key: [u8; 32],
    limits: Limits,
    /// Questions this replica asked clients, awaiting their answers.
    pending: Arc<Pending>,
    waiting: Arc<Semaphore>,
    config: Arc<Config>,
    pool: Arc<Pool>,
    draining: AtomicBool,
    in_flight: AtomicUsize,
}

/// Counts a request in flight for the drain.
struct Flight<'a>(&'a AtomicUsize);

impl<'a> Flight<'a> {
    fn new(c: &'a AtomicUsize) -> Flight<'a> {
        c.fetch_add(1, Ordering::AcqRel);
        Flight(c)
    }
}

impl Drop for Flight<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// What a hosted server is made of, before it binds.
pub struct Parts {
    pub core: Arc<Core>,
    pub config: Arc<Config>,
    pub pool: Arc<Pool>,
    pub hosted: Hosted,
    pub tokens: Option<TokenStore>,
    pub oauth: Option<OAuth>,
}

/// The key sessions and confirmation states are sealed with: the shared one, or a random
/// one for this process.
pub fn state_key(hosted: &Hosted) -> [u8; 32] {
    hosted.state_key.unwrap_or_else(crate::state_token::random_bytes)
}

/// Serves until SIGTERM (or Ctrl-C), then drains; returns once every call finished or the
/// drain time ran out.
pub async fn serve(parts: Parts, session_key: [u8; 32]) -> anyhow::Result<()> {
    let Parts { core, config, pool, hosted, tokens, oauth } = parts;
    let listener = tokio::net::TcpListener::bind(hosted.addr)
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", hosted.addr))?;
    let local = listener.local_addr()?;
    let drain = hosted.drain;
    let app = Arc::new(App {
        core,
        limits: Limits::new(hosted.in_flight, hosted.per_minute),
        hosted,
        tokens,
        oauth,
        session_key,
        pending: Arc::new(Pending::default()),
        waiting: Arc::new(Semaphore::new(MAX_WAITING_CONFIRMATIONS)),
        config,
        pool,
        draining: AtomicBool::new(false),
        in_flight: AtomicUsize::new(0),
    });
    tracing::info!(
        address = %local,
        members = app.tokens.as_ref().map(|t| t.path().display().to_string()).unwrap_or_else(|| "no tokens file".into()),
        sign_in = app.oauth.as_ref().map(|o| o.settings.issuer.clone()).unwrap_or_else(|| "off".into()),
        "ombi-mcp serving MCP Streamable HTTP at /mcp"
    );
    let router = axum::Router::new()
        .route("/mcp", post(post_mcp).get(not_allowed).delete(not_allowed))
        .route("/healthz", get(healthz))
        .route("/.well-known/oauth-protected-resource", get(resource_metadata))
        .route("/.well-known/oauth-protected-resource/{*rest}", get(resource_metadata))
        .route("/readyz", get(readyz))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        .with_state(app.clone());
    let stop = app.clone();
    let shutdown = async move {
        wait_for_stop().await;
        tracing::info!("stopping: no new calls; in-flight calls finish (up to {} s)", drain.as_secs());
        stop.draining.store(true, Ordering::Release);
    };
    let server = axum::serve(listener, router).with_graceful_shutdown(shutdown);
    let waiter = app.clone();
    tokio::select! {
        r = server => r?,
        () = async move {
            // Bounded: once draining, calls in flight have `drain` to finish.
            while !waiter.draining.load(Ordering::Acquire) {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            tokio::time::sleep(drain).await;
        } => tracing::warn!("calls still in flight when the drain time ran out"),
    }
    tracing::info!("stopped");
    Ok(())
}

async fn wait_for_stop() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut term = match signal(SignalKind::terminate()) {
            Ok(s) => s,
            Err(_) => return std::future::pending().await,
        };
        tokio::select! {
            _ = term.recv() => {}
            _ = tokio::signal::ctrl_c() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

async fn healthz() -> &'static str {
    "ok\n"
}

/// Ready when Ombi answers its status route.
async fn readyz(State(app): State<Arc<App>>) -> Response {
    use http_body_util::BodyExt as _;
    let uri = format!("{}/api/v1/Status", app.config.url.base_url());
    let empty = http_body_util::Empty::new().map_err(|never| match never {}).boxed_unsync();
    let mut req = http::Request::get(uri).header("accept", "application/json");
    if let Some(k) = &app.config.api_key {
        req = req.header("apikey", k.expose());
    }
    let Ok(req) = req.body(empty) else { return StatusCode::INTERNAL_SERVER_ERROR.into_response() };
    let options = crate::http::clamp(None, Duration::from_secs(5).min(app.config.request_timeout));
    match app.pool.send(req, options).await {
        Ok(r) if r.status().is_success() => (StatusCode::OK, "ready: Ombi answers\n").into_response(),
        Ok(r) => (StatusCode::SERVICE_UNAVAILABLE, format!("not ready: Ombi answered {}\n", r.status().as_u16()))
            .into_response(),
        Err(_) => (StatusCode::SERVICE_UNAVAILABLE, "not ready: Ombi does not answer\n").into_response(),
    }
}

/// GET and DELETE on `/mcp`: no standalone stream, no session termination.
async fn not_allowed() -> Response {
    let mut r = rpc_error(
        StatusCode::METHOD_NOT_ALLOWED,
        &Value::Null,
        INVALID_REQUEST,
        "Method Not Allowed: send JSON-RPC messages with POST",
    );
    r.headers_mut().insert(http::header::ALLOW, HeaderValue::from_static("POST"));
    r
}

/// An HTTP response carrying a JSON-RPC error.
fn rpc_error(status: StatusCode, id: &Value, code: i64, message: &str) -> Response {
    json_response(status, encode(&jsonrpc::error(id, code, message).into()))
}

fn json_response(status: StatusCode, body: Vec<u8>) -> Response {
    let mut r = (status, body).into_response();
    r.headers_mut().insert(http::header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    r
}

/// The protected resource metadata (RFC 9728), when sign-in is set up.
async fn resource_metadata(State(app): State<Arc<App>>) -> Response {
    match &app.oauth {
        Some(o) => json_response(StatusCode::OK, o.settings.metadata().to_string().into_bytes()),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// Who calls, once authenticated.
#[derive(Debug, Clone)]
struct Who {
    /// The Ombi user name.
    user: String,
    /// The token's id or `oauth:<sub>`: limits, sessions and the audit are keyed by it.
    credential: String,
    /// What a signed-in token grants; `None` for a member token (everything).
    scopes: Option<Vec<String>>,
}

/// The `WWW-Authenticate` challenge: where the resource metadata is, with sign-in.
fn challenge(app: &App, error: Option<&str>) -> HeaderValue {
    let mut v = String::from("Bearer realm=\"ombi-mcp\"");
    if let Some(o) = &app.oauth {
        v.push_str(&format!(", resource_metadata=\"{}\", scope=\"ombi:read ombi:write\"", o.settings.metadata_url()));
    }
    if let Some(e) = error {
        v.push_str(&format!(", error=\"{e}\""));
    }
    HeaderValue::from_str(&v).unwrap_or(HeaderValue::from_static("Bearer"))
}

/// 401 with the challenge a client needs.
fn unauthorized(app: &App, message: &str, error: Option<&str>) -> Response {
    let mut r = rpc_error(StatusCode::UNAUTHORIZED, &Value::Null, -32001, message);
    r.headers_mut().insert(http::header::WWW_AUTHENTICATE, challenge(app, error));
    r
}

/// Who calls: the member of a valid token or sign-in, nobody when neither is set up, or a
/// refusal.
async fn authenticate(app: &App, headers: &HeaderMap) -> Result<Option<Who>, Box<Response>> {
    if app.tokens.is_none() && app.oauth.is_none() {
        return Ok(None);
    }
    let Some(token) = headers::bearer(headers) else {
        return Err(Box::new(unauthorized(app, "Unauthorized: send your token as `Authorization: Bearer …`", None)));
    };
    if let Some(entry) = app.tokens.as_ref().and_then(|s| s.check(token)) {
        return Ok(Some(Who { user: entry.user, credential: entry.id, scopes: None }));
    }
    let Some(oauth) = &app.oauth else {
        return Err(Box::new(unauthorized(
            app,
            "Unauthorized: this token is not (or no longer) valid",
            Some("invalid_token"),
        )));
    };
    match oauth.sign_in(token).await {
        Ok(s) => Ok(Some(Who { user: s.user, credential: s.credential, scopes: Some(s.scopes) })),
        Err(Rejected::Invalid(why)) => {
            tracing::info!(%why, "an access token was refused");
            Err(Box::new(unauthorized(app, &format!("Unauthorized: {why}"), Some("invalid_token"))))
        }
        Err(Rejected::Unavailable(why)) => {
            tracing::warn!(%why, "the identity provider's keys could not be read");
            let mut r = rpc_error(
                StatusCode::SERVICE_UNAVAILABLE,
                &Value::Null,
                -32000,
                "The identity provider cannot be reached; try again shortly",
            );
            r.headers_mut().insert(http::header::RETRY_AFTER, HeaderValue::from_static("5"));
            Err(Box::new(r))
        }
    }
}

/// 403 for a signed-in token without the scope a write tool needs.
fn insufficient_scope(app: &App, id: &Value, tool: &str) -> Response {
    let message =
        format!("Forbidden: {tool} changes Ombi and needs the {WRITE_SCOPE} scope; sign in again granting it");
    let mut r = rpc_error(StatusCode::FORBIDDEN, id, -32001, &message);
    let mut v = format!("Bearer error=\"insufficient_scope\", scope=\"{WRITE_SCOPE}\"");
    if let Some(o) = &app.oauth {
        v.push_str(&format!(", resource_metadata=\"{}\"", o.settings.metadata_url()));
    }
    if let Ok(h) = HeaderValue::from_str(&v) {
        r.headers_mut().insert(http::header::WWW_AUTHENTICATE, h);
    }
    r
}

/// POST `/mcp`: one JSON-RPC message.
async fn post_mcp(State(app): State<Arc<App>>, headers: HeaderMap, body: Bytes) -> Response {
    let _flight = Flight::new(&app.in_flight);
    let host = headers::text(&headers, "host");
    if !headers::origin_ok(headers::text(&headers, "origin"), host, &app.hosted.allowed_origins) {
        return rpc_error(
            StatusCode::FORBIDDEN,
            &Value::Null,
            INVALID_REQUEST,
            "Forbidden: this Origin is not allowed (OMBI_MCP_ALLOWED_ORIGINS)",
        );
    }
    if !headers::host_ok(host, app.hosted.addr.ip().is_loopback()) {
        return rpc_error(
            StatusCode::FORBIDDEN,
            &Value::Null,
            INVALID_REQUEST,
            "Forbidden: a loopback server answers only requests for localhost",
        );
    }
    if app.draining.load(Ordering::Acquire) {
        let mut r = rpc_error(
            StatusCode::SERVICE_UNAVAILABLE,
            &Value::Null,
            -32000,
            "The server is stopping; retry on another replica",
        );
        r.headers_mut().insert(http::header::RETRY_AFTER, HeaderValue::from_static("1"));
        return r;
    }
    let entry = match authenticate(&app, &headers).await {
        Ok(e) => e,
        Err(r) => return *r,
    };
    // Members are limited one by one; without tokens there is one identity, the operator's.
    if let Some(e) = &entry
        && let Err(over) = app.limits.request(&e.credential)
    {
        return too_many(over, &Value::Null);
    }
    match jsonrpc::classify(&body) {
        Incoming::Invalid { id, code, message } => rpc_error(StatusCode::BAD_REQUEST, &id, code, &message),
        Incoming::Notification { method } => {
            tracing::debug!(%method, "notification");
            StatusCode::ACCEPTED.into_response()
        }
        Incoming::Response { id, message } => {
            // A client's answer to a question this replica asked (2025-11-25).
            if !app.pending.resolve(&id, message) {
                tracing::warn!(%id, "an answer to a question this replica did not ask (route a session's requests to one replica)");
            }
            StatusCode::ACCEPTED.into_response()
        }
        Incoming::Request { id, method, params } => request(app.clone(), headers, entry, id, method, params).await,
    }
}

fn too_many(over: limits::Over, id: &Value) -> Response {
    let mut r = rpc_error(StatusCode::TOO_MANY_REQUESTS, id, -32000, &over.message());
    if let Ok(v) = HeaderValue::from_str(&over.retry_after().to_string()) {
        r.headers_mut().insert(http::header::RETRY_AFTER, v);
    }
    r
}

/// One JSON-RPC request.
async fn request(
    app: Arc<App>,
    headers: HeaderMap,
    entry: Option<Who>,
    id: Value,
    method: String,
    params: Value,
) -> Response {
    // 2026-07-28: the version header must match the body's; a body without one under a
    // modern header is a malformed request.
    let header_version = headers::text(&headers, "mcp-protocol-version").map(str::trim);
    let body_version = params.pointer(&format!("/_meta/{}", era::PROTOCOL_KEY.replace('/', "~1")));
    match (body_version, header_version) {
        (Some(b), h) if h != b.as_str() => {
            let message = format!(
                "Header mismatch: MCP-Protocol-Version header value '{}' does not match body value '{}'",
                h.unwrap_or("(none)").chars().take(40).collect::<String>(),
                b.as_str().unwrap_or("(not a string)").chars().take(40).collect::<String>()
            );
            return rpc_error(StatusCode::BAD_REQUEST, &id, HEADER_MISMATCH, &message);
        }
        (None, Some(h)) if era::MODERN.contains(&h) => {
            let message = format!("_meta[\"{}\"] is required in protocol {h}", era::PROTOCOL_KEY);
            return rpc_error(StatusCode::BAD_REQUEST, &id, jsonrpc::INVALID_PARAMS, &message);
        }
        _ => {}
    }
    let era = match era::era_of_request(&id, &params) {
        Ok(e) => e,
        Err(err) => return json_response(StatusCode::BAD_REQUEST, encode(&err.into())),
    };
    let credential = entry.as_ref().map(|e| e.credential.as_str());
    let caller = Caller {
        member: entry
            .as_ref()
            .map(|e| Arc::new(Member { ombi_user: e.user.clone(), credential: e.credential.clone() })),
    };
    // A signed-in token without ombi:write may not call a write tool.
    if method == "tools/call"
        && let Some(scopes) = entry.as_ref().and_then(|e| e.scopes.as_ref())
        && !scopes.iter().any(|s| s == WRITE_SCOPE)
        && let Some(name) = params.get("name").and_then(Value::as_str)
        && app.core.catalogue().get(name).is_some_and(|t| !t.read_only)
    {
        return insufficient_scope(&app, &id, name);
    }
    let mut session_header = None;
    let mut elicitation = false;
    match &era {
        Era::Modern { version, .. } => {
            if let Err(m) = headers::check_modern(&headers, version, &method, &params) {
                return rpc_error(StatusCode::BAD_REQUEST, &id, HEADER_MISMATCH, &m);
            }
        }
        Era::Legacy => {
            if let Some(v) = headers::text(&headers, "mcp-protocol-version")
                && !era::LEGACY.contains(&v.trim())
                && method != "initialize"
            {
                return rpc_error(
                    StatusCode::BAD_REQUEST,
                    &id,
                    INVALID_REQUEST,
                    &format!(
                        "Bad Request: unsupported MCP-Protocol-Version {:?}",
                        v.chars().take(40).collect::<String>()
                    ),
                );
            }
            if method == "initialize" {
                if let Some(version) = Core::negotiated(&params) {
                    let caps = params.get("capabilities").cloned().unwrap_or(Value::Null);
                    session_header = Some(session::mint(&app.session_key, version, can_elicit_form(&caps), credential));
                }
            } else if !matches!(method.as_str(), "server/discover" | "ping") {
                let Some(sid) = headers::text(&headers, "mcp-session-id") else {
                    return rpc_error(
                        StatusCode::BAD_REQUEST,
                        &id,
                        INVALID_REQUEST,
                        "Bad Request: Mcp-Session-Id header is required (send initialize first)",
                    );
                };
                let Some(s) = session::open(&app.session_key, sid.trim(), credential) else {
                    return rpc_error(
                        StatusCode::NOT_FOUND,
                        &id,
                        INVALID_REQUEST,
                        "Session not found: initialize a new session",
                    );
                };
                elicitation = s.e;
            }
        }
    }
    let runs_tools = Core::runs_tools(&method);
    let who = credential.unwrap_or("").to_string();
    let slot = if runs_tools && credential.is_some() {
        match app.limits.call(&who) {
            Ok(p) => Some(p),
            Err(over) => return too_many(over, &id),
        }
    } else {
        None
    };
    let modern = matches!(era, Era::Modern { .. });
    let wants_sse = headers::text(&headers, "accept").is_some_and(|a| a.contains("text/event-stream"));
    let mut response = if era == Era::Legacy && runs_tools && elicitation && wants_sse {
        // The call may ask the person: its answer and any question go on an SSE stream.
        stream(app.clone(), &who, id, method, params, caller, slot).await
    } else {
        let _slot = slot;
        let cx = RequestContext { era, caller, asker: None };
        let out = app.core.handle(&id, &method, &params, cx).await;
        let status = match &out {
            Outgoing::Value(v) if modern && v.pointer("/error/code") == Some(&json!(METHOD_NOT_FOUND)) => {
                StatusCode::NOT_FOUND
            }
            _ => StatusCode::OK,
        };
        json_response(status, encode(&out))
    };
    if let Some(sid) = session_header.and_then(|s| HeaderValue::from_str(&s).ok()) {
        response.headers_mut().insert("mcp-session-id", sid);
    }
    response
}

/// Answers a 2025-11-25 tool call on an SSE stream, on which a confirmation's question
/// (`elicitation/create`) comes before the result; the client answers it with a POST.
async fn stream(
    app: Arc<App>,
    who: &str,
    id: Value,
    method: String,
    params: Value,
    caller: Caller,
    slot: Option<tokio::sync::OwnedSemaphorePermit>,
) -> Response {
    let (tx, mut rx) = mpsc::channel::<Outgoing>(8);
    // Given back while the person thinks; taken again from the member's own slots.
    let work = slot.map(|p| WorkSlot::new(p, app.limits.pool_of(who)));
    let asker: Arc<dyn Asker> = Arc::new(Elicit {
        out: tx.clone(),
        pending: app.pending.clone(),
        slot: work.clone(),
        waiting: app.waiting.clone(),
    });
    let core = app.core.clone();
    let call_id = id.clone();
    tokio::spawn(async move {
        let _work = work;
        let cx = RequestContext { era: Era::Legacy, caller, asker: Some(asker) };
        let out = core.handle(&call_id, &method, &params, cx).await;
        let _ = tx.send(out).await;
    });
    let events = async_stream(move |emit| async move {
        while let Some(msg) = rx.recv().await {
            let is_answer = matches!(&msg, Outgoing::Tool { id: i, .. } | Outgoing::Tools { id: i, .. } if *i == id)
                || matches!(&msg, Outgoing::Value(v) if v.get("id") == Some(&id) && v.get("method").is_none());
            let mut line = encode(&msg);
            line.pop();
            let mut event = b"event: message\ndata: ".to_vec();
            event.extend_from_slice(&line);
            event.extend_from_slice(b"\n\n");
            if emit.send(Ok::<_, Infallible>(Bytes::from(event))).await.is_err() || is_answer {
                break;
            }
        }
    });
    let mut r = Response::new(Body::from_stream(events));
    let h = r.headers_mut();
    h.insert(http::header::CONTENT_TYPE, HeaderValue::from_static("text/event-stream"));
    h.insert(http::header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert("x-accel-buffering", HeaderValue::from_static("no"));
    r
}

/// A stream of what `body` emits, as an HTTP body stream.
fn async_stream<F, Fut>(body: F) -> impl futures_core::Stream<Item = Result<Bytes, Infallible>> + Send + 'static
where
    F: FnOnce(mpsc::Sender<Result<Bytes, Infallible>>) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let (tx, rx) = mpsc::channel(8);
    tokio::spawn(body(tx));
    Receiver(rx)
}

/// An `mpsc` receiver as a stream.
struct Receiver<T>(mpsc::Receiver<T>);

impl<T> futures_core::Stream for Receiver<T> {
    type Item = T;
    fn poll_next(mut self: std::pin::Pin<&mut Self>, cx: &mut std::task::Context<'_>) -> std::task::Poll<Option<T>> {
        self.0.poll_recv(cx)
    }
}
