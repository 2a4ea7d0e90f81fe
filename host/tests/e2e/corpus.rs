//! The malformed-input corpus: a table of protocol inputs (bad JSON and UTF-8, NUL, CRLF,
//! split writes, wrong types for every field, id kinds, duplicate ids in flight, batches,
//! notifications, requests before `initialize`, `initialize` twice, unknown versions, deep
//! nesting, a 20 MiB line, huge numbers), each with its expected answer, against the real
//! binary. After every input the session must still answer `ping`.

use ombi_sim::Simulator;
use serde_json::{Value, json};

use crate::support::Server;

/// What an input must get back (besides the `ping` after it).
#[derive(Debug, Clone)]
enum Expect {
    /// One JSON-RPC error with this code and id.
    Error(i64, Value),
    /// One success with this id.
    Ok(Value),
    /// One tool result with `isError` true, for this id.
    ToolError(Value),
    /// Nothing (notifications, responses, blank lines).
    Nothing,
    /// This many answers, all with this id (duplicate ids in flight).
    Many(usize, Value),
}

struct Case {
    name: String,
    /// Pieces written one after the other (a split write when there are several).
    pieces: Vec<Vec<u8>>,
    expect: Expect,
}

fn case(name: &str, line: &str, expect: Expect) -> Case {
    Case { name: name.into(), pieces: vec![format!("{line}\n").into_bytes()], expect }
}

fn raw(name: &str, bytes: Vec<u8>, expect: Expect) -> Case {
    let mut b = bytes;
    b.push(b'\n');
    Case { name: name.into(), pieces: vec![b], expect }
}

const PARSE: i64 = -32700;
const INVALID: i64 = -32600;
const NOT_FOUND: i64 = -32601;
const PARAMS: i64 = -32602;

fn corpus() -> Vec<Case> {
    use Expect::*;
    let null = Value::Null;
    let mut c = vec![
        case("not json", "{not json", Error(PARSE, null.clone())),
        case("open brace", "{", Error(PARSE, null.clone())),
        case("close brace", "}", Error(PARSE, null.clone())),
        case("bare word", "nul", Error(PARSE, null.clone())),
        raw("invalid utf-8", vec![0xff, 0xfe, b'{'], Error(PARSE, null.clone())),
        raw("raw NUL byte", b"{\"jsonrpc\":\"2.0\",\0\"id\":1}".to_vec(), Error(PARSE, null.clone())),
        case("lone surrogate", r#"{"jsonrpc":"2.0","id":1,"method":"\ud800"}"#, Error(PARSE, null.clone())),
        case("byte order mark", "\u{feff}{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", Error(PARSE, null.clone())),
        case("two objects on a line", r#"{"jsonrpc":"2.0","id":1,"method":"ping"}{"jsonrpc":"2.0","id":2,"method":"ping"}"#, Error(PARSE, null.clone())),
        case("trailing garbage", r#"{"jsonrpc":"2.0","id":1,"method":"ping"} x"#, Error(PARSE, null.clone())),
        case("number out of range", r#"{"jsonrpc":"2.0","id":1e400,"method":"ping"}"#, Error(PARSE, null.clone())),
        case("a string", r#""hello""#, Error(INVALID, null.clone())),
        case("a number", "42", Error(INVALID, null.clone())),
        case("true", "true", Error(INVALID, null.clone())),
        case("null", "null", Error(INVALID, null.clone())),
        case("empty batch", "[]", Error(INVALID, null.clone())),
        case("a batch", r#"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]"#, Error(INVALID, null.clone())),
        case("escaped NUL in method", r#"{"jsonrpc":"2.0","id":3,"method":"pi\u0000ng"}"#, Error(NOT_FOUND, json!(3))),
        case("CRLF line end", "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\"}\r", Ok(json!(4))),
        case("leading spaces", "   {\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}", Ok(json!(5))),
        case("empty line", "", Nothing),
        case("spaces only", "   \t ", Nothing),
        case("id empty string", r#"{"jsonrpc":"2.0","id":"","method":"ping"}"#, Ok(json!(""))),
        case("id zero", r#"{"jsonrpc":"2.0","id":0,"method":"ping"}"#, Ok(json!(0))),
        case("id negative", r#"{"jsonrpc":"2.0","id":-7,"method":"ping"}"#, Ok(json!(-7))),
        case("id u64 max", r#"{"jsonrpc":"2.0","id":18446744073709551615,"method":"ping"}"#, Ok(json!(u64::MAX))),
        case("id unicode string", r#"{"jsonrpc":"2.0","id":"é✓","method":"ping"}"#, Ok(json!("é✓"))),
        case("id float", r#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#, Error(INVALID, null.clone())),
        case("unknown method", r#"{"jsonrpc":"2.0","id":6,"method":"nope"}"#, Error(NOT_FOUND, json!(6))),
        case("empty method", r#"{"jsonrpc":"2.0","id":7,"method":""}"#, Error(NOT_FOUND, json!(7))),
        case("resources/subscribe", r#"{"jsonrpc":"2.0","id":8,"method":"resources/subscribe","params":{"uri":"x"}}"#, Error(NOT_FOUND, json!(8))),
        case("tools/call without params", r#"{"jsonrpc":"2.0","id":9,"method":"tools/call"}"#, Error(PARAMS, json!(9))),
        case("tools/call name number", r#"{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":5}}"#, Error(PARAMS, json!(10))),
        case("tools/call name empty", r#"{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":""}}"#, Error(PARAMS, json!(11))),
        case("tools/call unknown tool", r#"{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"read_everything"}}"#, Error(PARAMS, json!(12))),
        case("tools/call arguments string", r#"{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"read_server","arguments":"x"}}"#, ToolError(json!(13))),
        case("tools/call arguments array", r#"{"jsonrpc":"2.0","id":14,"method":"tools/call","params":{"name":"read_server","arguments":[1]}}"#, ToolError(json!(14))),
        case("tools/call arguments number", r#"{"jsonrpc":"2.0","id":15,"method":"tools/call","params":{"name":"read_server","arguments":3}}"#, ToolError(json!(15))),
        case("tools/call arguments null", r#"{"jsonrpc":"2.0","id":16,"method":"tools/call","params":{"name":"read_server","arguments":null}}"#, Ok(json!(16))),
        case("tools/call offset 2^32", r#"{"jsonrpc":"2.0","id":17,"method":"tools/call","params":{"name":"read_search","arguments":{"query":"x","offset":4294967296}}}"#, ToolError(json!(17))),
        case("tools/call huge limit", r#"{"jsonrpc":"2.0","id":18,"method":"tools/call","params":{"name":"read_search","arguments":{"query":"x","limit":1e300}}}"#, ToolError(json!(18))),
        case("tools/call query of dots", r#"{"jsonrpc":"2.0","id":19,"method":"tools/call","params":{"name":"read_search","arguments":{"query":".."}}}"#, ToolError(json!(19))),
        case("tools/call unknown argument", r#"{"jsonrpc":"2.0","id":20,"method":"tools/call","params":{"name":"read_server","arguments":{"colour":"red"}}}"#, ToolError(json!(20))),
        case("tools/call with _meta", r#"{"jsonrpc":"2.0","id":21,"method":"tools/call","params":{"name":"read_server","arguments":{},"_meta":{"progressToken":1}}}"#, Ok(json!(21))),
        case("initialize without version", r#"{"jsonrpc":"2.0","id":22,"method":"initialize","params":{}}"#, Error(PARAMS, json!(22))),
        case("initialize version number", r#"{"jsonrpc":"2.0","id":23,"method":"initialize","params":{"protocolVersion":2025}}"#, Error(PARAMS, json!(23))),
        case("initialize unknown version", r#"{"jsonrpc":"2.0","id":24,"method":"initialize","params":{"protocolVersion":"1999-01-01","capabilities":{}}}"#, Ok(json!(24))),
        case("initialize again", r#"{"jsonrpc":"2.0","id":25,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}"#, Ok(json!(25))),
        case("initialize 2025-03-26", r#"{"jsonrpc":"2.0","id":26,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{}}}"#, Ok(json!(26))),
        case("tools/list before initialized", r#"{"jsonrpc":"2.0","id":27,"method":"tools/list"}"#, Ok(json!(27))),
        case("tools/list with a cursor", r#"{"jsonrpc":"2.0","id":28,"method":"tools/list","params":{"cursor":"abc"}}"#, Ok(json!(28))),
        case("server/discover", r#"{"jsonrpc":"2.0","id":29,"method":"server/discover","params":{}}"#, Ok(json!(29))),
        case("ping with array params", r#"{"jsonrpc":"2.0","id":30,"method":"ping","params":[]}"#, Ok(json!(30))),
        case("ping with extra fields", r#"{"jsonrpc":"2.0","id":31,"method":"ping","extra":true}"#, Ok(json!(31))),
        case("notification ping", r#"{"jsonrpc":"2.0","method":"ping"}"#, Nothing),
        case("notification unknown", r#"{"jsonrpc":"2.0","method":"notifications/whatever","params":{}}"#, Nothing),
        case("notification cancelled", r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}"#, Nothing),
        case("a stray response", r#"{"jsonrpc":"2.0","id":99,"result":{}}"#, Nothing),
        case("a stray error response", r#"{"jsonrpc":"2.0","id":98,"error":{"code":-1,"message":"x"}}"#, Nothing),
        case("deep arrays", &format!("{}{}", "[".repeat(100_000), "]".repeat(100_000)), Error(PARSE, null.clone())),
        case("deep objects", &format!("{}1{}", "{\"a\":".repeat(100_000), "}".repeat(100_000)), Error(PARSE, null.clone())),
        case("deep params", &format!("{{\"jsonrpc\":\"2.0\",\"id\":32,\"method\":\"ping\",\"params\":{{\"a\":{}0{}}}}}", "[".repeat(50_000), "]".repeat(50_000)), Error(PARSE, null.clone())),
        case("huge number in params", r#"{"jsonrpc":"2.0","id":33,"method":"ping","params":{"n":123456789012345678901234567890}}"#, Ok(json!(33))),
        case("a 1 MB method name", &format!("{{\"jsonrpc\":\"2.0\",\"id\":34,\"method\":\"{}\"}}", "m".repeat(1 << 20)), Error(NOT_FOUND, json!(34))),
        case("a 20 MiB line", &format!("{{\"jsonrpc\":\"2.0\",\"id\":35,\"method\":\"ping\",\"params\":{{\"x\":\"{}\"}}}}", "a".repeat(20 << 20)), Error(INVALID, null.clone())),
        Case {
            name: "split write".into(),
            pieces: vec![b"{\"jsonrpc\":\"2.0\",".to_vec(), b"\"id\":36,\"meth".to_vec(), b"od\":\"ping\"}\n".to_vec()],
            expect: Ok(json!(36)),
        },
        Case {
            name: "two lines in one write".into(),
            pieces: vec![b"{\"jsonrpc\":\"2.0\",\"id\":37,\"method\":\"ping\"}\n{\"jsonrpc\":\"2.0\",\"id\":37,\"method\":\"ping\"}\n".to_vec()],
            expect: Many(2, json!(37)),
        },
        Case {
            name: "duplicate ids in flight".into(),
            pieces: vec![
                br#"{"jsonrpc":"2.0","id":38,"method":"tools/call","params":{"name":"read_server","arguments":{"view":"status"}}}"#.to_vec(),
                b"\n".to_vec(),
                br#"{"jsonrpc":"2.0","id":38,"method":"tools/call","params":{"name":"read_server","arguments":{"view":"about"}}}"#.to_vec(),
                b"\n".to_vec(),
            ],
            expect: Many(2, json!(38)),
        },
    ];
    // Wrong types for every field of a request.
    let wrong: [(&str, Value); 7] = [
        ("null", Value::Null),
        ("true", json!(true)),
        ("number", json!(1)),
        ("float", json!(1.5)),
        ("string", json!("s")),
        ("array", json!([])),
        ("object", json!({})),
    ];
    for (label, v) in &wrong {
        let mut msg = json!({"jsonrpc": v, "id": 100, "method": "ping"});
        let expect = Error(INVALID, json!(100));
        c.push(case(&format!("jsonrpc {label}"), &msg.to_string(), expect));
        msg = json!({"jsonrpc": "2.0", "id": 101, "method": v});
        let expect = if v.is_string() { Error(NOT_FOUND, json!(101)) } else { Error(INVALID, json!(101)) };
        c.push(case(&format!("method {label}"), &msg.to_string(), expect));
        msg = json!({"jsonrpc": "2.0", "id": 102, "method": "ping", "params": v});
        let expect =
            if v.is_null() || v.is_array() || v.is_object() { Ok(json!(102)) } else { Error(INVALID, json!(102)) };
        c.push(case(&format!("params {label}"), &msg.to_string(), expect));
        msg = json!({"jsonrpc": "2.0", "id": v, "method": "ping"});
        let expect = match v {
            Value::Null => Error(INVALID, Value::Null),
            Value::String(_) => Ok(v.clone()),
            Value::Number(n) if n.is_i64() => Ok(v.clone()),
            _ => Error(INVALID, Value::Null),
        };
        c.push(case(&format!("id {label}"), &msg.to_string(), expect));
        msg = json!({"jsonrpc": "2.0", "id": 103, "method": "tools/call", "params": {"name": v}});
        // "s" names no tool; other types are no tool name at all.
        let expect = Error(PARAMS, json!(103));
        c.push(case(&format!("tool name {label}"), &msg.to_string(), expect));
        msg = json!({"jsonrpc": "2.0", "id": 104, "method": "initialize", "params": {"protocolVersion": v, "capabilities": {}}});
        let expect = if v.is_string() { Ok(json!(104)) } else { Error(PARAMS, json!(104)) };
        c.push(case(&format!("protocolVersion {label}"), &msg.to_string(), expect));
        msg = json!({"jsonrpc": "2.0", "id": 105, "method": "tools/call", "params": {"name": "read_search", "arguments": {"query": v}}});
        // A string is a fine query; null is an absent (required) one; anything else the wrong type.
        let expect = if v.is_string() { Ok(json!(105)) } else { ToolError(json!(105)) };
        c.push(case(&format!("tool argument {label}"), &msg.to_string(), expect));
    }
    c
}

#[test]
fn every_malformed_input_gets_its_answer_and_the_session_survives() {
    let sim = Simulator::start().unwrap();
    let mut s = Server::start(&sim, &[]);
    let cases = corpus();
    assert!(cases.len() >= 100, "the corpus has {} cases", cases.len());
    for (n, c) in cases.iter().enumerate() {
        for piece in &c.pieces {
            s.send_bytes(piece);
            if c.pieces.len() > 1 {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
        }
        let ping = json!(format!("ping-{n}"));
        s.send_raw(&json!({"jsonrpc": "2.0", "id": ping, "method": "ping"}).to_string());
        // Tool calls are answered asynchronously: wait for the ping and every expected answer.
        let wanted = match &c.expect {
            Expect::Nothing => 0,
            Expect::Many(k, _) => *k,
            _ => 1,
        };
        let mut got = Vec::new();
        let mut ponged = false;
        while !ponged || got.len() < wanted {
            let msg = s.recv();
            if msg["id"] == ping {
                assert_eq!(msg["result"], json!({}), "{}: ping after it: {msg}", c.name);
                ponged = true;
            } else {
                got.push(msg);
            }
        }
        let one = |got: &[Value]| -> Value {
            assert_eq!(got.len(), 1, "{}: expected one answer, got {got:?}", c.name);
            got[0].clone()
        };
        match &c.expect {
            Expect::Nothing => assert!(got.is_empty(), "{}: expected no answer, got {got:?}", c.name),
            Expect::Error(code, id) => {
                let m = one(&got);
                assert_eq!(m["error"]["code"], json!(code), "{}: {m}", c.name);
                assert_eq!(&m["id"], id, "{}: {m}", c.name);
                assert!(m.to_string().len() < 4096, "{}: the error is short", c.name);
            }
            Expect::Ok(id) => {
                let m = one(&got);
                assert!(m.get("result").is_some(), "{}: {m}", c.name);
                assert_eq!(&m["id"], id, "{}", c.name);
                if let Some(is_error) = m["result"].get("isError") {
                    assert_eq!(is_error, false, "{}: {m}", c.name);
                }
            }
            Expect::ToolError(id) => {
                let m = one(&got);
                assert_eq!(&m["id"], id, "{}", c.name);
                assert_eq!(m["result"]["isError"], true, "{}: {m}", c.name);
                assert_eq!(m["result"]["structuredContent"]["error"]["code"], "INVALID_ARGUMENT", "{}: {m}", c.name);
            }
            Expect::Many(k, id) => {
                assert_eq!(got.len(), *k, "{}: {got:?}", c.name);
                assert!(got.iter().all(|m| &m["id"] == id), "{}", c.name);
            }
        }
    }
    println!("malformed-input corpus: {} cases, each answered as expected, ping answered after every one", cases.len());
    assert!(s.finish(), "the server exits cleanly at the end of its input");
}
