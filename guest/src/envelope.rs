//! The result envelope of `04-results.md` and the response budget: every result is at most
//! 64 KiB of serialized structured data, and a cut is always announced by `truncated` and a
//! warning.

use serde_json::{Value, json};

use crate::error::ToolError;
use crate::model::Data;

/// The design budget for one result's serialized structured data.
pub const MAX_RESULT_BYTES: usize = 64 * 1024;
/// At most this many warnings are kept.
const MAX_WARNINGS: usize = 100;
/// A single warning longer than this is shortened.
const MAX_WARNING_CHARS: usize = 500;
/// When one record alone breaks the budget, its strings are shortened to this many chars.
const LONG_TEXT_CHARS: usize = 256;

/// What a tool produced when it succeeded.
#[derive(Debug, Clone, PartialEq)]
pub struct Output {
    pub data: Data,
    pub warnings: Vec<String>,
    pub truncated: bool,
}

impl Output {
    /// A complete result with no warnings.
    pub fn new(data: Data) -> Self {
        Output { data, warnings: Vec::new(), truncated: false }
    }

    /// Adds a warning.
    pub fn warn(mut self, warning: impl Into<String>) -> Self {
        self.warnings.push(warning.into());
        self
    }
}

/// What a tool call comes to.
pub type ToolResult = Result<Output, ToolError>;

/// The envelope for `result`, within the byte budget.
pub fn envelope(operation: &str, correlation_id: &str, result: ToolResult) -> Value {
    let mut env = match result {
        Ok(out) => {
            let data = serde_json::to_value(&out.data).unwrap_or_else(|e| {
                // Serializing our own plain types cannot fail; keep the envelope honest anyway.
                json!({"kind": "metrics", "values": [], "error": e.to_string()})
            });
            json!({
                "ok": true,
                "operation": operation,
                "data": data,
                "warnings": out.warnings,
                "truncated": out.truncated,
                "correlation_id": correlation_id,
            })
        }
        Err(err) => json!({
            "ok": false,
            "operation": operation,
            "error": err,
            "warnings": [],
            "truncated": false,
            "correlation_id": correlation_id,
        }),
    };
    fit_budget(&mut env, MAX_RESULT_BYTES);
    env
}

/// Cuts the envelope's record list (and, if one record alone is too big, its long strings)
/// until the serialized envelope fits `budget` bytes; records the cut.
pub fn fit_budget(env: &mut Value, budget: usize) {
    tidy_warnings(env);
    if size(env) <= budget {
        return;
    }
    if let Some((total, kept)) = cut_records(env, budget).filter(|(total, kept)| kept < total) {
        set_page_after_cut(env, kept);
        add_warning(
            env,
            format!(
                "Returned {kept} of {total} records to stay within the {} KiB result budget; ask for the rest with a later offset or a smaller limit.",
                budget / 1024
            ),
        );
        mark_truncated(env);
    }
    if size(env) > budget {
        if let Some(data) = env.get_mut("data") {
            shorten_strings(data, LONG_TEXT_CHARS);
        }
        add_warning(
            env,
            format!("Long texts were shortened to {LONG_TEXT_CHARS} characters to stay within the result budget."),
        );
        mark_truncated(env);
    }
    if size(env) > budget {
        *env = json!({
            "ok": false,
            "operation": env["operation"].clone(),
            "error": ToolError::internal("the result could not be reduced to the 64 KiB budget"),
            "warnings": [],
            "truncated": true,
            "correlation_id": env["correlation_id"].clone(),
        });
    }
}

fn size(v: &Value) -> usize {
    serde_json::to_vec(v).map(|b| b.len()).unwrap_or(usize::MAX)
}

/// The record list of a family: `items`, `values`, `lines` or `files`.
fn records_key(data: &Value) -> Option<&'static str> {
    ["items", "values", "lines", "files"].into_iter().find(|k| data.get(*k).is_some_and(Value::is_array))
}

/// Keeps the longest prefix of the record list that fits; returns (before, after) counts.
fn cut_records(env: &mut Value, budget: usize) -> Option<(usize, usize)> {
    let key = records_key(env.get("data")?)?;
    let items = std::mem::take(env["data"][key].as_array_mut()?);
    let total = items.len();
    // Room left once the empty list and a worst-case warning are accounted for.
    let base = size(env) + MAX_WARNING_CHARS + 64;
    let mut used = base;
    let mut kept = Vec::new();
    for item in items {
        let n = size(&item) + 1;
        // Keep at least one record: a single huge record gets its text shortened instead.
        if used + n > budget && !kept.is_empty() {
            break;
        }
        used += n;
        kept.push(item);
    }
    let kept_len = kept.len();
    env["data"][key] = Value::Array(kept);
    Some((total, kept_len))
}

fn set_page_after_cut(env: &mut Value, kept: usize) {
    let Some(page) = env.get_mut("data").and_then(|d| d.get_mut("page")) else {
        return;
    };
    let offset = page["offset"].as_u64().unwrap_or(0);
    page["returned"] = json!(kept);
    page["has_more"] = json!(true);
    page["next_offset"] = json!(offset + kept as u64);
}

fn shorten_strings(v: &mut Value, max: usize) {
    match v {
        Value::String(s) if s.chars().count() > max => {
            let cut: String = s.chars().take(max).collect();
            *s = format!("{cut}…");
        }
        Value::Array(items) => items.iter_mut().for_each(|i| shorten_strings(i, max)),
        Value::Object(map) => {
            for (k, val) in map.iter_mut() {
                // Identifiers and enum-like fields must stay exact.
                if !matches!(k.as_str(), "kind" | "namespace" | "value" | "media" | "mode" | "unit") {
                    shorten_strings(val, max);
                }
            }
        }
        _ => {}
    }
}

fn add_warning(env: &mut Value, warning: String) {
    if let Some(w) = env.get_mut("warnings").and_then(Value::as_array_mut) {
        if w.len() >= MAX_WARNINGS {
            w.truncate(MAX_WARNINGS - 1);
        }
        w.push(Value::String(warning));
    }
}

fn mark_truncated(env: &mut Value) {
    env["truncated"] = Value::Bool(true);
}

fn tidy_warnings(env: &mut Value) {
    let Some(w) = env.get_mut("warnings").and_then(Value::as_array_mut) else {
        return;
    };
    let mut dropped = false;
    if w.len() > MAX_WARNINGS {
        w.truncate(MAX_WARNINGS - 1);
        w.push(Value::String("More warnings were dropped to keep the result small.".into()));
        dropped = true;
    }
    for item in w.iter_mut() {
        if let Value::String(s) = item
            && s.chars().count() > MAX_WARNING_CHARS
        {
            *s = s.chars().take(MAX_WARNING_CHARS).collect();
        }
    }
    if dropped {
        mark_truncated(env);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;
    use crate::model::{Media, MediaKind, Metric, PageUnit};
    use crate::paging;

    fn media(title: String) -> Media {
        let mut m = Media::new(MediaKind::Movie);
        m.title = Some(title);
        m
    }

    #[test]
    fn success_envelope_shape() {
        let env = envelope(
            "read_server",
            "c-1",
            Ok(Output::new(Data::Metrics { values: vec![Metric::instance("version", "4.59.3")] })),
        );
        assert_eq!(env["ok"], true);
        assert_eq!(env["operation"], "read_server");
        assert_eq!(env["data"]["kind"], "metrics");
        assert_eq!(env["correlation_id"], "c-1");
        assert!(env.get("error").is_none());
    }

    #[test]
    fn error_envelope_has_no_data() {
        let env = envelope("read_search", "c-2", Err(ToolError::new(ErrorCode::NotFound, "nothing")));
        assert_eq!(env["ok"], false);
        assert_eq!(env["error"]["code"], "NOT_FOUND");
        assert!(env.get("data").is_none());
    }

    #[test]
    fn oversized_page_is_cut_and_says_so() {
        let all: Vec<Media> = (0..100).map(|i| media(format!("{i}-{}", "x".repeat(2000)))).collect();
        let (items, page) = paging::local(all, paging::Window { offset: 0, limit: 100 }, PageUnit::Media);
        let env = envelope("read_search", "c", Ok(Output::new(Data::MediaPage { items, page })));
        let bytes = serde_json::to_vec(&env).unwrap().len();
        assert!(bytes <= MAX_RESULT_BYTES, "{bytes}");
        let kept = env["data"]["items"].as_array().unwrap().len();
        assert!(kept > 0 && kept < 100, "{kept}");
        assert_eq!(env["truncated"], true);
        assert_eq!(env["data"]["page"]["returned"], kept);
        assert_eq!(env["data"]["page"]["next_offset"], kept);
        assert_eq!(env["data"]["page"]["has_more"], true);
        assert!(env["warnings"][0].as_str().unwrap().contains("64 KiB"));
    }

    #[test]
    fn one_huge_record_has_its_text_shortened() {
        let (items, page) = paging::local(vec![media("y".repeat(200_000))], paging::Window::default(), PageUnit::Media);
        let env = envelope("read_search", "c", Ok(Output::new(Data::MediaPage { items, page })));
        assert!(serde_json::to_vec(&env).unwrap().len() <= MAX_RESULT_BYTES);
        assert_eq!(env["truncated"], true);
        assert_eq!(env["data"]["items"][0]["media"], "movie");
    }

    #[test]
    fn small_results_are_untouched() {
        let env = envelope("read_server", "c", Ok(Output::new(Data::Metrics { values: vec![] }).warn("w")));
        assert_eq!(env["truncated"], false);
        assert_eq!(env["warnings"], json!(["w"]));
    }
}
