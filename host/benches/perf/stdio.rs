//! A raw JSON-RPC client of `ombi-mcp serve` over stdio (the release binary).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::{Value, json};

/// What a timed call checks of an answer: its id and `isError`. The rest is checked to be
/// JSON but skipped, not built into values: a client's own parsing is not the server's time
/// (the in-process, native and upstream columns parse nothing either).
#[derive(Deserialize)]
struct Head {
    id: Option<u64>,
    result: Option<ResultHead>,
    error: Option<IgnoredAny>,
}

#[derive(Deserialize)]
struct ResultHead {
    #[serde(rename = "isError")]
    is_error: Option<bool>,
}

pub struct Server {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    next: u64,
}

impl Server {
    /// Starts `ombi-mcp serve` with `env` and returns it with the time from spawn to the
    /// first `tools/list` answered (after `initialize`).
    pub fn start(env: &[(&str, String)]) -> (Server, Duration) {
        let started = Instant::now();
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_ombi-mcp"));
        cmd.arg("serve").env_clear().env("OMBI_MCP_LOG", "warn");
        if let Some(path) = std::env::var_os("PATH") {
            cmd.env("PATH", path);
        }
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("spawn ombi-mcp");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let mut s = Server { child, stdin, stdout, next: 0 };
        s.send("initialize", json!({"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}}));
        s.notify("notifications/initialized");
        let id = s.send("tools/list", json!({}));
        loop {
            let m = s.recv();
            if m["id"] == json!(id) {
                assert_eq!(
                    m["result"]["tools"].as_array().map(Vec::len),
                    Some(ombi_guest::dispatch::descriptors().len()),
                    "{m}"
                );
                break;
            }
        }
        (s, started.elapsed())
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    fn notify(&mut self, method: &str) {
        writeln!(self.stdin, "{}", json!({"jsonrpc": "2.0", "method": method})).expect("write");
    }

    /// Sends a request without waiting; returns its id.
    pub fn send(&mut self, method: &str, params: Value) -> u64 {
        self.next += 1;
        let id = self.next;
        writeln!(self.stdin, "{}", json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
            .expect("write");
        id
    }

    pub fn recv(&mut self) -> Value {
        let mut line = String::new();
        let n = self.stdout.read_line(&mut line).expect("read");
        assert!(n > 0, "ombi-mcp closed its output");
        serde_json::from_str(&line).expect("JSON")
    }

    fn recv_head(&mut self) -> (Head, String) {
        let mut line = String::new();
        let n = self.stdout.read_line(&mut line).expect("read");
        assert!(n > 0, "ombi-mcp closed its output");
        (serde_json::from_str(&line).expect("JSON"), line)
    }

    /// Waits for the answer to `id`, checking only that it is JSON with that id and that
    /// it is no error (when `ok`).
    pub fn answer(&mut self, id: u64, ok: bool) {
        loop {
            let (head, line) = self.recv_head();
            if head.id == Some(id) {
                if ok {
                    let failed = head.error.is_some() || head.result.is_none_or(|r| r.is_error != Some(false));
                    assert!(!failed, "{line}");
                }
                return;
            }
        }
    }

    /// One `tools/call`, timed: waited for and checked by [`Server::answer`].
    pub fn call_timed(&mut self, tool: &str, args: &Value) {
        let id = self.send("tools/call", json!({"name": tool, "arguments": args}));
        self.answer(id, true);
    }

    /// One `tools/call`, waited for; panics unless it succeeds.
    pub fn call(&mut self, tool: &str, args: &Value) -> Value {
        let id = self.send("tools/call", json!({"name": tool, "arguments": args}));
        loop {
            let m = self.recv();
            if m["id"] == json!(id) {
                assert_eq!(m["result"]["isError"], false, "{tool}: {m}");
                return m;
            }
        }
    }

    /// `total` calls with at most `window` in flight; returns the wall time.
    pub fn pipelined(&mut self, tool: &str, args: &Value, total: usize, window: usize) -> Duration {
        let started = Instant::now();
        let (mut sent, mut done) = (0, 0);
        while done < total {
            while sent < total && sent - done < window {
                self.send("tools/call", json!({"name": tool, "arguments": args}));
                sent += 1;
            }
            let (head, line) = self.recv_head();
            assert_eq!(head.result.and_then(|r| r.is_error), Some(false), "{line}");
            done += 1;
        }
        started.elapsed()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A process's peak resident set (VmHWM), KiB.
pub fn hwm_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
