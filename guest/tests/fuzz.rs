//! Property-based fuzzing on the stable toolchain, driven by a seeded loop: every tool over
//! arbitrary upstream JSON (each envelope must validate against the tool's own output
//! schema, whatever Ombi answers), the input validator over arbitrary arguments, and the
//! settings flattener over arbitrary sections. `OMBI_FUZZ_CASES` sets the budget (a small
//! one by default, for CI; `just fuzz` runs the big one); `OMBI_FUZZ_SEED` the seed. Prints
//! executions and failures.

#![allow(clippy::print_stdout, reason = "the fuzz targets print what they ran")]

use std::panic::{AssertUnwindSafe, catch_unwind};

use ombi_guest::ctx::{Mode, Settings};
use ombi_guest::dispatch::{call, call_value, descriptors};
use ombi_guest::projection::settings;
use ombi_guest::schema::validate::validate;
use ombi_guest::tools::declared;
use ombi_guest::upstream::{ApiRequest, RawResponse, TransportError, Upstream};
use serde_json::{Map, Value, json};

/// xorshift64*: small, seedable, good enough to explore.
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
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// Field names Ombi uses, so arbitrary objects reach deep into the DTOs.
const KEYS: &[&str] = &[
    "id",
    "requestId",
    "title",
    "name",
    "theMovieDbId",
    "theTvDbId",
    "imdbId",
    "seriesId",
    "mediaType",
    "overview",
    "releaseDate",
    "firstAired",
    "posterPath",
    "poster",
    "approved",
    "available",
    "denied",
    "deniedReason",
    "requested",
    "requestedDate",
    "requestedUserId",
    "requestStatus",
    "has4KRequest",
    "approved4K",
    "available4K",
    "denied4K",
    "requestedDate4k",
    "parentRequestId",
    "parentRequest",
    "childRequests",
    "seasonRequests",
    "seasonNumber",
    "episodes",
    "episodeNumber",
    "externalProviderId",
    "tvDbId",
    "collection",
    "total",
    "type",
    "mediaId",
    "failedId",
    "error",
    "status",
    "resovledDate",
    "createdDate",
    "userReportedId",
    "providerId",
    "issueCategoryId",
    "comments",
    "comment",
    "userId",
    "date",
    "issues",
    "count",
    "upvotes",
    "downvotes",
    "alreadyVoted",
    "myVote",
    "voteType",
    "requestType",
    "deleted",
    "userName",
    "alias",
    "language",
    "streamingCountry",
    "agent",
    "enabled",
    "value",
    "iso_639_1",
    "english_name",
    "provider_id",
    "provider_name",
    "start",
    "extraParams",
    "foreignAlbumId",
    "artistName",
    "cast",
    "crew",
    "character",
    "job",
    "department",
    "credits",
    "genres",
    "belongsToCollection",
    "externalIds",
    "releaseGroups",
    "streamingProvider",
    "order",
    "score",
    "className",
    "hasLimit",
    "limit",
    "remaining",
    "nextRequest",
    "pending",
    "inProgress",
    "resolved",
    "result",
    "message",
    "isError",
    "errorMessage",
    "errorCode",
    "servers",
    "machineId",
    "serverName",
    "successful",
    "data",
    "key",
    "path",
    "label",
    "apiKey",
    "password",
    "webhookUrl",
    "radarr",
    "radarr4K",
    "notificationTemplates",
    "userAccessToken",
    "mediaServerToken",
    "emailAddress",
    "version",
    "branch",
    "updateAvailable",
    "totalRequests",
    "mostRequestedUserMovie",
];

const STRINGS: &[&str] = &[
    "",
    " ",
    "0",
    "1",
    "-1",
    "603",
    "tt0133093",
    "0001-01-01T00:00:00Z",
    "2026-11-30T12:00:00Z",
    "Common.Available",
    "Common.PendingApproval",
    "Common.Denied",
    "Common.ProcessingRequest",
    "movie",
    "tv",
    "Artist",
    "person",
    "podcast",
    "???",
    "\u{FFFD}\u{FFFD}",
    "Amélie",
    "<script>alert(1)</script>",
    "javascript:alert(1)",
    "https://image.tmdb.org/t/p/w500/a.jpg",
    "/a.jpg",
    "https://u:p@host/x.jpg",
    "AlreadyRequested",
    "MovieRequestQuotaExceeded",
    "RequestDoesNotExist",
    "true",
    "false",
    "null",
    "Dune (2021)",
    "..",
    "a/b",
    "0123456789abcdef0123456789abcdef",
    "log20261130.txt",
];

fn arb_string(rng: &mut Rng) -> String {
    if rng.chance(70) {
        return rng.pick(STRINGS).to_string();
    }
    let long = rng.chance(5);
    let n = rng.below(if long { 3000 } else { 24 });
    (0..n).map(|_| char::from_u32(rng.below(0x2FF) as u32 + 0x20).unwrap_or('x')).collect()
}

/// Well-shaped argument text (dates, ids, names, file names) with a character of two, three
/// or four bytes (or a bidi control) put in at any place, so that code slicing argument text
/// by bytes meets a place that is not a character boundary.
fn multibyte_string(rng: &mut Rng) -> String {
    multibyte_from(rng, None)
}

/// An example from a schema description: its first word holding a digit (`2026-11-01`,
/// `tt0133093`), stripped of punctuation around it.
fn example_in(description: &str) -> Option<String> {
    description
        .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ',' | ';'))
        .map(|w| w.trim_matches(|c: char| matches!(c, '.' | '`' | ':' | '"')))
        .find(|w| w.len() >= 2 && w.bytes().any(|b| b.is_ascii_digit()))
        .map(str::to_string)
}

/// [`multibyte_string`] built on `seed` when given.
fn multibyte_from(rng: &mut Rng, seed: Option<&str>) -> String {
    const SHAPED: &[&str] = &[
        "2026-11-01",
        "2026-11-01T12:00:00Z",
        "2026-11-30T23:59:59+01:00",
        "603",
        "tt0133093",
        "log20261130.txt",
        "Dune",
        "sam",
        "a1b2c3d4-0000-4000-8000-000000000000",
        "notifications/discord",
        "en",
    ];
    const WIDE: &[char] = &['é', '€', '𝄞', '中', '\u{202e}', '\u{200f}', '\u{301}', 'ß', '\u{feff}'];
    let base = match seed {
        Some(s) if rng.chance(70) => s,
        _ => rng.pick(SHAPED),
    };
    let mut chars: Vec<char> = base.chars().collect();
    for _ in 0..1 + rng.below(2) {
        let at = rng.below(chars.len() as u64 + 1) as usize;
        let c = *rng.pick(WIDE);
        if rng.chance(50) && at < chars.len() {
            chars[at] = c;
        } else {
            chars.insert(at, c);
        }
    }
    chars.into_iter().collect()
}

fn arb_number(rng: &mut Rng) -> Value {
    match rng.below(8) {
        0 => json!(0),
        1 => json!(-1),
        2 => json!(rng.below(5) as i64),
        3 => json!(rng.below(1_000_000) as i64),
        4 => json!(u64::MAX),
        5 => json!(i64::MIN),
        6 => json!(rng.below(1000) as f64 / 7.0),
        _ => json!(1e300),
    }
}

fn arb_json(rng: &mut Rng, depth: u32) -> Value {
    let leaf = depth == 0 || rng.chance(35);
    if leaf {
        return match rng.below(5) {
            0 => Value::Null,
            1 => Value::Bool(rng.chance(50)),
            2 | 3 => arb_number(rng),
            _ => Value::String(arb_string(rng)),
        };
    }
    if rng.chance(40) {
        let long = rng.chance(3);
        let n = rng.below(if long { 150 } else { 6 });
        Value::Array((0..n).map(|_| arb_json(rng, depth - 1)).collect())
    } else {
        let n = rng.below(12);
        let mut m = Map::new();
        for _ in 0..n {
            let k = if rng.chance(90) { rng.pick(KEYS).to_string() } else { arb_string(rng) };
            m.insert(k, arb_json(rng, depth - 1));
        }
        Value::Object(m)
    }
}

/// An object with Ombi's field names and arbitrary values.
fn object(rng: &mut Rng, depth: u32) -> Value {
    let n = 1 + rng.below(14);
    let mut m = Map::new();
    for _ in 0..n {
        let v = if depth > 0 && rng.chance(25) { object(rng, depth - 1) } else { arb_json(rng, depth.min(2)) };
        m.insert(rng.pick(KEYS).to_string(), v);
    }
    Value::Object(m)
}

/// An Ombi that answers anything with arbitrary JSON (or a fault).
struct Chaos {
    rng: Rng,
}

impl Upstream for Chaos {
    fn send(&mut self, req: &ApiRequest) -> Result<RawResponse, TransportError> {
        let r = &mut self.rng;
        if r.chance(3) {
            return Err(match r.below(4) {
                0 => TransportError::Denied,
                1 => TransportError::Unreachable("refused".into()),
                2 => TransportError::Timeout { sent: true },
                _ => TransportError::Broken("reset".into()),
            });
        }
        let status = *r.pick(&[200, 200, 200, 200, 200, 200, 204, 400, 401, 403, 404, 429, 500, 503]);
        let body = if r.chance(8) {
            Vec::new()
        } else if r.chance(5) {
            b"<html>oops</html>".to_vec()
        } else if r.chance(40) {
            // Ombi-shaped: its field names, arbitrary values, as an object or a list.
            let v =
                if r.chance(50) { object(r, 3) } else { Value::Array((0..r.below(6)).map(|_| object(r, 2)).collect()) };
            v.to_string().into_bytes()
        } else {
            arb_json(r, 5).to_string().into_bytes()
        };
        let over_budget = r.chance(3);
        let body = if over_budget { body[..body.len() / 2].to_vec() } else { body };
        let mut resp = RawResponse {
            status,
            content_type: Some("application/json".into()),
            retry_after: None,
            body,
            over_budget,
            skipped: 0,
        };
        resp.keep_end(req.keep_last);
        Ok(resp)
    }
}

/// Arguments drawn from a tool's input schema (mostly valid, sometimes not).
fn arb_args(rng: &mut Rng, schema: &Value) -> Value {
    fn value_for(rng: &mut Rng, s: &Value, depth: u32) -> Value {
        if rng.chance(4) || depth > 4 {
            return arb_json(rng, 1);
        }
        if let Some(options) = s.get("enum").and_then(Value::as_array) {
            return rng.pick(options).clone();
        }
        match s.get("type").and_then(Value::as_str) {
            Some("integer") => {
                let min = s.get("minimum").and_then(Value::as_i64).unwrap_or(0);
                let max = s.get("maximum").and_then(Value::as_i64).unwrap_or(min + 1000).min(min + 5000);
                json!(min + rng.below((max - min + 1) as u64) as i64)
            }
            Some("boolean") => json!(rng.chance(50)),
            Some("string") => {
                let s = if rng.chance(40) { multibyte_string(rng) } else { arb_string(rng) };
                json!(if s.is_empty() { "x".to_string() } else { s.chars().take(60).collect::<String>() })
            }
            Some("array") => {
                let n = 1 + rng.below(3);
                let item = s.get("items").cloned().unwrap_or(json!({}));
                json!((0..n).map(|_| value_for(rng, &item, depth + 1)).collect::<Vec<_>>())
            }
            Some("object") => object_for(rng, s, depth + 1),
            _ => arb_json(rng, 1),
        }
    }
    fn object_for(rng: &mut Rng, s: &Value, depth: u32) -> Value {
        let required: Vec<&str> =
            s.get("required").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
        let mut m = Map::new();
        for (k, p) in s.get("properties").and_then(Value::as_object).into_iter().flatten() {
            if required.contains(&k.as_str()) || rng.chance(35) {
                m.insert(k.clone(), value_for(rng, p, depth));
            }
        }
        Value::Object(m)
    }
    object_for(rng, schema, 0)
}

fn budget(default: u64) -> u64 {
    std::env::var("OMBI_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn seed() -> u64 {
    std::env::var("OMBI_FUZZ_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0x5EED_0FAB)
}

#[test]
fn every_tool_over_arbitrary_upstream_json_stays_schema_valid() {
    let cases = budget(1_500);
    let tools = descriptors();
    let validators: Vec<(String, Value, jsonschema::Validator)> = tools
        .iter()
        .map(|d| {
            let out: Value = serde_json::from_str(&d.output_schema).unwrap();
            (d.name.clone(), serde_json::from_str(&d.input_schema).unwrap(), jsonschema::validator_for(&out).unwrap())
        })
        .collect();
    let mut rng = Rng(seed());
    let mut failures = Vec::new();
    let mut succeeded = 0u64;
    for i in 0..cases {
        let (name, input, validator) = &validators[(i % validators.len() as u64) as usize];
        let args = arb_args(&mut rng, input);
        let mode = if rng.chance(20) { Mode::Plan } else { Mode::Execute };
        let settings = Settings {
            allow_writes: rng.chance(80),
            default_user: rng.chance(30).then(|| "sam".into()),
            mode,
            correlation_id: format!("f{i}"),
            ..Settings::default()
        };
        let mut chaos = Chaos { rng: Rng(rng.next() | 1) };
        let result = catch_unwind(AssertUnwindSafe(|| call_value(name, &args.to_string(), &settings, &mut chaos)));
        match result {
            Err(_) => failures.push(format!("{name} panicked on {args}")),
            Ok(Err(e)) => failures.push(format!("{name}: {e}")),
            Ok(Ok(env)) => {
                succeeded += u64::from(env["ok"] == true);
                if std::env::var("OMBI_FUZZ_DEBUG").is_ok() {
                    eprintln!("{name} {}", env["error"]["code"]);
                }
                let errors: Vec<String> =
                    validator.iter_errors(&env).map(|e| format!("{e} at {}", e.instance_path())).collect();
                if !errors.is_empty() {
                    failures.push(format!("{name} {args}: {errors:?}\n{env}"));
                }
                if serde_json::to_vec(&env).unwrap().len() > 64 * 1024 {
                    failures.push(format!("{name}: over the 64 KiB budget"));
                }
            }
        }
        if failures.len() >= 5 {
            break;
        }
    }
    println!("fuzz tools: {cases} executions ({succeeded} answered ok), {} failures", failures.len());
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Arguments with multibyte text in every string argument, enums drawn uniformly.
fn multibyte_args(rng: &mut Rng, schema: &Value) -> Value {
    fn value_for(rng: &mut Rng, s: &Value, depth: u32) -> Value {
        if let Some(options) = s.get("enum").and_then(Value::as_array) {
            return rng.pick(options).clone();
        }
        match s.get("type").and_then(Value::as_str) {
            Some("string") => {
                // Sometimes the example as it stands, so that the checks of the other
                // arguments pass and the one holding multibyte text is reached.
                let example = s.get("description").and_then(Value::as_str).and_then(example_in);
                match example {
                    Some(e) if rng.chance(35) => json!(e),
                    e => json!(multibyte_from(rng, e.as_deref())),
                }
            }
            Some("integer") => json!(s.get("minimum").and_then(Value::as_i64).unwrap_or(0) + rng.below(3) as i64),
            Some("boolean") => json!(rng.chance(50)),
            Some("array") if depth < 4 => {
                let item = s.get("items").cloned().unwrap_or(json!({}));
                json!((0..1 + rng.below(2)).map(|_| value_for(rng, &item, depth + 1)).collect::<Vec<_>>())
            }
            Some("object") if depth < 4 => {
                let mut m = Map::new();
                for (k, p) in s.get("properties").and_then(Value::as_object).into_iter().flatten() {
                    if rng.chance(70) {
                        m.insert(k.clone(), value_for(rng, p, depth + 1));
                    }
                }
                Value::Object(m)
            }
            _ => Value::Null,
        }
    }
    value_for(rng, schema, 0)
}

#[test]
fn every_string_argument_takes_multibyte_text_without_panicking() {
    let per_tool = budget(6_000) / 30;
    let mut rng = Rng(seed() ^ 0x0B17E);
    let mut failures = Vec::new();
    let mut cases = 0u64;
    for d in descriptors() {
        let input: Value = serde_json::from_str(&d.input_schema).unwrap();
        let out: Value = serde_json::from_str(&d.output_schema).unwrap();
        let validator = jsonschema::validator_for(&out).unwrap();
        for i in 0..per_tool {
            cases += 1;
            let args = multibyte_args(&mut rng, &input);
            let settings = Settings {
                allow_writes: true,
                default_user: Some("sam".into()),
                mode: if rng.chance(30) { Mode::Plan } else { Mode::Execute },
                correlation_id: format!("m{i}"),
                ..Settings::default()
            };
            let mut chaos = Chaos { rng: Rng(rng.next() | 1) };
            match catch_unwind(AssertUnwindSafe(|| call_value(&d.name, &args.to_string(), &settings, &mut chaos))) {
                Err(_) => failures.push(format!("{} panicked on {args}", d.name)),
                Ok(Err(e)) => failures.push(format!("{}: {e}", d.name)),
                Ok(Ok(env)) => {
                    if !validator.is_valid(&env) {
                        failures.push(format!("{} {args}: not schema-valid: {env}", d.name));
                    }
                }
            }
        }
    }
    println!("fuzz multibyte arguments: {cases} executions, {} failures", failures.len());
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// [`Chaos`], keeping every request sent.
struct Recording {
    chaos: Chaos,
    sent: Vec<ApiRequest>,
}

impl Upstream for Recording {
    fn send(&mut self, req: &ApiRequest) -> Result<RawResponse, TransportError> {
        self.sent.push(req.clone());
        self.chaos.send(req)
    }
}

/// Every request a tool sends, and every one it plans for confirmation, is one of the routes
/// it declares (method, path template and effect), whatever the arguments and answers.
#[test]
fn every_request_a_tool_sends_is_one_it_declared() {
    let per_tool = budget(6_000) / 30;
    let mut rng = Rng(seed() ^ 0x2027);
    let mut failures = Vec::new();
    let (mut cases, mut requests) = (0u64, 0u64);
    let mut distinct = std::collections::BTreeSet::new();
    let mut reached = std::collections::BTreeSet::new();
    let tools = descriptors();
    for d in &tools {
        let input: Value = serde_json::from_str(&d.input_schema).unwrap();
        for i in 0..per_tool {
            cases += 1;
            let args = if rng.chance(50) { arb_args(&mut rng, &input) } else { multibyte_args(&mut rng, &input) };
            let settings = Settings {
                allow_writes: rng.chance(90),
                default_user: rng.chance(50).then(|| "sam".into()),
                mode: if rng.chance(30) { Mode::Plan } else { Mode::Execute },
                correlation_id: format!("r{i}"),
                ..Settings::default()
            };
            let mut up = Recording { chaos: Chaos { rng: Rng(rng.next() | 1) }, sent: Vec::new() };
            let planned = match catch_unwind(AssertUnwindSafe(|| call(&d.name, &args.to_string(), &settings, &mut up)))
            {
                Ok(Ok(called)) => called.plan.map(|p| p.requests).unwrap_or_default(),
                Ok(Err(e)) => {
                    failures.push(format!("{}: {e}", d.name));
                    continue;
                }
                Err(_) => {
                    failures.push(format!("{} panicked on {args}", d.name));
                    continue;
                }
            };
            for req in up.sent.iter().chain(&planned) {
                requests += 1;
                distinct.insert((d.name.clone(), req.method.as_str(), req.path.clone()));
                match declared(&d.name, req) {
                    Ok(route) => {
                        reached.insert((d.name.clone(), route.method.as_str(), route.path));
                    }
                    Err(e) if failures.len() < 20 => failures.push(format!("{e} (arguments {args})")),
                    Err(_) => {}
                }
            }
        }
    }
    let declared_routes: usize = tools.iter().map(|d| d.routes.len()).sum();
    println!(
        "fuzz declared routes: {cases} executions, {requests} requests ({} distinct) checked, {} of {declared_routes} declared routes reached, {} failures",
        distinct.len(),
        reached.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_validator_never_panics_and_only_passes_what_parses() {
    let cases = budget(10_000);
    let tools = descriptors();
    let schemas: Vec<Value> = tools.iter().map(|d| serde_json::from_str(&d.input_schema).unwrap()).collect();
    let mut rng = Rng(seed() ^ 0xA5A5);
    let mut failures = 0u64;
    for i in 0..cases {
        let s = &schemas[(i % schemas.len() as u64) as usize];
        let args = if rng.chance(50) { arb_args(&mut rng, s) } else { arb_json(&mut rng, 4) };
        if catch_unwind(AssertUnwindSafe(|| validate(s, &args))).is_err() {
            failures += 1;
        }
    }
    println!("fuzz validator: {cases} executions, {failures} failures");
    assert_eq!(failures, 0);
}

#[test]
fn the_settings_flattener_never_shows_a_secret() {
    let cases = budget(10_000);
    let sections =
        ["ombi", "plex", "sonarr", "radarr", "notifications/discord", "notifications/email", "jobs", "Update"];
    let mut rng = Rng(seed() ^ 0x5E77);
    let mut failures = Vec::new();
    for _ in 0..cases {
        let section = *rng.pick(&sections);
        let doc = arb_json(&mut rng, 5);
        let flat = match catch_unwind(AssertUnwindSafe(|| settings::flatten(section, &doc))) {
            Ok(f) => f,
            Err(_) => {
                failures.push(format!("flatten panicked on {doc}"));
                continue;
            }
        };
        let _ = settings::revision(&doc);
        for c in &flat.values {
            let secret = c.name.split('/').any(|t| settings::is_secret(&t.replace("~1", "/").replace("~0", "~")));
            if !c.name.starts_with('/') || c.value.is_object() || c.value.is_array() || secret {
                failures.push(format!("{section}: {} = {}", c.name, c.value));
            }
        }
        if flat.values.len() > 100 || flat.omitted.len() > 100 {
            failures.push("more than 100 entries".into());
        }
    }
    println!("fuzz settings: {cases} executions, {} failures", failures.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
