//! Hosted mode end to end over real HTTP on loopback, the simulator as Ombi: member tokens
//! (made, listed, revoked without a restart), each member's own Ombi identity forced on every
//! request, acting for others only with Ombi's roles, per-member limits, Origin and Host
//! checks, both eras on one endpoint (a 2025-11-25 session and its confirmation on the SSE
//! stream), health and readiness, and SIGTERM draining.

use std::process::Command;
use std::time::{Duration, Instant};

use ombi_sim::{Fault, FaultBody, FaultRule, Simulator};
use serde_json::{Value, json};

use crate::http_support::{HttpServer, free_port, modern, new_token, request, stream};
use crate::support::{bin, command};

/// A fresh tokens file path under the test directory.
fn tokens_file(name: &str) -> String {
    let p = format!("{}/tokens-{name}-{}", env!("CARGO_TARGET_TMPDIR"), std::process::id());
    let _ = std::fs::remove_file(&p);
    p
}

/// The tool result of a 2026-07-28 call as `token`.
fn call(s: &HttpServer, token: &str, tool: &str, args: Value) -> Value {
    let r = modern(&s.addr, Some(token), 1, "tools/call", json!({"name": tool, "arguments": args}));
    assert_eq!(r.status, 200, "{tool}: {}", String::from_utf8_lossy(&r.body));
    r.json()["result"].clone()
}

#[test]
fn tokens_are_made_printed_once_stored_hashed_and_revoked() {
    let file = tokens_file("cli");
    let token = new_token(&file, "alex");
    assert!(token.starts_with("ombimcp_") && token.len() > 40, "{token}");
    let stored = std::fs::read_to_string(&file).unwrap();
    assert!(!stored.contains(&token) && stored.contains("alex"), "only a hash is stored: {stored}");
    let list = Command::new(bin()).args(["token", "list", "--file", &file]).output().unwrap();
    let listed = String::from_utf8_lossy(&list.stdout);
    assert!(listed.contains("alex") && !listed.contains(&token), "{listed}");
    let out = Command::new(bin()).args(["token", "revoke", "alex", "--file", &file]).output().unwrap();
    assert!(out.status.success());
    let out = Command::new(bin()).args(["token", "revoke", "alex", "--file", &file]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "nothing left to revoke");
    let out = Command::new(bin()).args(["token", "new", "two words", "--file", &file]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn each_member_is_themselves_in_ombi_on_every_request() {
    let sim = Simulator::start().unwrap();
    let file = tokens_file("members");
    let alex = new_token(&file, "alex");
    let morgan = new_token(&file, "morgan");
    let avery = new_token(&file, "avery");
    let zoe = new_token(&file, "zoe");
    let audit = format!("{}/audit-hosted-{}.jsonl", env!("CARGO_TARGET_TMPDIR"), std::process::id());
    let _ = std::fs::remove_file(&audit);
    let s = HttpServer::start(
        &sim,
        &[
            ("OMBI_MCP_TOKENS_FILE", &file),
            ("OMBI_ALLOW_WRITES", "true"),
            ("OMBI_CONFIRM_WRITES", "never"),
            ("OMBI_MCP_AUDIT_FILE", &audit),
            ("OMBI_USER", "morgan"),
        ],
    );
    // No token, or a wrong one: 401 with a Bearer challenge.
    let r = modern(&s.addr, None, 1, "tools/list", json!({}));
    assert_eq!(r.status, 401);
    assert!(r.header("www-authenticate").unwrap().starts_with("Bearer"));
    assert_eq!(modern(&s.addr, Some("ombimcp_wrong"), 1, "tools/list", json!({})).status, 401);
    // A member's read: every request Ombi sees carries their UserName.
    assert_eq!(call(&s, &alex, "read_server", json!({}))["isError"], false);
    sim.clear_received();
    let r = call(&s, &alex, "read_request_stats", json!({"view": "quota"}));
    assert_eq!(r["isError"], false, "{r}");
    let seen = sim.received();
    assert!(!seen.is_empty());
    for q in &seen {
        assert_eq!(q.header("username"), Some("alex"), "{} {} went out as someone else", q.method, q.path);
    }
    // A member's write is theirs in Ombi (their roles, their quota).
    let tmdb = sim.with_state(|st| {
        st.movies.iter().find(|m| !st.movie_requests.iter().any(|r| r.tmdb_id == m.tmdb_id)).unwrap().tmdb_id
    });
    sim.clear_received();
    let r = call(&s, &alex, "write_request_create", json!({"media": "movie", "tmdb_id": tmdb}));
    assert_eq!(r["structuredContent"]["ok"], true, "{r}");
    let post = sim.received().into_iter().find(|q| q.method == "POST").unwrap();
    assert_eq!(post.header("username"), Some("alex"));
    let requested_by = sim.with_state(|st| {
        let r = st.movie_requests.iter().find(|r| r.tmdb_id == tmdb).unwrap();
        st.user_by_id(&r.requested_user_id).unwrap().user_name.clone()
    });
    assert_eq!(requested_by, "alex", "the request is the member's, not the server's OMBI_USER");
    // Acting for someone else: refused for a plain member, nothing sent …
    sim.clear_received();
    for field in ["as_user", "on_behalf_of"] {
        let r = call(&s, &alex, "write_request_create", json!({"media": "movie", "tmdb_id": tmdb, field: "morgan"}));
        assert_eq!(r["structuredContent"]["error"]["code"], "FORBIDDEN", "{r}");
        assert!(!r["structuredContent"]["correlation_id"].as_str().unwrap().is_empty());
    }
    assert!(sim.received().is_empty(), "nothing reached Ombi: {:?}", sim.received());
    // … allowed for an admin, whom Ombi makes Admin.
    sim.clear_received();
    let r = call(&s, &morgan, "read_request_stats", json!({"view": "quota", "as_user": "alex"}));
    assert_eq!(r["isError"], false, "{r}");
    assert!(sim.received().iter().any(|q| q.header("username") == Some("alex")));
    // Unknown and disabled members are refused before anything is sent for them.
    for t in [&avery, &zoe] {
        sim.clear_received();
        let r = call(&s, t, "read_server", json!({}));
        assert_eq!(r["structuredContent"]["error"]["code"], "AUTHENTICATION_FAILED", "{r}");
        assert!(sim.received().iter().all(|q| q.header("username").is_none()), "only the host's own check");
    }
    // The audit trail names the member.
    let lines = crate::support::audit_lines(&audit, 4);
    drop(s);
    assert!(lines.iter().any(|l| l["member"] == "alex" && l["outcome"] == "completed"), "{lines:?}");
    assert!(lines.iter().all(|l| l["member"].is_string()));
    let text = std::fs::read_to_string(&audit).unwrap();
    assert!(!text.contains(&alex) && !text.contains(sim.api_key()), "no token, no key");
}

#[test]
fn revocation_takes_effect_without_a_restart_and_limits_hold_per_member() {
    let sim = Simulator::start().unwrap();
    let file = tokens_file("revoke");
    let alex = new_token(&file, "alex");
    let sam = new_token(&file, "sam");
    let s = HttpServer::start(&sim, &[("OMBI_MCP_TOKENS_FILE", &file), ("OMBI_MCP_MEMBER_RATE", "5")]);
    assert_eq!(modern(&s.addr, Some(&alex), 1, "tools/list", json!({})).status, 200);
    let out = Command::new(bin()).args(["token", "revoke", "alex", "--file", &file]).output().unwrap();
    assert!(out.status.success());
    assert_eq!(modern(&s.addr, Some(&alex), 2, "tools/list", json!({})).status, 401, "revoked at once");
    // sam's own minute: five requests, then 429 with Retry-After; alex's use did not count.
    for i in 0..5 {
        assert_eq!(modern(&s.addr, Some(&sam), i, "tools/list", json!({})).status, 200, "request {i}");
    }
    let r = modern(&s.addr, Some(&sam), 9, "tools/list", json!({}));
    assert_eq!(r.status, 429);
    assert!(r.header("retry-after").unwrap().parse::<u64>().unwrap() >= 1);
    let other = new_token(&file, "riley");
    assert_eq!(
        modern(&s.addr, Some(&other), 1, "tools/list", json!({})).status,
        200,
        "one member cannot starve another"
    );
}

#[test]
fn origins_hosts_methods_health_and_readiness() {
    let sim = Simulator::start().unwrap();
    let s = HttpServer::start(&sim, &[("OMBI_MCP_ALLOWED_ORIGINS", "https://claude.ai")]);
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"_meta": crate::http_support::modern_meta(false)}}).to_string();
    let h = |extra: &[(&'static str, &'static str)]| {
        let mut v = vec![
            ("Content-Type", "application/json"),
            ("MCP-Protocol-Version", "2026-07-28"),
            ("Mcp-Method", "tools/list"),
        ];
        v.extend_from_slice(extra);
        v
    };
    assert_eq!(request(&s.addr, "POST", "/mcp", &h(&[]), body.as_bytes()).status, 200);
    assert_eq!(request(&s.addr, "POST", "/mcp", &h(&[("Origin", "https://claude.ai")]), body.as_bytes()).status, 200);
    assert_eq!(
        request(&s.addr, "POST", "/mcp", &h(&[("Origin", "https://evil.example")]), body.as_bytes()).status,
        403
    );
    assert_eq!(
        request(&s.addr, "POST", "/mcp", &h(&[("Host", "evil.example:80")]), body.as_bytes()).status,
        403,
        "DNS rebinding"
    );
    for m in ["GET", "DELETE"] {
        let r = request(&s.addr, m, "/mcp", &[], b"");
        assert_eq!(r.status, 405, "{m}");
        assert_eq!(r.header("allow"), Some("POST"));
    }
    // A header that does not match the body.
    let r = request(
        &s.addr,
        "POST",
        "/mcp",
        &[("MCP-Protocol-Version", "2026-07-28"), ("Mcp-Method", "prompts/list")],
        body.as_bytes(),
    );
    assert_eq!((r.status, r.json()["error"]["code"].clone()), (400, json!(-32020)));
    assert_eq!(request(&s.addr, "GET", "/healthz", &[], b"").status, 200);
    assert_eq!(request(&s.addr, "GET", "/readyz", &[], b"").status, 200);
    sim.inject(FaultRule::on(
        "/api/v1/Status",
        Fault::Status { status: 503, body: FaultBody::Empty, retry_after: None },
    ));
    assert_eq!(request(&s.addr, "GET", "/readyz", &[], b"").status, 503, "not ready while Ombi fails");
    assert_eq!(request(&s.addr, "GET", "/healthz", &[], b"").status, 200, "the process still serves");
}

#[test]
fn a_public_address_without_tokens_is_refused() {
    let sim = Simulator::start().unwrap();
    let out = command(&sim).args(["serve", "--http", &format!("0.0.0.0:{}", free_port())]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("without member tokens"));
}

#[test]
fn a_2025_session_is_sealed_and_its_confirmation_comes_on_the_stream() {
    let sim = Simulator::start().unwrap();
    let s = HttpServer::start(&sim, &[("OMBI_ALLOW_WRITES", "true")]);
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {"form": {}}}, "clientInfo": {"name": "e2e", "version": "1"}}});
    let json_headers = [("Content-Type", "application/json"), ("Accept", "application/json, text/event-stream")];
    let r = request(&s.addr, "POST", "/mcp", &json_headers, init.to_string().as_bytes());
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["result"]["protocolVersion"], "2025-11-25");
    let sid = r.header("mcp-session-id").expect("a session id").to_string();
    fn with_session<'a>(json_headers: &[(&'a str, &'a str)], extra: Option<&'a str>) -> Vec<(&'a str, &'a str)> {
        let mut v = json_headers.to_vec();
        v.push(("MCP-Protocol-Version", "2025-11-25"));
        if let Some(x) = extra {
            v.push(("Mcp-Session-Id", x));
        }
        v
    }
    let list = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}).to_string();
    assert_eq!(
        request(&s.addr, "POST", "/mcp", &with_session(&json_headers, None), list.as_bytes()).status,
        400,
        "a session is required"
    );
    assert_eq!(
        request(&s.addr, "POST", "/mcp", &with_session(&json_headers, Some("forged.0000")), list.as_bytes()).status,
        404
    );
    let r = request(&s.addr, "POST", "/mcp", &with_session(&json_headers, Some(&sid)), list.as_bytes());
    assert_eq!(r.json()["result"]["tools"].as_array().unwrap().len(), crate::support::tool_count());
    let note = json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string();
    assert_eq!(request(&s.addr, "POST", "/mcp", &with_session(&json_headers, Some(&sid)), note.as_bytes()).status, 202);
    // A destructive write: the question comes on the call's SSE stream, the answer by POST.
    let issue = sim.with_state(|st| st.issues[0].id);
    let call = json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "write_issue_delete", "arguments": {"issue_id": issue}}}).to_string();
    let mut events = stream(&s.addr, &with_session(&json_headers, Some(&sid)), call.as_bytes());
    assert_eq!(events.status, 200);
    assert!(events.headers.iter().any(|(k, v)| k == "content-type" && v.starts_with("text/event-stream")));
    let question = events.next().unwrap();
    assert_eq!(question["method"], "elicitation/create", "{question}");
    assert!(question["params"]["message"].as_str().unwrap().starts_with(&format!("Delete issue #{issue}")));
    assert!(sim.with_state(|st| st.issues.iter().any(|i| i.id == issue)), "nothing sent while asking");
    let answer =
        json!({"jsonrpc": "2.0", "id": question["id"], "result": {"action": "accept", "content": {"confirm": true}}})
            .to_string();
    assert_eq!(
        request(&s.addr, "POST", "/mcp", &with_session(&json_headers, Some(&sid)), answer.as_bytes()).status,
        202
    );
    let result = events.next().unwrap();
    assert_eq!(result["id"], 3);
    assert_eq!(result["result"]["structuredContent"]["ok"], true, "{result}");
    assert!(!sim.with_state(|st| st.issues.iter().any(|i| i.id == issue)));
}

#[cfg(unix)]
#[test]
fn sigterm_drains_calls_in_flight_then_exits_cleanly() {
    let sim = Simulator::start().unwrap();
    let mut s = HttpServer::start(&sim, &[]);
    sim.inject(FaultRule::on("/api/v1/Status", Fault::Delay(Duration::from_secs(2))));
    let addr = s.addr.clone();
    let slow = std::thread::spawn(move || call_status(&addr));
    std::thread::sleep(Duration::from_millis(500));
    // SAFETY: signalling a child process this test owns.
    unsafe { libc::kill(s.child.id() as i32, libc::SIGTERM) };
    std::thread::sleep(Duration::from_millis(300));
    let r = slow.join().unwrap();
    assert_eq!(r["result"]["isError"], false, "the call in flight finished: {r}");
    let started = Instant::now();
    let status = loop {
        if let Some(st) = s.child.try_wait().unwrap() {
            break st;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "did not exit");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "exit {status}");
    assert!(s.stderr().contains("stopping"), "{}", s.stderr());
    assert!(std::net::TcpStream::connect(&s.addr).is_err(), "no new calls after the drain");
}

fn call_status(addr: &str) -> Value {
    modern(addr, None, 1, "tools/call", json!({"name": "read_server", "arguments": {}})).json()
}
