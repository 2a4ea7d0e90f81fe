//! The Wassette face of the ombi-mcp tools: the world `ombi:wassette/ombi` exports one typed
//! function per tool (`read-search`, …), generated with its glue from the tools' argument
//! types (`guest/src/wit_face.rs`); each call turns its typed parameters back into the tool's
//! JSON arguments and runs the same tool logic as the ombi-mcp host's component, returning the
//! tool's envelope as JSON text.
//!
//! Lower-trust mode: a host like Wassette cannot add the `ApiKey` header, so the component
//! reads `OMBI_API_KEY` from its environment and sends it itself (the key is then inside the
//! sandbox). Settings come from the environment the host grants: `OMBI_URL`, `OMBI_API_KEY`,
//! `OMBI_USER`, `OMBI_ALLOW_WRITES`, `OMBI_MAX_RESPONSE_BYTES`, `OMBI_REQUEST_TIMEOUT_SECONDS`.
//! There is no confirmation of writes in this mode; they stay off unless `OMBI_ALLOW_WRITES`
//! is `true`.
#![cfg(target_arch = "wasm32")]

#[allow(clippy::too_many_arguments, reason = "one parameter per tool argument, as WIT declares them")]
mod bindings {
    wit_bindgen::generate!({
        world: "ombi",
        path: "wit",
        additional_derives: [serde::Serialize],
    });
}
#[allow(clippy::too_many_arguments, reason = "one parameter per tool argument, as WIT declares them")]
#[rustfmt::skip]
mod generated;

use ombi_guest::ctx::{Mode, Settings};
use ombi_guest::upstream::transport::WasiHttp;
use ombi_guest::upstream::url::BaseUrl;
use serde_json::{Map, Value, json};

struct Face;

bindings::export!(Face with_types_in bindings);

/// A typed parameter as JSON.
fn json_of<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
}

fn number(name: &str, default: u64, min: u64, max: u64) -> u64 {
    var(name).and_then(|v| v.parse::<u64>().ok()).map_or(default, |n| n.clamp(min, max))
}

/// The envelope of a call that could not start.
fn refused(tool: &str, message: &str) -> String {
    json!({
        "ok": false,
        "operation": tool,
        "error": { "code": "INVALID_ARGUMENT", "message": message, "retryable": false },
        "warnings": [],
        "truncated": false,
        "correlation_id": "wassette",
    })
    .to_string()
}

/// Runs `tool` with the named typed parameters.
fn run(tool: &str, params: Vec<(&str, Value)>) -> String {
    let Some(input) = ombi_guest::dispatch::input_schema(tool) else {
        return refused(tool, "unknown tool");
    };
    let mut args = Map::new();
    for (name, value) in params {
        let schema = &input["properties"][name];
        if let Some(v) = ombi_guest::wit_face::conform(value, schema) {
            args.insert(name.to_string(), v);
        }
    }
    let base_url = var("OMBI_URL").unwrap_or_else(|| "http://localhost:5000".into());
    let base = match BaseUrl::parse(&base_url) {
        Ok(b) => b,
        Err(e) => return refused(tool, &format!("OMBI_URL is not usable: {e}")),
    };
    let settings = Settings {
        base_url,
        default_user: var("OMBI_USER"),
        allow_writes: var("OMBI_ALLOW_WRITES").is_some_and(|v| v.eq_ignore_ascii_case("true")),
        correlation_id: "wassette".into(),
        max_response_bytes: number("OMBI_MAX_RESPONSE_BYTES", 8 * 1024 * 1024, 1024, 32 * 1024 * 1024),
        request_timeout_ms: u32::try_from(number("OMBI_REQUEST_TIMEOUT_SECONDS", 30, 1, 300) * 1000).unwrap_or(30_000),
        mode: Mode::Execute,
    };
    let mut upstream = WasiHttp::new(base, settings.request_timeout_ms, settings.max_response_bytes);
    let arguments = Value::Object(args).to_string();
    match ombi_guest::dispatch::call(tool, &arguments, &settings, &mut upstream) {
        Ok(called) => called.json,
        Err(e) => refused(tool, &format!("{e:?}")),
    }
}
