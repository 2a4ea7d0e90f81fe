//! The command line: `call`, `demo`, `component`, `--help`, bad configuration.

use std::process::Command;

use ombi_sim::Simulator;
use serde_json::Value;

use crate::support::{bin, cache_dir, command};

#[test]
fn call_prints_one_result() {
    let sim = Simulator::start().unwrap();
    let out = command(&sim).args(["call", "read_search", r#"{"query":"matrix","limit":1}"#]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["ok"], true);
    assert_eq!(v["data"]["items"][0]["title"], "The Matrix");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!stdout.contains(sim.api_key()));
}

#[test]
fn the_demo_runs_the_main_job() {
    let out = Command::new(bin()).arg("demo").env("OMBI_MCP_CACHE_DIR", cache_dir()).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    let line = crate::support::catalogue_line();
    for expected in [
        line.as_str(),
        "Dune",
        "tmdb:438631",
        "movie #",
        "an open issue",
        "user_name",
        "FORBIDDEN",
        "INVALID_ARGUMENT",
        "0 writes",
    ] {
        assert!(stdout.contains(expected), "the demo should show {expected:?}:\n{stdout}");
    }
    assert!(!stdout.contains(ombi_sim::DEFAULT_API_KEY), "the demo must not print the key");
}

#[test]
fn bad_configuration_is_a_clear_error() {
    let out = Command::new(bin()).arg("serve").env("OMBI_URL", "ftp://nowhere").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("OMBI_URL"));
    let out = Command::new(bin()).arg("frobnicate").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = Command::new(bin()).arg("--help").output().unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("OMBI_ALLOW_WRITES"));
}

#[test]
fn another_component_can_be_loaded_and_a_bad_one_is_refused() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    let path = format!("{dir}/loaded-component.wasm");
    assert!(Command::new(bin()).args(["component", &path]).status().unwrap().success());
    let sim = Simulator::start().unwrap();
    let out =
        command(&sim).args(["--component", &path, "call", "read_server", r#"{"view":"status"}"#]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["operation"], "read_server");
    let bogus = format!("{dir}/not-a-component.wasm");
    std::fs::write(&bogus, b"\0asm\x01\0\0\0").unwrap();
    let out = Command::new(bin())
        .args(["--component", &bogus, "call", "read_server"])
        .env("OMBI_MCP_CACHE_DIR", cache_dir())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(!String::from_utf8_lossy(&out.stderr).is_empty());
}
