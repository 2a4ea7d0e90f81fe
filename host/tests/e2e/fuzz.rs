//! Property-based fuzzing (seeded loop, stable toolchain) of the protocol's edges: the
//! line reader over arbitrary byte streams cut into arbitrary chunks, and the JSON-RPC
//! classifier over arbitrary bytes and arbitrary JSON-RPC-shaped objects. Budget from
//! `OMBI_FUZZ_CASES` (small by default; `just fuzz` runs the big one).

use std::panic::{AssertUnwindSafe, catch_unwind};

use ombi_mcp::mcp::jsonrpc::{Incoming, classify};
use ombi_mcp::mcp::lines::{Line, read_line};
use serde_json::{Value, json};
use tokio::io::AsyncWriteExt;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.next() % n }
    }
}

fn budget(default: u64) -> u64 {
    std::env::var("OMBI_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn arb_value(rng: &mut Rng, depth: u32) -> Value {
    match if depth == 0 { rng.below(5) } else { rng.below(7) } {
        0 => Value::Null,
        1 => json!(rng.below(2) == 0),
        2 => json!(rng.next() as i64),
        3 => json!((rng.below(1000) as f64) / 3.0),
        4 => json!(
            ["ping", "initialize", "tools/call", "tools/list", "server/discover", "2.0", "", "\u{0}"]
                [rng.below(8) as usize]
        ),
        5 => Value::Array((0..rng.below(4)).map(|_| arb_value(rng, depth - 1)).collect()),
        _ => {
            let keys = ["jsonrpc", "id", "method", "params", "result", "error", "name", "arguments", "_meta"];
            Value::Object(
                (0..rng.below(6))
                    .map(|_| (keys[rng.below(keys.len() as u64) as usize].to_string(), arb_value(rng, depth - 1)))
                    .collect(),
            )
        }
    }
}

#[test]
fn the_classifier_never_panics_and_answers_with_valid_ids() {
    let cases = budget(50_000);
    let mut rng = Rng(0xC1A5_51F1);
    let mut failures = 0u64;
    for _ in 0..cases {
        let bytes: Vec<u8> = if rng.below(3) == 0 {
            (0..rng.below(64)).map(|_| rng.next() as u8).collect()
        } else {
            let mut v = arb_value(&mut rng, 3);
            if rng.below(2) == 0 {
                v = json!({"jsonrpc": "2.0", "id": arb_value(&mut rng, 1), "method": arb_value(&mut rng, 0), "params": arb_value(&mut rng, 2)});
            }
            v.to_string().into_bytes()
        };
        match catch_unwind(AssertUnwindSafe(|| classify(&bytes))) {
            Err(_) => failures += 1,
            Ok(Incoming::Invalid { id, .. }) if !(id.is_null() || id.is_string() || id.is_i64() || id.is_u64()) => {
                failures += 1
            }
            Ok(Incoming::Request { id, params, .. }) => {
                if !(id.is_string() || id.is_i64() || id.is_u64())
                    || !(params.is_null() || params.is_object() || params.is_array())
                {
                    failures += 1;
                }
            }
            Ok(_) => {}
        }
    }
    println!("fuzz classifier: {cases} executions, {failures} failures");
    assert_eq!(failures, 0);
}

#[tokio::test]
async fn the_line_reader_keeps_every_line_within_the_limit() {
    let cases = budget(20_000);
    let mut rng = Rng(0x11AE_5EED);
    let mut failures = 0u64;
    for _ in 0..cases {
        let max = 1 + rng.below(64) as usize;
        let data: Vec<u8> = (0..rng.below(400))
            .map(|_| match rng.below(6) {
                0 => b'\n',
                1 => b'\r',
                _ => b'a' + (rng.below(26) as u8),
            })
            .collect();
        let (mut w, r) = tokio::io::duplex(1 + rng.below(32) as usize);
        let writer = {
            let data = data.clone();
            let mut cuts: Vec<usize> = (0..rng.below(8)).map(|_| rng.below(data.len() as u64 + 1) as usize).collect();
            cuts.sort();
            tokio::spawn(async move {
                let mut last = 0;
                for c in cuts.into_iter().chain(std::iter::once(data.len())) {
                    let _ = w.write_all(&data[last..c]).await;
                    last = c;
                }
            })
        };
        let mut reader = tokio::io::BufReader::with_capacity(1 + rng.below(16) as usize, r);
        let mut lines = 0usize;
        loop {
            match read_line(&mut reader, max).await {
                Ok(Line::Eof) => break,
                Ok(Line::Message(m)) => {
                    lines += 1;
                    if m.len() > max || m.contains(&b'\n') {
                        failures += 1;
                    }
                }
                Ok(Line::TooLong) => lines += 1,
                Err(_) => {
                    failures += 1;
                    break;
                }
            }
        }
        let _ = writer.await;
        let expected =
            data.split(|b| *b == b'\n').count() - usize::from(data.last() == Some(&b'\n') || data.is_empty());
        if lines != expected {
            failures += 1;
        }
    }
    println!("fuzz line reader: {cases} executions, {failures} failures");
    assert_eq!(failures, 0);
}
