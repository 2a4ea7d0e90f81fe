//! The 2026-07-28 era end to end: stateless requests naming their version and capabilities
//! in `_meta`, results with `resultType` and cache hints, `-32022` for a version not served,
//! and confirmations as `input_required` results the client answers by retrying with a
//! sealed `requestState` (tampered, replayed and foreign states refused, nothing sent).
//! Resources, prompts and completions in both eras.

use ombi_sim::Simulator;
use serde_json::{Value, json};

use crate::support::{Schemas, Server};

const MODERN: &str = "2026-07-28";

fn meta(capabilities: Value) -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": MODERN,
        "io.modelcontextprotocol/clientInfo": {"name": "e2e", "version": "1"},
        "io.modelcontextprotocol/clientCapabilities": capabilities,
    })
}

/// A 2026-07-28 request declaring form elicitation.
fn modern(s: &mut Server, method: &str, mut params: Value) -> Value {
    params["_meta"] = meta(json!({"elicitation": {"form": {}}}));
    s.request(method, params)
}

fn deletable_issue(sim: &Simulator) -> u64 {
    sim.with_state(|st| st.issues[0].id)
}

fn issue_exists(sim: &Simulator, id: u64) -> bool {
    sim.with_state(|st| st.issues.iter().any(|i| i.id == id))
}

#[test]
fn discovery_and_lists_carry_the_modern_shape() {
    let sim = Simulator::start().unwrap();
    let mut s = Server::start(&sim, &[]);
    let d = modern(&mut s, "server/discover", json!({}));
    let r = &d["result"];
    assert_eq!(r["supportedVersions"][0], MODERN, "{d}");
    assert!(r["supportedVersions"].as_array().unwrap().contains(&json!("2025-11-25")));
    assert_eq!(r["resultType"], "complete");
    assert!(r["ttlMs"].is_u64() && r["cacheScope"].is_string(), "{r}");
    assert_eq!(r["_meta"]["io.modelcontextprotocol/serverInfo"]["name"], "ombi-mcp");
    assert!(r["capabilities"]["tools"].is_object() && r["capabilities"]["resources"].is_object());
    // No initialize: each request stands alone.
    let list = modern(&mut s, "tools/list", json!({}));
    assert_eq!(list["result"]["tools"].as_array().unwrap().len(), crate::support::tool_count());
    assert_eq!(list["result"]["resultType"], "complete");
    assert!(list["result"]["ttlMs"].is_u64());
    let call = modern(&mut s, "tools/call", json!({"name": "read_server", "arguments": {}}));
    assert_eq!(call["result"]["resultType"], "complete", "{call}");
    assert_eq!(call["result"]["structuredContent"]["ok"], true);
    // ping and initialize were removed in 2026-07-28.
    assert_eq!(modern(&mut s, "ping", json!({}))["error"]["code"], -32601);
    assert_eq!(modern(&mut s, "initialize", json!({"protocolVersion": "2025-11-25"}))["error"]["code"], -32601);
    assert!(s.finish());
}

#[test]
fn versions_not_served_and_malformed_meta_are_refused_with_their_codes() {
    let sim = Simulator::start().unwrap();
    let mut s = Server::start(&sim, &[]);
    let r = s.request(
        "tools/list",
        json!({"_meta": {"io.modelcontextprotocol/protocolVersion": "2099-01-01",
                         "io.modelcontextprotocol/clientCapabilities": {}}}),
    );
    assert_eq!(r["error"]["code"], -32022, "{r}");
    assert_eq!(r["error"]["data"]["requested"], "2099-01-01");
    assert!(r["error"]["data"]["supported"].as_array().unwrap().contains(&json!(MODERN)));
    // The capabilities are required in every modern request.
    let r = s.request("tools/list", json!({"_meta": {"io.modelcontextprotocol/protocolVersion": MODERN}}));
    assert_eq!(r["error"]["code"], -32602, "{r}");
    let r = s.request("tools/list", json!({"_meta": {"io.modelcontextprotocol/protocolVersion": 7}}));
    assert_eq!(r["error"]["code"], -32602, "{r}");
    // The session survives, and the handshake era still works beside it.
    assert_eq!(s.initialize()["result"]["protocolVersion"], "2025-11-25");
    assert_eq!(s.tools().len(), crate::support::tool_count());
}

#[test]
fn a_confirmation_is_an_input_request_answered_by_retrying() {
    let sim = Simulator::start().unwrap();
    let mut s = Server::start(&sim, &[("OMBI_ALLOW_WRITES", "true")]);
    let tools = modern(&mut s, "tools/list", json!({}))["result"]["tools"].as_array().cloned().unwrap();
    let schemas = Schemas::new(&tools);
    let issue = deletable_issue(&sim);
    let args = json!({"issue_id": issue});
    sim.clear_received();
    let first = modern(&mut s, "tools/call", json!({"name": "write_issue_delete", "arguments": args}));
    let r = &first["result"];
    assert_eq!(r["resultType"], "input_required", "{first}");
    let ask = &r["inputRequests"]["confirm"];
    assert_eq!(ask["method"], "elicitation/create");
    assert_eq!(ask["params"]["mode"], "form");
    assert!(ask["params"]["message"].as_str().unwrap().contains(&format!("{issue}")), "{ask}");
    assert_eq!(ask["params"]["requestedSchema"]["properties"]["confirm"]["type"], "boolean");
    let state = r["requestState"].as_str().unwrap().to_string();
    assert!(!state.contains(sim.api_key()));
    assert!(sim.received().iter().all(|q| q.method == "GET"), "only reads while asking");
    assert!(issue_exists(&sim, issue));

    let retry = |s: &mut Server, state: &str, answer: Value, args: &Value| {
        modern(
            s,
            "tools/call",
            json!({"name": "write_issue_delete", "arguments": args,
                   "inputResponses": {"confirm": answer}, "requestState": state}),
        )
    };
    let accept = json!({"action": "accept", "content": {"confirm": true}});
    // A tampered state: refused, nothing sent.
    let mut tampered = state.clone();
    let last = tampered.pop().unwrap();
    tampered.push(if last == '0' { '1' } else { '0' });
    let r = retry(&mut s, &tampered, accept.clone(), &args);
    schemas.check("write_issue_delete", &r["result"]);
    assert_eq!(r["result"]["structuredContent"]["error"]["code"], "FORBIDDEN", "{r}");
    // The state of one call does not approve another.
    let other = json!({"issue_id": issue + 1000});
    let r = retry(&mut s, &state, accept.clone(), &other);
    assert_eq!(r["result"]["structuredContent"]["error"]["code"], "FORBIDDEN", "{r}");
    assert!(sim.received().iter().all(|q| q.method == "GET"));
    // Declined: nothing sent.
    let r = retry(&mut s, &state, json!({"action": "decline"}), &args);
    assert_eq!(r["result"]["structuredContent"]["error"]["code"], "FORBIDDEN", "{r}");
    assert!(issue_exists(&sim, issue), "a declined delete reached Ombi");
    // The state was used by that answer: accepting it now is a replay.
    let r = retry(&mut s, &state, accept.clone(), &args);
    let message = r["result"]["structuredContent"]["error"]["message"].as_str().unwrap().to_string();
    assert!(message.contains("already used"), "{message}");
    assert!(issue_exists(&sim, issue));
    // Asked afresh and accepted: exactly the planned delete reaches Ombi.
    let first = modern(&mut s, "tools/call", json!({"name": "write_issue_delete", "arguments": args}));
    let state = first["result"]["requestState"].as_str().unwrap().to_string();
    let r = retry(&mut s, &state, accept.clone(), &args);
    schemas.check("write_issue_delete", &r["result"]);
    assert_eq!(r["result"]["resultType"], "complete");
    assert_eq!(r["result"]["structuredContent"]["ok"], true, "{r}");
    assert!(!issue_exists(&sim, issue));
    let deletes: Vec<_> = sim.received().into_iter().filter(|q| q.method == "DELETE").collect();
    assert_eq!(deletes.len(), 1);
    // A replay after success sends nothing more.
    let r = retry(&mut s, &state, accept, &args);
    assert_eq!(r["result"]["structuredContent"]["error"]["code"], "FORBIDDEN");
    assert_eq!(sim.received().into_iter().filter(|q| q.method == "DELETE").count(), 1);
}

#[test]
fn a_modern_client_without_elicitation_is_never_asked() {
    let sim = Simulator::start().unwrap();
    let mut s = Server::start(&sim, &[("OMBI_ALLOW_WRITES", "true"), ("OMBI_CONFIRM_WRITES", "required")]);
    let issue = deletable_issue(&sim);
    let r = s.request(
        "tools/call",
        json!({"name": "write_issue_delete", "arguments": {"issue_id": issue}, "_meta": meta(json!({}))}),
    );
    assert_eq!(r["result"]["resultType"], "complete", "{r}");
    assert_eq!(r["result"]["structuredContent"]["error"]["code"], "FORBIDDEN");
    assert!(issue_exists(&sim, issue));
}

#[test]
fn resources_prompts_and_completions_in_both_eras() {
    let sim = Simulator::start().unwrap();
    let mut s = Server::start(&sim, &[]);
    s.initialize();
    let list = s.request("resources/list", json!({}));
    let resources = list["result"]["resources"].as_array().cloned().unwrap_or_else(|| panic!("{list}"));
    assert!(!resources.is_empty());
    for r in &resources {
        let uri = r["uri"].as_str().unwrap();
        let read = s.request("resources/read", json!({"uri": uri}));
        let contents = &read["result"]["contents"][0];
        assert_eq!(contents["uri"], uri, "{read}");
        let text = contents["text"].as_str().unwrap();
        assert!(!text.is_empty() && !text.contains(sim.api_key()), "{uri}");
    }
    let unknown = s.request("resources/read", json!({"uri": "ombi://nothing/here"}));
    assert_eq!(unknown["error"]["code"], -32602, "{unknown}");
    let templates = s.request("resources/templates/list", json!({}));
    assert!(!templates["result"]["resourceTemplates"].as_array().unwrap().is_empty());
    let prompts = s.request("prompts/list", json!({}));
    let names: Vec<String> =
        prompts["result"]["prompts"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap().into()).collect();
    assert!(!names.is_empty());
    let missing = s.request("prompts/get", json!({"name": "no_such_prompt"}));
    assert_eq!(missing["error"]["code"], -32602);
    // The same in the modern era, with its result type and cache hints.
    let list = modern(&mut s, "resources/list", json!({}));
    assert_eq!(list["result"]["resultType"], "complete");
    assert!(list["result"]["ttlMs"].is_u64());
    let uri = resources[0]["uri"].as_str().unwrap();
    let read = modern(&mut s, "resources/read", json!({"uri": uri}));
    assert_eq!(read["result"]["cacheScope"], "private", "{read}");
    let prompts = modern(&mut s, "prompts/list", json!({}));
    assert_eq!(prompts["result"]["prompts"].as_array().unwrap().len(), names.len());
}
