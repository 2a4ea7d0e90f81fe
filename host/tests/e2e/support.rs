//! Test support: the real `ombi-mcp` binary spawned against the simulator, an MCP client
//! over its stdio with read time-outs, and output-schema validation.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ombi_sim::Simulator;
use serde_json::{Value, json};

/// The log filter of every test server: trace for this server and its HTTP path, so the
/// leak audit below sees everything that could carry a secret.
pub const TRACE: &str = "info,ombi_mcp=trace,wasmtime_wasi_http=trace,hyper=trace";

/// How long any single answer may take before the test fails. The first answer of a server
/// may wait for the component's compilation in a debug build, with the other tests'
/// servers compiling beside it on two cores: one took over 60 s on a slow day.
pub const READ_TIMEOUT: Duration = Duration::from_secs(180);

/// The component's tool names, in catalogue order: the one source of how many tools there are.
pub fn tool_names() -> Vec<String> {
    ombi_guest::dispatch::descriptors().into_iter().map(|d| d.name).collect()
}

/// How many tools the catalogue holds.
pub fn tool_count() -> usize {
    tool_names().len()
}

/// `N tools: R read, W write`, as the demo prints it, from the catalogue.
pub fn catalogue_line() -> String {
    let names = tool_names();
    let reads = names.iter().filter(|n| n.starts_with("read_")).count();
    format!("{} tools: {reads} read, {} write", names.len(), names.len() - reads)
}

/// The audit file's lines, once it holds at least `n` (its writer is a thread of its own,
/// so the last line may land a moment after the answer that caused it).
pub fn audit_lines(path: &str, n: usize) -> Vec<Value> {
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let lines: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        if lines.len() >= n || std::time::Instant::now() > deadline {
            return lines;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The binary under test.
pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_ombi-mcp")
}

/// A cache directory shared by the tests, so the component compiles once.
pub fn cache_dir() -> String {
    format!("{}/component-cache", env!("CARGO_TARGET_TMPDIR"))
}

/// A running `ombi-mcp serve` and an MCP client speaking to it.
pub struct Server {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line the server wrote to stdout.
    pub stdout: Arc<Mutex<Vec<String>>>,
    stderr: Arc<Mutex<String>>,
    next_id: i64,
    /// Secrets that must never appear in what the server writes (checked when it is dropped).
    secrets: Vec<String>,
    /// The API key of the simulator it serves, for the 8-character check.
    key: String,
}

impl Server {
    /// Starts `ombi-mcp serve` against `sim` with the simulator's key and `env` on top.
    pub fn start(sim: &Simulator, env: &[(&str, &str)]) -> Server {
        let mut cmd = Command::new(bin());
        cmd.arg("serve")
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("OMBI_URL", sim.url())
            .env("OMBI_API_KEY", sim.api_key())
            .env("OMBI_MCP_CACHE_DIR", cache_dir())
            .env("OMBI_MCP_LOG", TRACE);
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut s = Server::spawn(cmd);
        s.secrets = sim.secrets();
        s.key = sim.api_key().to_string();
        s
    }

    /// Spawns `cmd` with piped stdio.
    pub fn spawn(mut cmd: Command) -> Server {
        let mut child =
            cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("spawning ombi-mcp");
        let stdout = child.stdout.take().unwrap();
        let stderr_pipe = child.stderr.take().unwrap();
        let (tx, lines) = channel();
        let all = Arc::new(Mutex::new(Vec::new()));
        let all2 = all.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                all2.lock().unwrap().push(line.clone());
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr = Arc::new(Mutex::new(String::new()));
        let stderr2 = stderr.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr_pipe).lines() {
                let Ok(line) = line else { break };
                let mut s = stderr2.lock().unwrap();
                s.push_str(&line);
                s.push('\n');
            }
        });
        Server {
            stdin: child.stdin.take(),
            child,
            lines,
            stdout: all,
            stderr,
            next_id: 0,
            secrets: Vec::new(),
            key: String::new(),
        }
    }

    /// What the server logged so far.
    pub fn stderr(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }

    /// Writes one raw line.
    pub fn send_raw(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }

    /// Writes raw bytes (no newline added).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// The next line the server writes, as JSON.
    pub fn recv(&mut self) -> Value {
        let line = self
            .lines
            .recv_timeout(READ_TIMEOUT)
            .unwrap_or_else(|_| panic!("no answer within {READ_TIMEOUT:?}; stderr:\n{}", self.stderr()));
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"))
    }

    /// Sends a request and returns the whole response message.
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send_raw(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string());
        loop {
            let msg = self.recv();
            if msg["id"] == json!(id) {
                return msg;
            }
        }
    }

    /// `initialize` plus `notifications/initialized`.
    pub fn initialize(&mut self) -> Value {
        self.initialize_with(json!({}))
    }

    /// `initialize` declaring client `capabilities`, plus `notifications/initialized`.
    pub fn initialize_with(&mut self, capabilities: Value) -> Value {
        let r = self.request(
            "initialize",
            json!({"protocolVersion": "2025-11-25", "capabilities": capabilities, "clientInfo": {"name": "e2e", "version": "1"}}),
        );
        self.send_raw(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
        r
    }

    /// `tools/call`, answering every `elicitation/create` the server sends meanwhile with
    /// `answer` (a JSON-RPC `result`; `None` leaves it unanswered). Returns the call's
    /// `result` and the elicitation requests seen.
    pub fn call_answering(&mut self, tool: &str, args: Value, answer: Option<Value>) -> (Value, Vec<Value>) {
        self.next_id += 1;
        let id = self.next_id;
        self.send_raw(
            &json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": tool, "arguments": args}})
                .to_string(),
        );
        let mut asked = Vec::new();
        loop {
            let msg = self.recv();
            if msg["method"] == "elicitation/create" {
                if let Some(a) = &answer {
                    self.send_raw(&json!({"jsonrpc": "2.0", "id": msg["id"], "result": a}).to_string());
                }
                asked.push(msg);
                continue;
            }
            if msg["id"] == json!(id) {
                assert!(msg.get("error").is_none(), "JSON-RPC error for {tool}: {msg}\nstderr:\n{}", self.stderr());
                return (msg["result"].clone(), asked);
            }
        }
    }

    /// `tools/list` result's tools.
    pub fn tools(&mut self) -> Vec<Value> {
        let r = self.request("tools/list", json!({}));
        r["result"]["tools"].as_array().cloned().unwrap_or_else(|| panic!("{r}"))
    }

    /// `tools/call`; returns the `result` (panics on a JSON-RPC error).
    pub fn call(&mut self, tool: &str, args: Value) -> Value {
        let r = self.request("tools/call", json!({"name": tool, "arguments": args}));
        assert!(r.get("error").is_none(), "JSON-RPC error for {tool}: {r}\nstderr:\n{}", self.stderr());
        r["result"].clone()
    }

    /// Closes stdin and waits for the process; returns its exit status success.
    pub fn finish(mut self) -> bool {
        drop(self.stdin.take());
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.success();
            }
            if std::time::Instant::now() > deadline {
                let _ = self.child.kill();
                return false;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Server {
    /// Has the leak audit look for `key` (servers started by [`Server::start`] do already).
    pub fn audit_key(&mut self, key: &str) {
        self.key = key.to_string();
    }
}

/// Every string in `v`, keys included, as the client reads them (escapes decoded).
fn strings_of(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|i| strings_of(i, out)),
        Value::Object(m) => m.iter().for_each(|(k, i)| {
            out.push(k.clone());
            strings_of(i, out)
        }),
        _ => {}
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        // The leak audit, for every server of the suite: neither the key, nor any 8
        // characters of it in any case (in the text written and in every JSON string as a
        // client decodes it), nor any secret the simulator seeded, in stdout or stderr.
        if !std::thread::panicking() && (!self.secrets.is_empty() || !self.key.is_empty()) {
            let lines = self.stdout.lock().map(|o| o.clone()).unwrap_or_default();
            let mut texts = vec![lines.join("\n"), self.stderr()];
            for line in &lines {
                if let Ok(v) = serde_json::from_str::<Value>(line) {
                    strings_of(&v, &mut texts);
                }
            }
            let key = self.key.to_lowercase();
            let windows: Vec<&str> = (0..key.len().saturating_sub(7)).map(|i| &key[i..i + 8]).collect();
            for text in &texts {
                let lower = text.to_lowercase();
                for w in &windows {
                    assert!(!lower.contains(w), "8 characters of the API key ({w}) leaked");
                }
                for secret in &self.secrets {
                    assert!(!text.contains(secret.as_str()), "a seeded secret leaked: {secret}");
                }
            }
        }
    }
}

/// Validates tool results against the tools' own output schemas.
pub struct Schemas {
    validators: HashMap<String, jsonschema::Validator>,
}

impl Schemas {
    pub fn new(tools: &[Value]) -> Schemas {
        let validators = tools
            .iter()
            .map(|t| {
                let name = t["name"].as_str().unwrap().to_string();
                let v = jsonschema::validator_for(&t["outputSchema"]).unwrap_or_else(|e| panic!("{name}: {e}"));
                (name, v)
            })
            .collect();
        Schemas { validators }
    }

    /// Asserts that `result` (a CallToolResult) is consistent and schema-valid for `tool`.
    pub fn check(&self, tool: &str, result: &Value) {
        let structured = &result["structuredContent"];
        let v = &self.validators[tool];
        let errors: Vec<String> = v.iter_errors(structured).map(|e| format!("{e} at {}", e.instance_path())).collect();
        assert!(errors.is_empty(), "{tool} result violates its outputSchema: {errors:?}\n{structured:#}");
        assert_eq!(result["isError"], json!(structured["ok"] != json!(true)), "isError must be !ok");
        let text: Value = serde_json::from_str(result["content"][0]["text"].as_str().unwrap()).unwrap();
        assert_eq!(&text, structured, "the text block must hold the same JSON");
        assert_eq!(structured["operation"], json!(tool));
    }
}

/// A started server, initialized, with the schema validators of its tools.
pub fn session(sim: &Simulator, env: &[(&str, &str)]) -> (Server, Schemas) {
    let mut s = Server::start(sim, env);
    s.initialize();
    let tools = s.tools();
    (s, Schemas::new(&tools))
}

/// Asserts the key appears nowhere in what the server wrote (stdout and stderr).
pub fn assert_no_key(server: &Server, key: &str) {
    let out = server.stdout.lock().unwrap().join("\n");
    assert!(!out.contains(key), "the API key leaked to stdout");
    assert!(!server.stderr().contains(key), "the API key leaked to stderr");
}

/// `ombi-mcp` pointed at `sim` with its key and the shared cache, for one-shot commands.
pub fn command(sim: &Simulator) -> Command {
    let mut cmd = Command::new(bin());
    cmd.env("OMBI_URL", sim.url()).env("OMBI_API_KEY", sim.api_key()).env("OMBI_MCP_CACHE_DIR", cache_dir());
    cmd
}
