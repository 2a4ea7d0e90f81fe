//! The performance benchmark (`cargo bench -p ombi-mcp --bench perf`; `just bench`): figures
//! printed, not asserted. Medians and p99 over many runs, since the machine is noisy.
//!
//! - cold start to the first `tools/list` answered, with and without the compiled cache;
//! - per call, p50/p99, for `read_search`, a `read_requests` list and a `read_logs` tail:
//!   through `ombi-mcp serve` (wasm), the same guest logic built natively, the same
//!   upstream requests alone over a keep-alive connection, and those requests through the
//!   host's own pool and key scrub with no sandbox ("host HTTP alone"), and the native
//!   guest over that same HTTP stack (so the sandbox's cost shows with the HTTP stack held
//!   equal), with the ratios;
//! - connection reuse: `read_server` status (3 GETs) and a `read_requests` TV detail, with
//!   `OMBI_KEEP_ALIVE` off (the old behaviour: a connection per request) and on, over HTTP
//!   and over TLS (a loopback TLS listener with a test certificate);
//! - throughput at 1, 10 and 100 calls in flight on one connection;
//! - peak RSS with 100 concurrent calls and with a 20 MB upstream body;
//! - the component's size.
//!
//! Sections can be picked by name (`cargo bench -p ombi-mcp --bench perf -- per-call rss`):
//! `cold`, `per-call`, `reuse`, `throughput`, `rss` (and `profile`: one tool in a loop, for
//! `perf record`: the component in process, or `native`, or `pool`, the same requests through
//! the host's connection pool and key scrub with no sandbox, or `native-host`, the native guest
//! over them); `PERF_RUNS` overrides the 300 runs;
//! `PERF_PIN` (`split`, `same`) pins the threads to fixed CPUs (`pin.rs`); `PERF_COMPONENT`
//! runs another component file in process (an older build, for an A/B in one run);
//! `stages` (asked for by name only) splits a call into its stages, in the sandbox and
//! natively, with a component built with the guest's `stages` feature (`just stages`).
#![allow(clippy::print_stdout, reason = "a benchmark prints its figures")]

mod host_http;
mod native;
mod pin;
mod stages;
mod stdio;
mod tls;

use std::time::{Duration, Instant};

use ombi_mcp::runtime::EMBEDDED_COMPONENT;
use ombi_sim::{Fault, FaultRule, Simulator};
use serde_json::{Value, json};

use stdio::{Server, hwm_kib};

/// Runs per measurement, unless `PERF_RUNS` says otherwise.
fn runs() -> usize {
    std::env::var("PERF_RUNS").ok().and_then(|v| v.parse().ok()).unwrap_or(300)
}
const WARM: usize = 20;

/// p50 and p99 of `v`.
fn stats(mut v: Vec<Duration>) -> (Duration, Duration) {
    v.sort();
    let at = |q: f64| v[((v.len() as f64 - 1.0) * q).round() as usize];
    (at(0.50), at(0.99))
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1000.0)
}

fn timed(runs: usize, f: impl FnMut()) -> (Duration, Duration) {
    stats(samples(runs, f))
}

/// Nanoseconds on a CPU (Linux's schedstat): this thread's, or with `pid` the sum over that
/// process's threads. Unlike wall time it does not include waiting for a sleeping CPU or
/// thread to wake, which on a virtual machine varies from run to run.
fn cpu_ns(pid: Option<u32>) -> u64 {
    let of = |path: std::path::PathBuf| -> u64 {
        let stat = std::fs::read_to_string(path).unwrap_or_default();
        stat.split_whitespace().next().and_then(|n| n.parse().ok()).unwrap_or(0)
    };
    match pid {
        None => of("/proc/thread-self/schedstat".into()),
        Some(pid) => std::fs::read_dir(format!("/proc/{pid}/task"))
            .map(|tasks| tasks.flatten().map(|t| of(t.path().join("schedstat"))).sum())
            .unwrap_or(0),
    }
}

/// [`timed`], with the CPU time per call (warm-up included) of this thread or of `pid`.
fn timed_cpu(runs: usize, pid: Option<u32>, f: impl FnMut()) -> ((Duration, Duration), Duration) {
    let before = cpu_ns(pid);
    let times = timed(runs, f);
    let per_call = (cpu_ns(pid) - before) / (runs + WARM) as u64;
    (times, Duration::from_nanos(per_call))
}

/// The time of each of `runs` calls of `f`, after the warm-up.
fn samples(runs: usize, mut f: impl FnMut()) -> Vec<Duration> {
    for _ in 0..WARM {
        f();
    }
    (0..runs)
        .map(|_| {
            // `PERF_GAP_US`: a pause before each timed call, as a person's or a model's turn
            // leaves between calls (untimed).
            stages::gap();
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect()
}

/// The component run in this process through the host's runtime (no stdio, no JSON-RPC):
/// the sandbox alone, to set beside the native build of the same logic.
struct InProcess {
    rt: tokio::runtime::Runtime,
    runtime: ombi_mcp::runtime::Runtime,
    routes: std::collections::HashMap<String, std::sync::Arc<ombi_mcp::routes::ToolRoutes>>,
}

impl InProcess {
    fn new(url: &str, key: &str, cache: &std::path::Path) -> InProcess {
        // SAFETY: the other threads of this process (the simulator, the TLS front) never read
        // the environment; the cache module reads it after this.
        unsafe { std::env::set_var("OMBI_MCP_CACHE_DIR", cache) };
        let config = std::sync::Arc::new(
            ombi_mcp::config::Config::from_env(|k| match k {
                "OMBI_URL" => Some(url.to_string()),
                "OMBI_API_KEY" => Some(key.to_string()),
                _ => None,
            })
            .expect("config"),
        );
        // `PERF_COMPONENT` names another build of the component, to set beside this one.
        let source = match std::env::var_os("PERF_COMPONENT") {
            Some(path) => ombi_mcp::runtime::ComponentSource::File(path.into()),
            None => ombi_mcp::runtime::ComponentSource::Embedded,
        };
        let runtime = ombi_mcp::runtime::Runtime::new(config, source).expect("runtime");
        // One thread, as `ombi-mcp serve` runs its tasks.
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("tokio");
        // Every tool's routes, read once as the backend reads them.
        let listed = rt.block_on(runtime.list_tools()).expect("tools");
        let routes = ombi_mcp::backend::declarations(&listed)
            .into_iter()
            .map(|(name, d)| (name, std::sync::Arc::new(ombi_mcp::routes::ToolRoutes::parse(&d).expect("routes"))))
            .collect();
        InProcess { rt, runtime, routes }
    }

    fn call(&self, tool: &str, args: &str) {
        self.answer(tool, args, true);
    }

    /// How many calls found their instance made ahead (the rest made theirs on their path).
    fn spares(&self, whose: &str) {
        let (calls, spares) = self.runtime.calls_and_spares();
        println!("  ({whose}: {spares} of {calls} calls found their instance made ahead)");
    }

    /// One call answered with an envelope, a failed one when `!ok`.
    fn answer(&self, tool: &str, args: &str, ok: bool) {
        use ombi_mcp::runtime::Ended;
        let routes = self.routes.get(tool).cloned().unwrap_or_default();
        let report = self.rt.block_on(self.runtime.call(
            tool,
            args,
            ombi_mcp::runtime::Run::execute(ombi_mcp::http::Guard::Policy, routes),
        ));
        match report.ended {
            Ended::Answered(Ok(r)) if r.is_error != ok => {}
            other => panic!("{tool}: {other:?}"),
        }
    }
}

fn env(sim_url: &str, key: &str, cache: &std::path::Path) -> Vec<(&'static str, String)> {
    vec![
        ("OMBI_URL", sim_url.to_string()),
        ("OMBI_API_KEY", key.to_string()),
        ("OMBI_MCP_CACHE_DIR", cache.display().to_string()),
    ]
}

fn main() {
    let layout = pin::Layout::from_env();
    layout.before_simulator();
    let sim = Simulator::start().expect("simulator");
    layout.after_simulator();
    let key = sim.api_key().to_string();
    let tmp = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("perf-{}", std::process::id()));
    let cache = tmp.join("cache");
    std::fs::create_dir_all(&cache).expect("cache dir");
    let base = env(&sim.url(), &key, &cache);
    println!("component size: {} bytes; threads: {layout:?} (PERF_PIN)", EMBEDDED_COMPONENT.len());
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let want = |section: &str| args.is_empty() || args.iter().any(|a| a == section);
    let (_, _) = Server::start(&base); // fills the cache

    if args.first().is_some_and(|a| a == "profile") {
        // One column alone, one tool in a loop, for `perf record` and `perf stat`:
        // `profile` (the component in process) or `profile native`, `read_search` unless
        // `logs` or `requests` is named.
        let log = sim.with_state(|st| st.logs[0].name.clone());
        let (tool, search) = if args.iter().any(|a| a == "logs") {
            ("read_logs", json!({"file_id": log, "tail": true, "limit": 100}).to_string())
        } else if args.iter().any(|a| a == "requests") {
            ("read_requests", json!({"media": "movie", "limit": 20}).to_string())
        } else {
            ("read_search", json!({"query": "dune"}).to_string())
        };
        let search = search.as_str();
        // This thread's time on a CPU (it runs every task of the call), less noisy than
        // wall time on a shared machine.
        let on_cpu = || cpu_ns(None);
        // How often this thread gave up its CPU (each a wake-up later).
        let switches = || -> u64 {
            let status = std::fs::read_to_string("/proc/thread-self/status").unwrap_or_default();
            status
                .lines()
                .filter(|l| l.contains("ctxt_switches"))
                .filter_map(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
                .sum()
        };
        let url = sim.url();
        let mut call: Box<dyn FnMut()> = if args.iter().any(|a| a == "pool") {
            // The same requests through the host's connection pool and key scrub alone (no
            // sandbox), on one thread as `serve` runs them.
            let mut http = native::Http::new(&url, &key);
            http.log = Some(Vec::new());
            native::call(&mut http, &url, tool, search);
            let recorded = http.log.take().expect("log");
            let host = host_http::HostHttp::new(&url, &key);
            Box::new(move || host.replay(&recorded))
        } else if args.iter().any(|a| a == "native-host") {
            // The native guest over the host's pool and key scrub.
            let mut host = host_http::HostHttp::new(&url, &key);
            let url = url.clone();
            Box::new(move || native::call(&mut host, &url, tool, search))
        } else if args.iter().any(|a| a == "native") {
            let mut http = native::Http::new(&url, &key);
            let url = url.clone();
            Box::new(move || native::call(&mut http, &url, tool, search))
        } else {
            let in_process = InProcess::new(&url, &key, &cache);
            Box::new(move || in_process.call(tool, search))
        };
        for _ in 0..WARM {
            call();
        }
        let before = on_cpu();
        let switched = switches();
        let mut times: Vec<Duration> = (0..runs())
            .map(|_| {
                let t = Instant::now();
                call();
                t.elapsed()
            })
            .collect();
        let calls = runs() as f64;
        let cpu = (on_cpu() - before) as f64 / 1e6 / calls;
        let switched = (switches() - switched) as f64 / calls;
        let mean = times.iter().sum::<Duration>().as_secs_f64() * 1000.0 / calls;
        times.sort();
        let at = |q: f64| ms(times[((times.len() as f64 - 1.0) * q).round() as usize]);
        println!(
            "{tool} p50 {}, p90 {}, p99 {}, p99.9 {}, max {}, mean {mean:.3} ms; this thread on a CPU {cpu:.3} ms and off it {switched:.2} times per call",
            at(0.5),
            at(0.9),
            at(0.99),
            at(0.999),
            at(1.0)
        );
        return;
    }
    if args.iter().any(|a| a == "stages") {
        let log = sim.with_state(|st| st.logs[0].name.clone());
        let cases = [
            ("read_search", json!({"query": "dune"}).to_string()),
            ("read_requests", json!({"media": "movie", "limit": 20}).to_string()),
            ("read_logs", json!({"file_id": log, "tail": true, "limit": 100}).to_string()),
        ];
        let url = sim.url();
        let in_process = InProcess::new(&url, &key, &cache);
        let mut http = native::Http::new(&url, &key);
        stages::section(
            &cases,
            runs(),
            WARM,
            |tool, args| in_process.call(tool, args),
            |tool, args| native::call(&mut http, &url, tool, args),
        );
        in_process.spares("the sandbox's column");
        return;
    }
    if want("cold") {
        // Cold start to the first tools/list answered.
        let mut cold = Vec::new();
        for i in 0..3 {
            let empty = tmp.join(format!("empty-{i}"));
            std::fs::create_dir_all(&empty).expect("dir");
            let (_, t) = Server::start(&env(&sim.url(), &key, &empty));
            cold.push(t);
        }
        let warm: Vec<Duration> = (0..30).map(|_| Server::start(&base).1).collect();
        let (cold50, _) = stats(cold);
        let (warm50, warm99) = stats(warm);
        println!(
            "cold start → first tools/list: compiled cache {} p50, {} p99 (30 runs); no cache {} p50 (3 runs)",
            ms(warm50),
            ms(warm99),
            ms(cold50)
        );
    }
    if want("per-call") {
        // Per call: wasm, native, upstream alone, the host's HTTP stack alone.
        let (mut server, _) = Server::start(&base);
        let logs = server.call("read_logs", &json!({}));
        let file_id =
            logs["result"]["structuredContent"]["data"]["files"][0]["file_id"].as_str().expect("a log").to_string();
        let cases: Vec<(&str, Value)> = vec![
            ("read_search", json!({"query": "dune"})),
            ("read_requests", json!({"media": "movie", "limit": 20})),
            ("read_logs", json!({"file_id": file_id, "tail": true, "limit": 100})),
        ];
        // Stages: the protocol alone, and a call that instantiates the component and sends nothing.
        let (p50, p99) = timed(runs(), || {
            let id = server.send("ping", json!({}));
            server.answer(id, false);
        });
        println!("stage: host protocol (ping over stdio) {} p50, {} p99", ms(p50), ms(p99));
        let refused = json!({"direction": "up", "media": "movie", "request_id": 1});
        let (r50, r99) = timed(runs(), || {
            let id = server.send("tools/call", json!({"name": "write_vote", "arguments": refused}));
            server.answer(id, false);
        });
        println!(
            "stage: protocol + fresh instance + a call that sends nothing (write refused) {} p50, {} p99",
            ms(r50),
            ms(r99)
        );
        let in_process = InProcess::new(&sim.url(), &key, &cache);
        let refused = refused.to_string();
        let ((f50, f99), f_cpu) = timed_cpu(runs(), None, || in_process.answer("write_vote", &refused, false));
        println!(
            "stage: in process, a fresh instance and a call that sends nothing (the sandbox's floor per call) {} p50, {} p99; CPU per call {} (the last call's instance dropped and the next one made included)",
            ms(f50),
            ms(f99),
            ms(f_cpu)
        );
        println!("per call ({} runs after {WARM} warm-up; p50 / p99):", runs());
        println!(
            "  tool           | wasm (ombi-mcp serve) | wasm in process     | native guest        | upstream alone      | host HTTP alone     | serve/native | in process/native | serve/upstream"
        );
        let mut http = native::Http::new(&sim.url(), &key);
        for (tool, args) in &cases {
            let ((w50, w99), w_cpu) = timed_cpu(runs(), Some(server.pid()), || server.call_timed(tool, args));
            let text = args.to_string();
            let ((i50, i99), i_cpu) = timed_cpu(runs(), None, || in_process.call(tool, &text));
            let ((n50, n99), n_cpu) = timed_cpu(runs(), None, || native::call(&mut http, &sim.url(), tool, &text));
            http.log = Some(Vec::new());
            native::call(&mut http, &sim.url(), tool, &text);
            let recorded = http.log.take().expect("log");
            let (u50, u99) = timed(runs(), || {
                for r in &recorded {
                    http.exchange(r).expect("upstream");
                }
            });
            let mut host = host_http::HostHttp::new(&sim.url(), &key);
            let ((h50, h99), h_cpu) = timed_cpu(runs(), None, || host.replay(&recorded));
            let ((o50, o99), o_cpu) = timed_cpu(runs(), None, || native::call(&mut host, &sim.url(), tool, &text));
            println!(
                "  {tool:<14} | {} / {} | {} / {} | {} / {} | {} / {} | {} / {} | {:.2}× | {:.2}× | {:.2}× ({} requests)",
                ms(w50),
                ms(w99),
                ms(i50),
                ms(i99),
                ms(n50),
                ms(n99),
                ms(u50),
                ms(u99),
                ms(h50),
                ms(h99),
                w50.as_secs_f64() / n50.as_secs_f64(),
                i50.as_secs_f64() / n50.as_secs_f64(),
                w50.as_secs_f64() / u50.as_secs_f64(),
                recorded.len()
            );
            println!(
                "  {:<14} | CPU per call: serve {} (the server's threads), in process {}, native {}, host HTTP alone {}; in process/native {:.2}×",
                "",
                ms(w_cpu),
                ms(i_cpu),
                ms(n_cpu),
                ms(h_cpu),
                i_cpu.as_secs_f64() / n_cpu.as_secs_f64()
            );
            println!(
                "  {:<14} | native guest over the host's HTTP stack (its pool and key scrub): {} / {}, CPU per call {}; in process / that {:.2}×",
                "",
                ms(o50),
                ms(o99),
                ms(o_cpu),
                i50.as_secs_f64() / o50.as_secs_f64()
            );
        }
        in_process.spares("in process");
        // What the timed client leaves out: building the whole answer into JSON values.
        let answer = server.call("read_requests", &json!({"media": "movie", "limit": 20})).to_string();
        let (c50, _) = timed(runs(), || {
            serde_json::from_str::<Value>(&answer).expect("JSON");
        });
        println!(
            "  (a client's full parse of the read_requests answer, {} bytes, into values: {} p50, not counted above)",
            answer.len(),
            ms(c50)
        );
        drop(server);
    }
    if want("reuse") {
        // Connection reuse, over HTTP and TLS.
        let parent = sim.with_state(|st| st.tv_parents[0].id);
        let addr = sim.url().trim_start_matches("http://").to_string();
        let https = tls::front(addr);
        println!("connection reuse ({} runs; p50 / p99):", runs());
        for (scheme, url, extra) in
            [("http", sim.url(), None), ("https", https.clone(), Some(("OMBI_CA_FILE", tls::CA.to_string())))]
        {
            for keep in ["false", "true"] {
                let mut e = env(&url, &key, &cache);
                e.push(("OMBI_KEEP_ALIVE", keep.to_string()));
                e.extend(extra.clone());
                let (mut s, _) = Server::start(&e);
                let status = json!({"view": "status"});
                let detail = json!({"view": "detail", "media": "tv", "request_id": parent});
                let (s50, s99) = timed(runs(), || s.call_timed("read_server", &status));
                let (d50, d99) = timed(runs(), || s.call_timed("read_requests", &detail));
                println!(
                    "  {scheme:<5} keep-alive {keep:<5}: read_server status (3 GETs) {} / {}; read_requests tv detail {} / {}",
                    ms(s50),
                    ms(s99),
                    ms(d50),
                    ms(d99)
                );
            }
        }
    }
    if want("throughput") {
        // Throughput on one connection.
        let (mut server, _) = Server::start(&base);
        let search = json!({"query": "dune"});
        server.pipelined("read_search", &search, 50, 10);
        for window in [1, 10, 100] {
            let total = 600;
            let took = server.pipelined("read_search", &search, total, window);
            println!(
                "throughput, read_search with {window:>3} in flight: {:.0} calls/s ({total} calls in {:?})",
                total as f64 / took.as_secs_f64(),
                took
            );
        }
        drop(server);
    }
    if want("rss") {
        // Peak RSS.
        let (mut server, _) = Server::start(&base);
        let list = json!({"media": "movie", "limit": 20});
        server.pipelined("read_requests", &list, 100, 100);
        println!("peak RSS, 100 concurrent read_requests calls: {} MiB", hwm_kib(server.pid()).unwrap_or(0) / 1024);
        drop(server);
        let (mut server, _) = Server::start(&base);
        let idle = hwm_kib(server.pid()).unwrap_or(0);
        sim.inject(FaultRule::on("/api/v1/Request/movie", Fault::Oversized { bytes: 20_000_000 }));
        let id = server.send("tools/call", json!({"name": "read_requests", "arguments": list}));
        let answer = loop {
            let m = server.recv();
            if m["id"] == json!(id) {
                break m;
            }
        };
        sim.clear_faults();
        let sc = &answer["result"]["structuredContent"];
        println!(
            "peak RSS, a 20 MB upstream body (read budget 8 MiB): {} MiB (idle {} MiB); the call answered ok={} truncated={}",
            hwm_kib(server.pid()).unwrap_or(0) / 1024,
            idle / 1024,
            sc["ok"],
            sc["truncated"]
        );
        drop(server);
    }
    let _ = std::fs::remove_dir_all(&tmp);
}
