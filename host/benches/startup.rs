#![allow(clippy::print_stdout, reason = "a benchmark prints its figures")]
//! Start-up and per-call figures, printed (not asserted): compiling the component, loading
//! it precompiled, a fresh instance per call, and a whole `read_search` round trip against
//! the simulator, and the request-list and log-tail reads. Run with `cargo bench -p ombi-mcp --bench startup`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use ombi_mcp::config::Config;
use ombi_mcp::http::Guard;
use ombi_mcp::runtime::{ComponentSource, EMBEDDED_COMPONENT, Ended, Runtime};

/// Every tool's declared routes, read once as the backend reads them.
type Routes = std::collections::HashMap<String, Arc<ombi_mcp::routes::ToolRoutes>>;

async fn routes(runtime: &Runtime) -> Routes {
    let listed = runtime.list_tools().await.unwrap();
    ombi_mcp::backend::declarations(&listed)
        .into_iter()
        .map(|(name, d)| (name, Arc::new(ombi_mcp::routes::ToolRoutes::parse(&d).unwrap())))
        .collect()
}

/// Runs a tool and returns its answer (panics when the component did not answer).
async fn call(runtime: &Runtime, routes: &Routes, tool: &str, args: &str) -> ombi_mcp::runtime::CallResult {
    let routes = routes.get(tool).cloned().unwrap_or_default();
    match runtime.call(tool, args, ombi_mcp::runtime::Run::execute(Guard::Policy, routes)).await.ended {
        Ended::Answered(Ok(r)) => r,
        other => panic!("{tool}: {other:?}"),
    }
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// 1,000 concurrent `tools/call` on one connection to a real `ombi-mcp serve`: all answered
/// with their ids; the wall time and the server's peak RSS.
fn load(sim: &ombi_sim::Simulator, cache: &std::path::Path) {
    use std::io::{BufRead, BufReader, Write};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_ombi-mcp"))
        .arg("serve")
        .env("OMBI_URL", sim.url())
        .env("OMBI_API_KEY", sim.api_key())
        .env("OMBI_MCP_CACHE_DIR", cache)
        .env("OMBI_MCP_LOG", "warn")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let n = 1000;
    let started = Instant::now();
    let writer = std::thread::spawn(move || {
        writeln!(stdin, r#"{{"jsonrpc":"2.0","id":0,"method":"initialize","params":{{"protocolVersion":"2025-11-25","capabilities":{{}}}}}}"#).unwrap();
        for i in 1..=n {
            writeln!(stdin, r#"{{"jsonrpc":"2.0","id":{i},"method":"tools/call","params":{{"name":"read_server","arguments":{{"view":"about"}}}}}}"#).unwrap();
        }
        stdin
    });
    let mut seen = std::collections::BTreeSet::new();
    let mut peak = 0u64;
    for line in stdout.lines() {
        let v: serde_json::Value = serde_json::from_str(&line.unwrap()).unwrap();
        if let Some(id) = v["id"].as_u64().filter(|i| *i > 0) {
            assert_eq!(v["result"]["isError"], false, "{v}");
            seen.insert(id);
        }
        if seen.len() % 50 == 0 {
            peak = peak.max(hwm_kib(pid).unwrap_or(0));
        }
        if seen.len() == n as usize {
            break;
        }
    }
    let took = started.elapsed();
    peak = peak.max(hwm_kib(pid).unwrap_or(0));
    drop(writer.join());
    let _ = child.kill();
    let _ = child.wait();
    println!(
        "load: {n} concurrent tools/call on one connection, all {} answered in {took:?} ({:.0} calls/s); server peak RSS {} MiB",
        seen.len(),
        n as f64 / took.as_secs_f64(),
        peak / 1024
    );
}

/// A process's peak resident set (VmHWM), KiB.
fn hwm_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn main() {
    let dir = std::env::temp_dir().join(format!("ombi-mcp-bench-{}", std::process::id()));
    // SAFETY: single-threaded at this point; the variable is read by the cache module.
    unsafe { std::env::set_var("OMBI_MCP_CACHE_DIR", &dir) };
    let sim = ombi_sim::Simulator::start().unwrap();
    let key = sim.api_key().to_string();
    let url = sim.url();
    let config = Arc::new(
        Config::from_env(|k| match k {
            "OMBI_URL" => Some(url.clone()),
            "OMBI_API_KEY" => Some(key.clone()),
            _ => None,
        })
        .unwrap(),
    );
    println!("component size: {} bytes", EMBEDDED_COMPONENT.len());

    let t = Instant::now();
    let cold = Runtime::new(config.clone(), ComponentSource::Embedded).unwrap();
    println!("first start (compile + cache write): {:?}", t.elapsed());
    drop(cold);
    let mut loads = Vec::new();
    for _ in 0..5 {
        let t = Instant::now();
        let r = Runtime::new(config.clone(), ComponentSource::Embedded).unwrap();
        loads.push(t.elapsed());
        drop(r);
    }
    println!("second start (precompiled load + link), median of 5: {:?}", median(loads));
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    println!("cache files: {}", files.len());

    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let runtime = Runtime::new(config, ComponentSource::Embedded).unwrap();
    rt.block_on(async {
        let declared = routes(&runtime).await;
        // Fresh instance + a call that does no I/O: the per-call overhead of the sandbox.
        let mut fresh = Vec::new();
        for _ in 0..200 {
            let t = Instant::now();
            let r = call(&runtime, &declared, "write_vote", "{}").await;
            fresh.push(t.elapsed());
            assert!(r.is_error);
        }
        println!("fresh instance + call without I/O (write refused), median of 200: {:?}", median(fresh));
        let mut list = Vec::new();
        for _ in 0..20 {
            let t = Instant::now();
            let tools = runtime.list_tools().await.unwrap();
            list.push(t.elapsed());
            assert_eq!(tools.len(), ombi_guest::dispatch::descriptors().len());
        }
        println!(
            "fresh instance + list-tools ({} schemas), median of 20: {:?}",
            ombi_guest::dispatch::descriptors().len(),
            median(list)
        );
        let mut search = Vec::new();
        for _ in 0..50 {
            let t = Instant::now();
            let r = call(&runtime, &declared, "read_search", r#"{"query":"the","limit":20}"#).await;
            search.push(t.elapsed());
            assert!(!r.is_error);
        }
        println!("read_search round trip against the simulator, median of 50: {:?}", median(search));
        for (label, tool, args) in [
            ("read_requests movie list (20 per page)", "read_requests", r#"{"media":"movie","limit":20}"#),
            (
                "read_requests tv list (20 per page, children with seasons)",
                "read_requests",
                r#"{"media":"tv","limit":20}"#,
            ),
            (
                "read_logs tail (100 of 3,000 lines)",
                "read_logs",
                r#"{"file_id":"log20261130.txt","tail":true,"limit":100}"#,
            ),
            ("read_logs tail (500 lines)", "read_logs", r#"{"file_id":"log20261130.txt","tail":true,"limit":500}"#),
        ] {
            let mut times = Vec::new();
            for _ in 0..50 {
                let t = Instant::now();
                let r = call(&runtime, &declared, tool, args).await;
                times.push(t.elapsed());
                assert!(!r.is_error, "{label}: {}", r.structured);
            }
            println!("{label} round trip, median of 50: {:?}", median(times));
        }
    });
    if let Some(kib) = rss_kib() {
        println!("resident memory after the runs: {} MiB", kib / 1024);
    }
    load(&sim, &dir);
    let _ = std::fs::remove_dir_all(&dir);
}
