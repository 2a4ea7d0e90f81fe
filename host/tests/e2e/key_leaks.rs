//! The key in any spelling stays out of the sandbox: Ombi answers that carry it `\u`-escaped
//! (either hex case, of either letter case, mixed with literal characters) or
//! percent-encoded, in headers, header names, bodies cut at every byte into chunks, and
//! trailers, reach the component with the key replaced; and a tool whose error detail is cut
//! to its budget inside the key puts no piece of it in the result (the leak audit in
//! `support` reads every JSON string as a client decodes it, in any case).

use ombi_sim::{Fault, FaultBody, FaultRule, Simulator};
use serde_json::json;

use crate::support::session;

/// The key with character `i` spelled by `how`.
fn spell(key: &str, how: impl Fn(usize, u8) -> String) -> String {
    key.bytes().enumerate().map(|(i, b)| how(i, b)).collect()
}

/// Every spelling the host must catch.
fn spellings(key: &str) -> Vec<(&'static str, String)> {
    vec![
        ("\\u lower hex", spell(key, |_, b| format!("\\u{b:04x}"))),
        ("\\u upper hex, upper letters", spell(key, |_, b| format!("\\u{:04X}", b.to_ascii_uppercase()))),
        (
            "every other character escaped",
            spell(key, |i, b| if i % 2 == 1 { format!("\\u{b:04x}") } else { (b as char).to_string() }),
        ),
        (
            "only the last escaped",
            spell(key, |i, b| if i + 1 == key.len() { format!("\\u{b:04X}") } else { (b as char).to_string() }),
        ),
        ("percent-encoded", spell(key, |_, b| format!("%{b:02X}"))),
        (
            "mixed",
            spell(key, |i, b| match i % 3 {
                0 => format!("\\u{b:04X}"),
                1 => format!("%{b:02x}"),
                _ => (b as char).to_ascii_uppercase().to_string(),
            }),
        ),
    ]
}

/// Decodes `\uXXXX` and `%XX` the way a JSON parser or a URL decoder would, lower-cased.
fn decoded(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let hex = |r: std::ops::Range<usize>| {
            text.get(r).and_then(|h| u32::from_str_radix(h, 16).ok()).and_then(char::from_u32)
        };
        if b[i] == b'\\'
            && b.get(i + 1) == Some(&b'u')
            && let Some(c) = hex(i + 2..i + 6)
        {
            out.extend_from_slice(c.to_string().as_bytes());
            i += 6;
        } else if b[i] == b'%'
            && let Some(c) = hex(i + 1..i + 3)
        {
            out.extend_from_slice(c.to_string().as_bytes());
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).to_lowercase()
}

fn unhex(s: &str) -> String {
    let bytes: Vec<u8> = (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Asserts no 8 consecutive characters of `key` are in `text`, in any spelling or case.
fn assert_no_piece(text: &str, key: &str, what: &str) {
    let (text, key) = (decoded(text), key.to_lowercase());
    for i in 0..=key.len() - 8 {
        assert!(!text.contains(&key[i..i + 8]), "{what}: 8 characters of the key reached the component: {text}");
    }
}

#[test]
fn the_key_in_any_spelling_never_reaches_the_component() {
    let sim = Simulator::start().unwrap();
    let key = sim.api_key().to_string();
    let mut s = crate::sandbox::probe(&sim, &[]);
    s.audit_key(&key);
    let url = format!("{}/api/v1/Status", sim.url());
    for (label, spelled) in spellings(&key) {
        let body = format!(r#"{{"overview":"before {spelled} after","note":"\n \u0041 % 5c"}}"#);
        // Chunk boundaries at every place inside the spelled key, and a few around it.
        let start = body.find(&spelled).unwrap();
        for cut in (start.saturating_sub(2)..start + spelled.len() + 2).step_by(3) {
            sim.inject(
                FaultRule::on(
                    "/api/v1/Status",
                    Fault::Chunked {
                        status: 200,
                        headers: vec![("X-Echo".into(), format!("k={spelled};")), (format!("X-{key}"), "1".into())],
                        chunks: vec![body[..cut].to_string(), body[cut..].to_string()],
                        trailers: vec![("X-Trailer".into(), spelled.clone())],
                    },
                )
                .times(1),
            );
            let r = s.call("probe", json!({"action": "request", "method": "GET", "url": url, "read_body": true}));
            let d = &r["structuredContent"]["data"];
            assert_eq!(d["status"], 200, "{label}: {d}");
            let (headers, body_seen) =
                (unhex(d["headers_hex"].as_str().unwrap()), unhex(d["body_hex"].as_str().unwrap()));
            assert_no_piece(&headers, &key, label);
            assert_no_piece(&body_seen, &key, label);
            assert_eq!(body_seen, body.replace(&spelled, "[redacted]"), "{label}, cut at {cut}");
            assert!(headers.contains("x-echo: k=[redacted];"), "{label}: {headers}");
            assert!(headers.contains("x-trailer: [redacted]"), "{label}: the trailer: {headers}");
        }
    }
}

#[test]
fn a_detail_cut_inside_the_key_leaves_no_piece_of_it() {
    let sim = Simulator::start().unwrap();
    let key = sim.api_key().to_string();
    let (mut s, schemas) = session(&sim, &[]);
    // The error detail is cut at 300 characters: put the cut 1, 8, 10, 20 and 31
    // characters into the key.
    for (label, spelled) in spellings(&key) {
        for into in [1usize, 8, 10, 20, 31] {
            let pad = "x".repeat(300 - into);
            let body = format!(r#"{{"error":"{pad}{spelled} and more text after it"}}"#);
            sim.clear_faults();
            sim.inject(FaultRule::on(
                "/api/v1/Status",
                Fault::Status { status: 500, body: FaultBody::RawJson(body), retry_after: None },
            ));
            let r = s.call("read_server", json!({}));
            schemas.check("read_server", &r);
            assert_eq!(r["isError"], true, "{label}: {r}");
            assert_no_piece(&r.to_string(), &key, label);
        }
    }
}
