#![allow(clippy::print_stdout, reason = "a benchmark prints its figures")]
//! Hosted mode's figures, printed (not asserted; BENCHMARKS.md holds them and the targets):
//! `read_search` per call over HTTP beside stdio in the same run (p50, p99; target HTTP ≤
//! 1.25× stdio), throughput with 1, 10 and 100 concurrent members, 1,000 idle keep-alive
//! connections with the server's peak RSS (target ≤ 64 MiB), and two replicas behind nginx
//! when it is installed. Run with `cargo bench -p ombi-mcp --bench hosted`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const SEARCH: &str = r#"{"name":"read_search","arguments":{"query":"dune","limit":5}}"#;

fn percentile(v: &mut [Duration], p: f64) -> Duration {
    v.sort();
    v[((v.len() - 1) as f64 * p).round() as usize]
}

fn peak_kib(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// A keep-alive HTTP/1.1 connection speaking 2026-07-28 requests.
struct Conn {
    stream: BufReader<TcpStream>,
    addr: String,
    token: Option<String>,
}

impl Conn {
    fn open(addr: &str, token: Option<&str>) -> Conn {
        let s = TcpStream::connect(addr).unwrap();
        s.set_nodelay(true).unwrap();
        Conn { stream: BufReader::new(s), addr: addr.to_string(), token: token.map(str::to_string) }
    }

    /// One tools/call; returns the JSON-RPC message.
    fn call(&mut self, params: &str) -> Value {
        let mut p: Value = serde_json::from_str(params).unwrap();
        p["_meta"] = json!({
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {},
        });
        self.post(
            "tools/call",
            p["name"].as_str(),
            &json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": p}),
        )
    }

    fn post(&mut self, method: &str, name: Option<&str>, body: &Value) -> Value {
        let body = body.to_string();
        let mut head = format!(
            "POST /mcp HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2026-07-28\r\nMcp-Method: {method}\r\nContent-Length: {}\r\n",
            self.addr,
            body.len()
        );
        if let Some(n) = name {
            head.push_str(&format!("Mcp-Name: {n}\r\n"));
        }
        if let Some(t) = &self.token {
            head.push_str(&format!("Authorization: Bearer {t}\r\n"));
        }
        head.push_str("\r\n");
        let s = self.stream.get_mut();
        s.write_all(head.as_bytes()).unwrap();
        s.write_all(body.as_bytes()).unwrap();
        let mut line = String::new();
        self.stream.read_line(&mut line).unwrap();
        assert!(line.contains(" 200 "), "{line}");
        let mut len = 0;
        loop {
            line.clear();
            self.stream.read_line(&mut line).unwrap();
            if line.trim().is_empty() {
                break;
            }
            if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                len = v.trim().parse().unwrap();
            }
        }
        let mut buf = vec![0u8; len];
        self.stream.read_exact(&mut buf).unwrap();
        serde_json::from_slice(&buf).unwrap()
    }
}

/// A server process, killed when dropped.
struct Proc(Child);

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn serve_http(sim: &ombi_sim::Simulator, cache: &str, env: &[(&str, &str)]) -> (Proc, String) {
    let port = free_port();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ombi-mcp"));
    cmd.args(["serve", "--http", &format!("127.0.0.1:{port}")])
        .env("OMBI_URL", sim.url())
        .env("OMBI_API_KEY", sim.api_key())
        .env("OMBI_MCP_CACHE_DIR", cache)
        .env("OMBI_MCP_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::null());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let child = cmd.spawn().unwrap();
    let addr = format!("127.0.0.1:{port}");
    let deadline = Instant::now() + Duration::from_secs(300);
    while TcpStream::connect(&addr).is_err() {
        assert!(Instant::now() < deadline, "serve --http did not come up");
        std::thread::sleep(Duration::from_millis(50));
    }
    (Proc(child), addr)
}

/// `read_search` over stdio, `n` sequential calls: their times.
fn stdio_times(sim: &ombi_sim::Simulator, cache: &str, n: usize) -> Vec<Duration> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ombi-mcp"))
        .arg("serve")
        .env("OMBI_URL", sim.url())
        .env("OMBI_API_KEY", sim.api_key())
        .env("OMBI_MCP_CACHE_DIR", cache)
        .env("OMBI_MCP_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    let meta = r#""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}"#;
    let params = format!("{},{meta}}}", &SEARCH[..SEARCH.len() - 1]);
    let mut times = Vec::with_capacity(n);
    for i in 0..n + 20 {
        let t = Instant::now();
        writeln!(stdin, r#"{{"jsonrpc":"2.0","id":{i},"method":"tools/call","params":{params}}}"#).unwrap();
        line.clear();
        out.read_line(&mut line).unwrap();
        assert!(line.contains("\"isError\":false"), "{line}");
        if i >= 20 {
            times.push(t.elapsed());
        }
    }
    drop(stdin);
    let _ = child.wait();
    times
}

/// Calls per second with `members` members calling at once, `each` calls apiece.
fn throughput(addr: &str, tokens: &[String], members: usize, each: usize) -> f64 {
    let started = Instant::now();
    let threads: Vec<_> = (0..members)
        .map(|m| {
            let (addr, token) = (addr.to_string(), tokens[m % tokens.len()].clone());
            std::thread::spawn(move || {
                let mut c = Conn::open(&addr, Some(&token));
                for _ in 0..each {
                    let r = c.call(r#"{"name":"read_server","arguments":{"view":"about"}}"#);
                    assert_eq!(r["result"]["isError"], false, "{r}");
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    (members * each) as f64 / started.elapsed().as_secs_f64()
}

fn new_token(file: &str, user: &str) -> String {
    let out =
        Command::new(env!("CARGO_BIN_EXE_ombi-mcp")).args(["token", "new", user, "--file", file]).output().unwrap();
    String::from_utf8(out.stdout).unwrap().lines().last().unwrap().trim().to_string()
}

fn main() {
    let sim = ombi_sim::Simulator::start().unwrap();
    let dir = std::env::temp_dir().join(format!("ombi-mcp-bench-hosted-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cache = dir.join("cache").display().to_string();
    // Warm the compiled-component cache.
    let _ = Command::new(env!("CARGO_BIN_EXE_ombi-mcp"))
        .args(["call", "read_server"])
        .env("OMBI_URL", sim.url())
        .env("OMBI_API_KEY", sim.api_key())
        .env("OMBI_MCP_CACHE_DIR", &cache)
        .output();

    // Per call: stdio and HTTP, alternated in rounds so drift hits both alike.
    let n = 200;
    let (server, addr) = serve_http(&sim, &cache, &[]);
    let mut conn = Conn::open(&addr, None);
    for _ in 0..20 {
        conn.call(SEARCH);
    }
    let (mut stdio, mut http) = (Vec::new(), Vec::new());
    for _round in 0..3 {
        stdio.extend(stdio_times(&sim, &cache, n));
        for _ in 0..n {
            let t = Instant::now();
            let r = conn.call(SEARCH);
            http.push(t.elapsed());
            assert_eq!(r["result"]["isError"], false);
        }
    }
    let (s50, s99) = (percentile(&mut stdio, 0.5), percentile(&mut stdio, 0.99));
    let (h50, h99) = (percentile(&mut http, 0.5), percentile(&mut http, 0.99));
    println!("read_search per call, {} calls each, alternated in 3 rounds:", http.len());
    println!("  stdio: p50 {s50:?}  p99 {s99:?}");
    println!("  HTTP (keep-alive, 2026-07-28): p50 {h50:?}  p99 {h99:?}");
    println!(
        "  HTTP / stdio: p50 {:.2}x  p99 {:.2}x",
        h50.as_secs_f64() / s50.as_secs_f64(),
        h99.as_secs_f64() / s99.as_secs_f64()
    );

    // Idle keep-alive connections: each made one request and stays open.
    let pid = server.0.id();
    let before = peak_kib(pid);
    let mut idle = Vec::with_capacity(1000);
    for _ in 0..1000 {
        let mut c = Conn::open(&addr, None);
        c.post("tools/list", None, &json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}}}));
        idle.push(c);
    }
    std::thread::sleep(Duration::from_millis(500));
    let after = peak_kib(pid);
    println!(
        "1,000 idle keep-alive connections: RSS {} MiB before, {} MiB with them open; peak RSS {} MiB (target <= 64 MiB)",
        before.0 / 1024,
        after.0 / 1024,
        after.1 / 1024
    );
    let r = conn.call(SEARCH);
    assert_eq!(r["result"]["isError"], false, "still serving with 1,000 connections open");
    drop(idle);
    drop(conn);
    drop(server);

    // Throughput with members, each on their own keep-alive connection.
    let tokens_file = dir.join("tokens").display().to_string();
    let users = ["alex", "sam", "riley", "casey", "jamie", "taylor", "jordan", "quinn", "drew", "kai"];
    // A hundred members (tokens), over the simulator's users: limits are per token.
    let tokens: Vec<String> = (0..100).map(|i| new_token(&tokens_file, users[i % users.len()])).collect();
    let env = [("OMBI_MCP_TOKENS_FILE", tokens_file.as_str()), ("OMBI_MCP_MEMBER_RATE", "100000")];
    let (server, addr) = serve_http(&sim, &cache, &env);
    throughput(&addr, &tokens, 4, 10);
    for (members, each) in [(1, 300), (10, 60), (100, 10)] {
        let rate = throughput(&addr, &tokens, members, each);
        println!("throughput, {members} concurrent member(s) x {each} read_server calls: {rate:.0} calls/s");
    }
    println!("server peak RSS after the load: {} MiB", peak_kib(server.0.id()).1 / 1024);

    // Two replicas behind nginx (round robin), when nginx is installed.
    let nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].into_iter().find(|p| std::path::Path::new(p).exists());
    match nginx {
        None => println!("two replicas behind nginx: not measured (nginx is not installed)"),
        Some(bin) => {
            let key = "bench-state-key-shared-by-both-replicas-0123456789";
            let env = [
                ("OMBI_MCP_TOKENS_FILE", tokens_file.as_str()),
                ("OMBI_MCP_MEMBER_RATE", "100000"),
                ("OMBI_MCP_STATE_KEY", key),
            ];
            let (b, b_addr) = serve_http(&sim, &cache, &env);
            let port = free_port();
            let ndir = dir.join("nginx");
            std::fs::create_dir_all(&ndir).unwrap();
            let d = ndir.display();
            let conf = format!(
                "worker_processes 1;\ndaemon off;\npid {d}/nginx.pid;\nerror_log {d}/error.log;\nevents {{ worker_connections 1024; }}\n\
                 http {{ access_log off; client_body_temp_path {d}/b; proxy_temp_path {d}/p; fastcgi_temp_path {d}/f; uwsgi_temp_path {d}/u; scgi_temp_path {d}/s;\n\
                 upstream m {{ server {addr}; server {b_addr}; keepalive 64; }}\n\
                 server {{ listen 127.0.0.1:{port}; location /mcp {{ proxy_pass http://m; proxy_http_version 1.1; proxy_set_header Connection \"\"; proxy_set_header Host $host; proxy_buffering off; }} }} }}\n"
            );
            std::fs::write(ndir.join("nginx.conf"), conf).unwrap();
            let ngx = Proc(
                Command::new(bin)
                    .args(["-p", &d.to_string(), "-c", &format!("{d}/nginx.conf")])
                    .stderr(Stdio::null())
                    .spawn()
                    .unwrap(),
            );
            let proxy = format!("127.0.0.1:{port}");
            while TcpStream::connect(&proxy).is_err() {
                std::thread::sleep(Duration::from_millis(50));
            }
            throughput(&proxy, &tokens, 4, 10);
            for (members, each) in [(10, 60), (100, 10)] {
                let rate = throughput(&proxy, &tokens, members, each);
                println!("two replicas behind nginx, {members} concurrent members x {each}: {rate:.0} calls/s");
            }
            drop(ngx);
            drop(b);
        }
    }
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
