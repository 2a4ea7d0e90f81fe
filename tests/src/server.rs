//! The simulator's network side: a loopback listener, one request per connection, the
//! API-key middleware, routing, fault shaping, and a record of everything received.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

use crate::auth::{self, Principal};
use crate::faults::{self, Fault, FaultBody, FaultRule};
use crate::http::{self, Request, Response};
use crate::router::{self, Call, Route};
use crate::routes;
use crate::seed;
use crate::state::State;

/// The default API key (32 hex characters, like Ombi's).
pub const DEFAULT_API_KEY: &str = "5c3c0b6f9e2d4a7b8c1d0e9f8a7b6c5d";

/// How to start a simulator.
#[derive(Debug, Clone)]
pub struct Options {
    /// Port on 127.0.0.1; 0 picks a free one.
    pub port: u16,
    pub api_key: String,
    pub seed: u64,
    /// A reverse-proxy base path such as `/ombi` (empty for none).
    pub base_path: String,
}

impl Default for Options {
    fn default() -> Self {
        Options { port: 0, api_key: DEFAULT_API_KEY.into(), seed: seed::DEFAULT_SEED, base_path: String::new() }
    }
}

/// One request as the simulator received it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Received {
    pub method: String,
    /// Path below the base path, percent-encoded as received.
    pub path: String,
    pub query: Vec<(String, String)>,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    /// The status answered; `None` when a fault withheld the answer.
    pub status: Option<u16>,
}

impl Received {
    /// Header `name` (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        let name = name.to_ascii_lowercase();
        self.headers.iter().find(|(k, _)| *k == name).map(|(_, v)| v.as_str())
    }
}

struct Shared {
    state: Mutex<State>,
    faults: Mutex<Vec<FaultRule>>,
    received: Mutex<Vec<Received>>,
    routes: Vec<Route>,
    api_key: String,
    base_path: String,
}

/// A running simulator on its own thread; stopped when dropped.
pub struct Simulator {
    addr: SocketAddr,
    shared: Arc<Shared>,
    stop: watch::Sender<bool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Simulator {
    /// Starts a simulator with the default options on a free loopback port.
    pub fn start() -> std::io::Result<Simulator> {
        Simulator::start_with(Options::default())
    }

    /// Starts a simulator with `options`.
    pub fn start_with(options: Options) -> std::io::Result<Simulator> {
        let mut state = seed::build(options.seed);
        if let Some(ombi) = state.settings.get_mut("ombi") {
            ombi["apiKey"] = serde_json::Value::String(options.api_key.clone());
            ombi["baseUrl"] = serde_json::Value::String(options.base_path.clone());
        }
        let shared = Arc::new(Shared {
            state: Mutex::new(state),
            faults: Mutex::new(Vec::new()),
            received: Mutex::new(Vec::new()),
            routes: routes::table(),
            api_key: options.api_key.clone(),
            base_path: options.base_path.trim_end_matches('/').to_string(),
        });
        let std_listener = std::net::TcpListener::bind(("127.0.0.1", options.port))?;
        std_listener.set_nonblocking(true)?;
        let addr = std_listener.local_addr()?;
        let (stop, stopped) = watch::channel(false);
        let inner = shared.clone();
        let thread = std::thread::Builder::new().name("ombi-sim".into()).spawn(move || {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("simulator runtime");
            rt.block_on(async move {
                let listener = TcpListener::from_std(std_listener).expect("listener");
                accept_loop(listener, inner, stopped).await;
            });
            rt.shutdown_timeout(Duration::from_millis(100));
        })?;
        Ok(Simulator { addr, shared, stop, thread: Some(thread) })
    }

    /// The base URL, e.g. `http://127.0.0.1:40123` (plus the base path).
    pub fn url(&self) -> String {
        format!("http://{}{}", self.addr, self.shared.base_path)
    }

    /// The API key it accepts.
    pub fn api_key(&self) -> &str {
        &self.shared.api_key
    }

    /// Every secret the simulator holds: the API key, users' tokens and e-mail addresses,
    /// and the secret fields of every settings section (keys, passwords, tokens, webhook
    /// URLs). None of them may ever appear in what a wrapper prints.
    pub fn secrets(&self) -> Vec<String> {
        const SECRET_FIELDS: &[&str] = &[
            "apikey",
            "plexauthtoken",
            "password",
            "accesstoken",
            "usertoken",
            "applicationtoken",
            "botapi",
            "webhookurl",
            "authorizationheader",
            "accountsid",
            "authtoken",
        ];
        fn walk(v: &serde_json::Value, out: &mut Vec<String>) {
            match v {
                serde_json::Value::Object(map) => {
                    for (k, val) in map {
                        match val {
                            serde_json::Value::String(s)
                                if SECRET_FIELDS.contains(&k.to_lowercase().as_str()) && s.len() >= 8 =>
                            {
                                out.push(s.clone())
                            }
                            other => walk(other, out),
                        }
                    }
                }
                serde_json::Value::Array(items) => items.iter().for_each(|i| walk(i, out)),
                _ => {}
            }
        }
        let mut out = vec![self.api_key().to_string()];
        self.with_state(|st| {
            for u in &st.users {
                for s in [&u.user_access_token, &u.media_server_token, &u.email] {
                    if s.len() >= 8 {
                        out.push(s.clone());
                    }
                }
            }
            for v in st.settings.values() {
                walk(v, &mut out);
            }
        });
        out.sort();
        out.dedup();
        out
    }

    /// Everything received so far, oldest first.
    pub fn received(&self) -> Vec<Received> {
        self.shared.received.lock().unwrap().clone()
    }

    /// Forgets what was received.
    pub fn clear_received(&self) {
        self.shared.received.lock().unwrap().clear();
    }

    /// Adds a fault rule (rules are tried in the order added).
    pub fn inject(&self, rule: FaultRule) {
        self.shared.faults.lock().unwrap().push(rule);
    }

    /// Removes every fault rule.
    pub fn clear_faults(&self) {
        self.shared.faults.lock().unwrap().clear();
    }

    /// Reads or changes the state directly (for test set-up and assertions).
    pub fn with_state<R>(&self, f: impl FnOnce(&mut State) -> R) -> R {
        f(&mut self.shared.state.lock().unwrap())
    }
}

impl Drop for Simulator {
    fn drop(&mut self) {
        let _ = self.stop.send(true);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

async fn accept_loop(listener: TcpListener, shared: Arc<Shared>, mut stopped: watch::Receiver<bool>) {
    loop {
        tokio::select! {
            _ = stopped.changed() => return,
            accepted = listener.accept() => {
                if let Ok((stream, _)) = accepted {
                    let shared = shared.clone();
                    let stopped = stopped.clone();
                    tokio::spawn(async move { connection(stream, shared, stopped).await });
                }
            }
        }
    }
}

async fn connection(mut stream: TcpStream, shared: Arc<Shared>, stopped: watch::Receiver<bool>) {
    // Keep-alive, as Kestrel: one request after another until the client closes, asks to
    // close, or a fault ends the connection.
    while let Some(req) = http::read_request(&mut stream).await {
        if !answer(&mut stream, &shared, stopped.clone(), req).await {
            break;
        }
    }
    let _ = stream.shutdown().await;
}

/// Answers one request; false when the connection must end.
async fn answer(stream: &mut TcpStream, shared: &Shared, mut stopped: watch::Receiver<bool>, req: Request) -> bool {
    let decoded = http::decode(&req.path);
    let fault = faults::take(&mut shared.faults.lock().unwrap(), &req.method, &decoded);
    let index = record(shared, &req);
    let hang = async move {
        let _ = tokio::time::timeout(Duration::from_secs(600), stopped.changed()).await;
    };
    let response = match fault.clone() {
        Some(Fault::Drop) => return false,
        Some(Fault::NoHeaders) => {
            hang.await;
            return false;
        }
        Some(Fault::Delay(d)) => {
            tokio::time::sleep(d).await;
            handle(shared, &req)
        }
        Some(Fault::Status { status, body, retry_after }) => {
            let mut r = fault_response(status, &body);
            if let Some(s) = retry_after {
                r = r.with_header("Retry-After", &s.to_string());
            }
            r
        }
        Some(Fault::WriteThenHang) => {
            handle(shared, &req);
            hang.await;
            return false;
        }
        Some(Fault::WriteThenDrop) => {
            handle(shared, &req);
            return false;
        }
        Some(Fault::Chunked { status, headers, chunks, trailers }) => {
            shared.received.lock().unwrap()[index].status = Some(status);
            let mut out = format!("HTTP/1.1 {status} X\r\nContent-Type: application/json; charset=utf-8\r\n");
            for (k, v) in &headers {
                out.push_str(&format!("{k}: {v}\r\n"));
            }
            out.push_str("Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n");
            for c in chunks.iter().filter(|c| !c.is_empty()) {
                out.push_str(&format!("{:x}\r\n{c}\r\n", c.len()));
            }
            out.push_str("0\r\n");
            for (k, v) in &trailers {
                out.push_str(&format!("{k}: {v}\r\n"));
            }
            out.push_str("\r\n");
            let _ = stream.write_all(out.as_bytes()).await;
            let _ = stream.flush().await;
            return false;
        }
        Some(Fault::Oversized { bytes }) => oversized(bytes),
        _ => handle(shared, &req),
    };
    shared.received.lock().unwrap()[index].status = Some(response.status);
    let keep_alive = fault.is_none() && !req.header("connection").is_some_and(|c| c.eq_ignore_ascii_case("close"));
    let head = response.head(response.body.len(), keep_alive);
    match fault {
        Some(Fault::Drip { chunk, every }) => {
            if stream.write_all(&head).await.is_err() {
                return false;
            }
            for piece in response.body.chunks(chunk.max(1)) {
                tokio::time::sleep(every).await;
                if stream.write_all(piece).await.is_err() || stream.flush().await.is_err() {
                    return false;
                }
            }
        }
        Some(Fault::CutBody { after }) => {
            let _ = stream.write_all(&head).await;
            let _ = stream.write_all(&response.body[..after.min(response.body.len())]).await;
            let _ = stream.flush().await;
            return false;
        }
        _ => {
            let mut out = head;
            out.extend_from_slice(&response.body);
            if stream.write_all(&out).await.is_err() {
                return false;
            }
        }
    }
    stream.flush().await.is_ok() && keep_alive
}

fn record(shared: &Shared, req: &Request) -> usize {
    let mut log = shared.received.lock().unwrap();
    if log.len() >= 20_000 {
        log.drain(..10_000);
    }
    let path = req.path.strip_prefix(shared.base_path.as_str()).unwrap_or(&req.path).to_string();
    log.push(Received {
        method: req.method.clone(),
        path,
        query: req.query.clone(),
        headers: req.headers.clone(),
        body: req.body.clone(),
        status: None,
    });
    log.len() - 1
}

/// Runs the middleware and the route.
fn handle(shared: &Shared, req: &Request) -> Response {
    let Some(path) = req.path.strip_prefix(shared.base_path.as_str()) else {
        return Response::empty(404);
    };
    let path = if path.is_empty() { "/" } else { path };
    let mut state = shared.state.lock().unwrap();
    let who = if path.to_ascii_lowercase().starts_with("/api") {
        match auth::authenticate(req, &state, &shared.api_key) {
            Ok(p) => p,
            Err(r) => return r,
        }
    } else {
        Principal::Anonymous
    };
    let (route, params) = match router::find(&shared.routes, &req.method, path) {
        Ok(found) => found,
        Err(status) => return Response::empty(status),
    };
    if let Err(r) = auth::authorize(route.access, &who, &state) {
        return r;
    }
    let mut call = Call { req, path, params, who, state: &mut state };
    (route.handler)(&mut call)
}

fn fault_response(status: u16, body: &FaultBody) -> Response {
    match body {
        FaultBody::ProblemDetails => Response::problem(status, "One or more validation errors occurred."),
        FaultBody::ErrorJson(m) => Response::json(status, &serde_json::json!({ "error": m })),
        FaultBody::Html => {
            let mut r = Response::text(
                status,
                "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>",
            );
            r.content_type = Some("text/html".into());
            r
        }
        FaultBody::Text(t) => Response::text(status, t),
        FaultBody::RawJson(t) => {
            let mut r = Response::text(status, t);
            r.content_type = Some("application/json; charset=utf-8".into());
            r
        }
        FaultBody::Empty => Response::empty(status),
    }
}

fn oversized(bytes: usize) -> Response {
    let item = r#"{"id":"1","mediaType":"movie","title":"Filler","poster":null,"overview":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}"#;
    let mut body = Vec::with_capacity(bytes + item.len());
    body.push(b'[');
    while body.len() < bytes {
        if body.len() > 1 {
            body.push(b',');
        }
        body.extend_from_slice(item.as_bytes());
    }
    body.push(b']');
    Response { status: 200, content_type: Some("application/json; charset=utf-8".into()), headers: Vec::new(), body }
}
