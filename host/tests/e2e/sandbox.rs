//! The sandbox and the network: time-outs, body caps, upstream failures, the component's
//! imports, and the compiled-component cache.

use std::collections::BTreeSet;
use std::process::Command;
use std::time::{Duration, Instant};

use ombi_sim::{Fault, FaultBody, FaultRule, Simulator};
use serde_json::json;

use crate::support::{bin, session};

#[test]
fn headers_that_never_come_time_out_at_the_configured_deadline() {
    let sim = Simulator::start().unwrap();
    sim.inject(FaultRule::on("/api/v2/Search/multi", Fault::NoHeaders));
    let (mut s, schemas) = session(&sim, &[("OMBI_REQUEST_TIMEOUT_SECONDS", "1")]);
    let started = Instant::now();
    let r = s.call("read_search", json!({"query": "dune"}));
    let took = started.elapsed();
    schemas.check("read_search", &r);
    let e = &r["structuredContent"]["error"];
    assert_eq!(e["code"], "TIMEOUT", "{r}");
    assert_eq!(e["retryable"], true);
    assert!(took < Duration::from_secs(10), "{took:?}");
    // The session goes on.
    let r = s.call("read_server", json!({}));
    assert_eq!(r["isError"], false);
}

#[test]
fn a_dripping_body_is_bounded_by_the_same_deadline() {
    let sim = Simulator::start().unwrap();
    sim.inject(FaultRule::on("/api/v2/Search/multi", Fault::Drip { chunk: 8, every: Duration::from_millis(300) }));
    let (mut s, schemas) = session(&sim, &[("OMBI_REQUEST_TIMEOUT_SECONDS", "2")]);
    let started = Instant::now();
    let r = s.call("read_search", json!({"query": "the"}));
    schemas.check("read_search", &r);
    assert_eq!(r["structuredContent"]["error"]["code"], "TIMEOUT", "{r}");
    assert!(started.elapsed() < Duration::from_secs(12));
}

#[test]
fn a_body_over_the_read_budget_is_cut_while_reading() {
    let sim = Simulator::start().unwrap();
    sim.inject(FaultRule::on("/api/v2/Search/multi", Fault::Oversized { bytes: 4 * 1024 * 1024 }));
    let (mut s, schemas) = session(&sim, &[("OMBI_MAX_RESPONSE_BYTES", "65536")]);
    let r = s.call("read_search", json!({"query": "filler", "limit": 100}));
    schemas.check("read_search", &r);
    let sc = &r["structuredContent"];
    assert_eq!(sc["ok"], true, "{sc}");
    assert_eq!(sc["truncated"], true);
    assert!(sc["warnings"][0].as_str().unwrap().contains("read budget"));
    assert_eq!(sc["data"]["page"]["total"], json!(null));
    let n = sc["data"]["items"].as_array().unwrap().len();
    assert!(n > 10 && n <= 100, "{n}");
    assert!(r["content"][0]["text"].as_str().unwrap().len() <= 64 * 1024);
}

#[test]
fn upstream_failures_map_to_error_codes_without_leaking_bodies() {
    let sim = Simulator::start().unwrap();
    let (mut s, schemas) = session(&sim, &[]);
    let cases = [
        (Fault::Status { status: 502, body: FaultBody::Html, retry_after: None }, "UPSTREAM_REJECTED", true),
        (
            Fault::Status {
                status: 500,
                body: FaultBody::ErrorJson("Object reference not set to an instance of an object.".into()),
                retry_after: None,
            },
            "UPSTREAM_REJECTED",
            false,
        ),
        (Fault::Status { status: 429, body: FaultBody::Empty, retry_after: Some(7) }, "RATE_LIMITED", true),
        (Fault::Status { status: 403, body: FaultBody::Empty, retry_after: None }, "FORBIDDEN", false),
        (Fault::Drop, "UPSTREAM_REJECTED", true),
        (Fault::CutBody { after: 20 }, "UPSTREAM_REJECTED", true),
    ];
    for (fault, code, retryable) in cases {
        sim.clear_faults();
        sim.inject(FaultRule::on("/api/v2/Search/multi", fault.clone()));
        let r = s.call("read_search", json!({"query": "matrix"}));
        schemas.check("read_search", &r);
        let e = &r["structuredContent"]["error"];
        assert_eq!(e["code"], code, "{fault:?}: {r}");
        assert_eq!(e["retryable"], retryable, "{fault:?}: {r}");
        let text = r["content"][0]["text"].as_str().unwrap();
        assert!(!text.contains("<html") && !text.contains("nginx"), "{text}");
    }
    sim.clear_faults();
    sim.inject(FaultRule::on(
        "/api/v2/Search/multi",
        Fault::Status { status: 429, body: FaultBody::Empty, retry_after: Some(7) },
    ));
    let r = s.call("read_search", json!({"query": "matrix"}));
    assert_eq!(r["structuredContent"]["error"]["retry_after_seconds"], 7);
}

#[test]
fn an_unreachable_ombi_is_reported_and_nothing_hangs() {
    let sim = Simulator::start().unwrap();
    let (mut s, schemas) = session(&sim, &[("OMBI_URL", "http://127.0.0.1:9")]);
    let r = s.call("read_server", json!({}));
    schemas.check("read_server", &r);
    assert_eq!(r["structuredContent"]["error"]["code"], "UPSTREAM_REJECTED");
    assert!(r["structuredContent"]["error"]["message"].as_str().unwrap().contains("OMBI_URL"));
}

/// The top-level imports and exports of a component written by `ombi-mcp component ARGS`.
fn component_surface(args: &[&str], file: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let path = format!("{}/{file}", env!("CARGO_TARGET_TMPDIR"));
    let mut cmd = Command::new(bin());
    cmd.arg("component").args(args).arg(&path);
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let bytes = std::fs::read(&path).unwrap();
    let mut depth = 0usize;
    let (mut imports, mut exports) = (BTreeSet::new(), BTreeSet::new());
    for payload in wasmparser::Parser::new(0).parse_all(&bytes) {
        match payload.unwrap() {
            wasmparser::Payload::ModuleSection { .. } | wasmparser::Payload::ComponentSection { .. } => depth += 1,
            wasmparser::Payload::End(_) => depth = depth.saturating_sub(1),
            wasmparser::Payload::ComponentImportSection(reader) if depth == 0 => {
                for import in reader {
                    let import = import.unwrap();
                    // Instances are capabilities; a world's own type definitions (the
                    // Wassette face's records and enums) are imported as plain types.
                    if matches!(import.ty, wasmparser::ComponentTypeRef::Instance(_)) {
                        imports.insert(import.name.name.to_string());
                    } else {
                        assert!(
                            matches!(import.ty, wasmparser::ComponentTypeRef::Type(wasmparser::TypeBounds::Eq(_))),
                            "{file} imports a {:?} {}",
                            import.ty,
                            import.name.name
                        );
                    }
                }
            }
            wasmparser::Payload::ComponentExportSection(reader) if depth == 0 => {
                for export in reader {
                    let export = export.unwrap();
                    if export.kind == wasmparser::ComponentExternalKind::Func {
                        exports.insert(export.name.name.to_string());
                    }
                }
            }
            _ => {}
        }
    }
    (imports, exports)
}

/// The committed list of permitted imports.
fn listed_imports() -> BTreeSet<String> {
    let listed_path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/component-imports.txt");
    std::fs::read_to_string(listed_path)
        .unwrap()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// The component's imports are its permissions: compare them with the committed list.
#[test]
fn component_imports_match_the_committed_list() {
    let listed = listed_imports();
    for (args, file) in [(&[][..], "ombi-component.wasm"), (&["--wassette"][..], "ombi-wassette.wasm")] {
        let (imports, exports) = component_surface(args, file);
        for bad in ["wasi:filesystem", "wasi:sockets"] {
            assert!(!imports.iter().any(|i| i.starts_with(bad)), "{file} must not import {bad}: {imports:?}");
        }
        assert_eq!(imports, listed, "{file}'s imports changed; review and update tests/component-imports.txt");
        if args.is_empty() {
            assert!(exports.is_empty(), "the plugin face exports an interface, not functions: {exports:?}");
        } else {
            // One function per tool, named in kebab-case.
            assert_eq!(exports.len(), crate::support::tool_count(), "{exports:?}");
            assert!(exports.contains("read-search") && exports.contains("write-settings-patch"), "{exports:?}");
        }
    }
}

#[test]
fn the_compiled_component_is_cached_on_disk() {
    let dir = format!("{}/cache-test-{}", env!("CARGO_TARGET_TMPDIR"), std::process::id());
    let _ = std::fs::remove_dir_all(&dir);
    let sim = Simulator::start().unwrap();
    let run = || {
        let out = Command::new(bin())
            .args(["call", "read_server", "{}"])
            .env("OMBI_URL", sim.url())
            .env("OMBI_API_KEY", sim.api_key())
            .env("OMBI_MCP_CACHE_DIR", &dir)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    };
    run();
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    // The compiled component, the tools' declared routes, the tool catalogue listed from it and
    // the resources, prompts and completions it describes (in that order).
    let rank = |f: &std::path::PathBuf| {
        let name = f.to_string_lossy();
        (name.ends_with(".extras.json"), name.ends_with(".tools.json"), name.ends_with(".routes.json"))
    };
    files.sort_by_key(rank);
    assert_eq!(files.len(), 4, "{files:?}");
    assert!(files[0].extension().is_some_and(|e| e == "cwasm"), "{files:?}");
    assert!(files[1].to_string_lossy().ends_with(".routes.json"), "{files:?}");
    assert!(files[2].to_string_lossy().ends_with(".tools.json"), "{files:?}");
    assert!(files[3].to_string_lossy().ends_with(".extras.json"), "{files:?}");
    let extras: serde_json::Value = serde_json::from_slice(&std::fs::read(&files[3]).unwrap()).unwrap();
    assert!(extras["resources"].as_array().is_some_and(|r| !r.is_empty()), "{extras}");
    let catalogue: Vec<serde_json::Value> = serde_json::from_slice(&std::fs::read(&files[2]).unwrap()).unwrap();
    assert_eq!(catalogue.len(), crate::support::tool_count());
    let routes: serde_json::Map<String, serde_json::Value> =
        serde_json::from_slice(&std::fs::read(&files[1]).unwrap()).unwrap();
    assert_eq!(routes.len(), crate::support::tool_count(), "every tool's routes");
    assert!(routes.values().all(|r| !r.as_array().unwrap().is_empty()), "every tool declares its routes");
    let written: Vec<_> = files.iter().map(|f| std::fs::metadata(f).unwrap().modified().unwrap()).collect();
    run();
    for (f, w) in files.iter().zip(&written) {
        assert_eq!(std::fs::metadata(f).unwrap().modified().unwrap(), *w, "a second start must reuse {f:?}");
    }
    // A damaged catalogue or routes file is listed afresh, not trusted.
    std::fs::write(&files[2], b"[]").unwrap();
    run();
    let again: Vec<serde_json::Value> = serde_json::from_slice(&std::fs::read(&files[2]).unwrap()).unwrap();
    assert_eq!(again.len(), crate::support::tool_count());
    std::fs::write(&files[1], b"{not json").unwrap();
    run();
    let again: serde_json::Map<String, serde_json::Value> =
        serde_json::from_slice(&std::fs::read(&files[1]).unwrap()).unwrap();
    assert_eq!(again.len(), crate::support::tool_count());
    // So is a damaged extras file: described afresh by the component.
    std::fs::write(&files[3], b"{\"resources\": 7}").unwrap();
    run();
    let again: serde_json::Value = serde_json::from_slice(&std::fs::read(&files[3]).unwrap()).unwrap();
    assert_eq!(again, extras, "the extras are described afresh");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The probe component, served against `sim` with `env` on top.
pub(crate) fn probe(sim: &Simulator, env: &[(&str, &str)]) -> crate::support::Server {
    let mut cmd = crate::support::command(sim);
    cmd.args(["serve", "--component", env!("OMBI_PROBE_WASM")]).env("OMBI_MCP_LOG", "info");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut s = crate::support::Server::spawn(cmd);
    s.initialize();
    s
}

fn pong(s: &mut crate::support::Server) {
    assert_eq!(s.request("ping", json!({}))["result"], json!({}), "the session goes on");
}

#[test]
fn every_call_runs_in_an_instance_that_ran_nothing_before() {
    let sim = Simulator::start().unwrap();
    let mut s = probe(&sim, &[]);
    // Back to back, and with pauses in which the next call's instance is made ahead.
    for pause in [0, 0, 50, 0, 50, 0] {
        std::thread::sleep(Duration::from_millis(pause));
        let r = s.call("probe", json!({"action": "count"}));
        assert_eq!(r["structuredContent"]["data"]["calls"], 1, "an instance ran a second call: {r}");
    }
    pong(&mut s);
}

#[test]
fn a_component_that_allocates_without_bound_hits_the_memory_cap() {
    let sim = Simulator::start().unwrap();
    let mut s = probe(&sim, &[]);
    let started = Instant::now();
    let r = s.call("probe", json!({"action": "alloc"}));
    let e = &r["structuredContent"]["error"];
    assert_eq!(e["code"], "INTERNAL_ERROR", "{r}");
    assert!(e["message"].as_str().unwrap().contains("memory"), "{r}");
    assert!(!r.to_string().contains("wasm backtrace") && r.to_string().len() < 2000, "the detail stays on stderr: {r}");
    assert!(started.elapsed() < Duration::from_secs(30));
    pong(&mut s);
}

#[test]
fn a_component_that_spins_is_stopped_by_the_cpu_budget() {
    let sim = Simulator::start().unwrap();
    let mut s = probe(&sim, &[]);
    let started = Instant::now();
    let r = s.call("probe", json!({"action": "spin"}));
    let took = started.elapsed();
    let e = &r["structuredContent"]["error"];
    assert!(e["code"] == "INTERNAL_ERROR" || e["code"] == "TIMEOUT", "{r}");
    assert!(took < Duration::from_secs(25), "{took:?}");
    assert!(s.stderr().contains("trapped") || e["code"] == "TIMEOUT");
    pong(&mut s);
}

#[test]
fn a_component_cannot_write_to_the_mcp_stream_or_read_the_environment() {
    let sim = Simulator::start().unwrap();
    let mut s = probe(&sim, &[("OMBI_API_KEY_FILE_UNUSED", "x")]);
    let r = s.call("probe", json!({"action": "stdout"}));
    assert_eq!(r["structuredContent"]["data"]["printed"], true);
    pong(&mut s);
    let out = s.stdout.lock().unwrap().join("\n");
    assert!(!out.contains("forged"), "guest stdout reached the MCP stream");
    let r = s.call("probe", json!({"action": "env"}));
    assert_eq!(r["structuredContent"]["data"]["env"], json!([]), "the component's environment is empty");
}

#[test]
fn a_component_cannot_reach_elsewhere_set_the_key_or_wait_forever() {
    let sim = Simulator::start().unwrap();
    let other = Simulator::start().unwrap();
    let mut s = probe(&sim, &[("OMBI_REQUEST_TIMEOUT_SECONDS", "2")]);
    let base = sim.url();
    let port = base.rsplit(':').next().unwrap().to_string();
    for url in [
        other.url() + "/api/v1/Status",
        format!("https://127.0.0.1:{port}/api/v1/Status"),
        format!("ftp://127.0.0.1:{port}/api/v1/Status"),
        format!("http://localhost:{port}/api/v1/Status"),
        format!("{base}/swagger/index.html"),
        format!("{base}/api/v1/Status?apikey=stolen"),
        format!("{base}/api/../admin"),
        "http://169.254.169.254/latest/meta-data".to_string(),
    ] {
        let r = s.call("probe", json!({"action": "request", "method": "GET", "url": url}));
        let d = &r["structuredContent"]["data"];
        assert_eq!(d["sent"], false, "{url}: {d}");
        pong(&mut s);
    }
    assert!(other.received().is_empty(), "another host was reached");
    // Setting the key itself is refused; the host's key is what Ombi sees.
    sim.clear_received();
    let r = s.call("probe", json!({"action": "request", "method": "GET", "url": format!("{base}/api/v1/Status"), "headers": [["ApiKey", "guest-made-key"], ["Authorization", "Bearer x"]]}));
    let d = &r["structuredContent"]["data"];
    assert_eq!(d["status"], 200, "{d}");
    assert!(d["header_errors"].to_string().contains("Forbidden"), "{d}");
    let got = sim.received();
    assert_eq!(got[0].header("apikey"), Some(sim.api_key()));
    assert_eq!(got[0].header("authorization"), None);
    // A 600 s time-out asked for is clamped to the configured 2 s.
    sim.inject(FaultRule::on("/api/v1/Status", Fault::NoHeaders));
    let started = Instant::now();
    let r = s.call(
        "probe",
        json!({"action": "request", "method": "GET", "url": format!("{base}/api/v1/Status"), "timeout_ms": 600_000}),
    );
    assert!(started.elapsed() < Duration::from_secs(10), "{:?}", started.elapsed());
    assert_eq!(r["structuredContent"]["data"]["sent"], false, "{r}");
    pong(&mut s);
}

#[test]
fn the_largest_read_budget_holds_a_50_mb_body_without_trapping() {
    let sim = Simulator::start().unwrap();
    sim.inject(FaultRule::on("/api/v2/Search/multi", Fault::Oversized { bytes: 50 * 1024 * 1024 }));
    let (mut s, schemas) = session(&sim, &[("OMBI_MAX_RESPONSE_BYTES", "33554432")]);
    let r = s.call("read_search", json!({"query": "big"}));
    schemas.check("read_search", &r);
    let env = &r["structuredContent"];
    assert_ne!(env["error"]["code"], "INTERNAL_ERROR", "{env}");
    assert_eq!(env["truncated"], true, "a cut list says so: {env}");
    let r = s.call("read_server", json!({}));
    assert_eq!(r["isError"], false);
}
