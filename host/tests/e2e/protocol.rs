//! MCP over stdio: handshake, discovery, and malformed input answered with the right
//! codes while the session survives.

use std::time::{Duration, Instant};

use ombi_sim::Simulator;
use serde_json::{Value, json};

use crate::support::Server;

#[test]
fn discover_is_answered_at_once_even_before_initialize() {
    let sim = Simulator::start().unwrap();
    let mut s = Server::start(&sim, &[]);
    let started = Instant::now();
    let r = s.request(
        "server/discover",
        json!({"_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
                         "io.modelcontextprotocol/clientCapabilities": {}}}),
    );
    let took = started.elapsed();
    assert!(r["result"]["supportedVersions"].as_array().unwrap().contains(&json!("2025-11-25")), "{r}");
    assert_eq!(r["result"]["supportedVersions"][0], "2026-07-28");
    assert_eq!(r["result"]["_meta"]["io.modelcontextprotocol/serverInfo"]["name"], "ombi-mcp");
    // Generous for a cold debug start; the point is it does not wait on anything.
    assert!(took < Duration::from_secs(30), "{took:?}");
    let init = s.initialize();
    assert_eq!(init["result"]["protocolVersion"], "2025-11-25");
    assert_eq!(s.request("ping", json!({}))["result"], json!({}));
    assert!(s.finish());
}

#[test]
fn version_negotiation_offers_a_supported_version() {
    let sim = Simulator::start().unwrap();
    let mut s = Server::start(&sim, &[]);
    let r = s.request("initialize", json!({"protocolVersion": "2025-06-18", "capabilities": {}}));
    assert_eq!(r["result"]["protocolVersion"], "2025-06-18");
    let r = s.request("initialize", json!({"protocolVersion": "2099-01-01", "capabilities": {}}));
    assert_eq!(r["result"]["protocolVersion"], "2025-11-25");
}

#[test]
fn malformed_messages_get_their_codes_and_the_session_continues() {
    let sim = Simulator::start().unwrap();
    let mut s = Server::start(&sim, &[]);
    s.initialize();
    let expect = |s: &mut Server, line: &str, code: i64, id: Value| {
        s.send_raw(line);
        let r = s.recv();
        assert_eq!(r["error"]["code"], code, "{line} -> {r}");
        assert_eq!(r["id"], id, "{line} -> {r}");
    };
    expect(&mut s, "{this is not json", -32700, Value::Null);
    expect(&mut s, r#"{"jsonrpc":"2.0","id":1}"#, -32600, json!(1));
    expect(&mut s, r#"{"jsonrpc":"2.0","id":2,"method":42}"#, -32600, json!(2));
    expect(&mut s, r#"[{"jsonrpc":"2.0","id":3,"method":"ping"}]"#, -32600, Value::Null);
    expect(&mut s, r#""just a string""#, -32600, Value::Null);
    expect(&mut s, r#"{"jsonrpc":"2.0","id":4,"method":"sampling/createMessage"}"#, -32601, json!(4));
    expect(
        &mut s,
        r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"read_everything"}}"#,
        -32602,
        json!(5),
    );
    expect(&mut s, r#"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{}}"#, -32602, json!(6));
    // A line over the 4 MiB limit is answered and drained, not buffered.
    let long =
        format!(r#"{{"jsonrpc":"2.0","id":7,"method":"ping","params":{{"pad":"{}"}}}}"#, "x".repeat(5 * 1024 * 1024));
    expect(&mut s, &long, -32600, Value::Null);
    // Bad arguments are a tool result, not a protocol error.
    let r = s.call("read_search", json!({"query": 5}));
    assert_eq!(r["isError"], true);
    assert_eq!(r["structuredContent"]["error"]["code"], "INVALID_ARGUMENT");
    assert_eq!(r["structuredContent"]["error"]["field"], "query");
    let r = s.call("read_server", json!(["not", "an", "object"]));
    assert_eq!(r["structuredContent"]["error"]["field"], "arguments");
    // Still alive.
    assert_eq!(s.request("ping", json!({}))["result"], json!({}));
    assert_eq!(s.tools().len(), crate::support::tool_count());
    assert!(s.finish(), "the server should exit cleanly when stdin closes");
}

#[test]
fn notifications_and_client_responses_get_no_answer() {
    let sim = Simulator::start().unwrap();
    let mut s = Server::start(&sim, &[]);
    s.send_raw(r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":9}}"#);
    s.send_raw(r#"{"jsonrpc":"2.0","id":99,"result":{}}"#);
    let r = s.request("ping", json!({}));
    assert_eq!(r["id"], 1, "the first answer must be the ping's");
}
