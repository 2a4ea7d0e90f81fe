//! A raw JSON-RPC client of `ombi-mcp serve` over stdio (the release binary).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

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
                assert_eq!(m["result"]["tools"].as_array().map(Vec::len), Some(31), "{m}");
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
            let m = self.recv();
            assert_eq!(m["result"]["isError"], false, "{m}");
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
