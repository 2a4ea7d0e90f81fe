//! The result envelope of `04-results.md` and the response budget: every result is at most
//! 64 KiB of serialized structured data and 100 records, and a cut is always announced by
//! `truncated` and a warning. The fitter asks the family for its records and continuation
//! ([`Data::records`], [`Data::keep`]); it never guesses field names.

use serde_json::{Value, json};

pub use crate::budget::{MAX_LOG_LINES, MAX_NESTED, MAX_RECORDS, MAX_RESULT_BYTES};
use crate::error::ToolError;
use crate::model::Data;

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

impl From<Data> for Output {
    fn from(data: Data) -> Self {
        Output::new(data)
    }
}

/// What a tool call comes to.
pub type ToolResult = Result<Output, ToolError>;

/// Warnings and the cut flag gathered while a tool ran (by `Ctx`), merged into the envelope.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Notes {
    pub warnings: Vec<String>,
    pub truncated: bool,
    /// How to ask for less (e.g. "ask for one `season` at a time"), said when the budget
    /// cuts a record's nested lists.
    pub narrow: Option<String>,
}

/// The envelope for `result`, within the byte budget. `notes` are what the call recorded on
/// the way (warnings, cuts); they appear on failures too.
pub fn envelope(operation: &str, correlation_id: &str, result: ToolResult, notes: Notes) -> Value {
    let (text, _) = envelope_text(operation, correlation_id, result, notes);
    serde_json::from_str(&text).expect("an envelope is JSON")
}

/// [`envelope`] as the JSON text that is sent, and whether it is a success. The envelope is
/// written straight from the typed result (no tree of JSON values in between); only one
/// that is over the budget even whole is read back to have its long texts shortened.
pub fn envelope_text(operation: &str, correlation_id: &str, result: ToolResult, notes: Notes) -> (String, bool) {
    let (data, error, mut warnings, mut truncated) = match result {
        Ok(out) => (Some(out.data), None, out.warnings, out.truncated),
        Err(mut err) => (err.data.take().map(|d| *d), Some(err), Vec::new(), false),
    };
    let narrow = notes.narrow;
    let mut all = notes.warnings;
    all.append(&mut warnings);
    truncated |= notes.truncated;
    let mut warnings = tidy_warnings(all, &mut truncated);
    let mut data = data;
    // Where the warning about records left out is, if some were.
    let mut cut_warning = None;
    // The envelope as written and measured while fitting, when nothing changed since.
    let mut built = None;
    if let Some(d) = data.as_mut() {
        match fit_records(d, operation, correlation_id, error.as_ref(), &warnings, truncated) {
            Fit::Cut { total, kept } => {
                cut_warning = Some(warnings.len());
                warnings.push(format!(
                    "Returned {kept} of {total} records to stay within the {} KiB result budget; ask for the rest with a later offset or a smaller limit.",
                    MAX_RESULT_BYTES / 1024
                ));
                truncated = true;
                d.mark_truncated();
            }
            Fit::Whole(whole) if !truncated => built = whole,
            Fit::Whole(_) => {}
        }
        if truncated {
            d.mark_truncated();
        }
    }
    let ok = error.is_none();
    let mut text = match built {
        Some(t) => t,
        None => match write(operation, correlation_id, data.as_ref(), error.as_ref(), &warnings, truncated) {
            Ok(t) => t,
            Err(e) => {
                let what = format!("the result could not be serialized: {e}");
                return (internal(operation, correlation_id, &what), false);
            }
        },
    };
    if text.len() > MAX_RESULT_BYTES {
        let Ok(mut env) = serde_json::from_str::<Value>(&text) else {
            return (internal(operation, correlation_id, "the result could not be read back to be shortened"), false);
        };
        if let Some(d) = env.get_mut("data") {
            shorten_strings(d, LONG_TEXT_CHARS);
            if let Some(d) = d.as_object_mut()
                && d.contains_key("truncated")
            {
                d.insert("truncated".into(), Value::Bool(true));
            }
        }
        push_warning(
            &mut env,
            format!("Long texts were shortened to {LONG_TEXT_CHARS} characters to stay within the result budget."),
        );
        env["truncated"] = Value::Bool(true);
        text = serde_json::to_string(&env).unwrap_or_default();
        if text.len() > MAX_RESULT_BYTES {
            let cuts = trim_nested(&mut env, MAX_RESULT_BYTES.saturating_sub(MAX_WARNING_CHARS + 64));
            if !cuts.is_empty() {
                let how = narrow.as_deref().unwrap_or("narrow the call to read the rest");
                push_warning(
                    &mut env,
                    format!(
                        "Nested lists were cut to stay within the {} KiB result budget ({}); {how}.",
                        MAX_RESULT_BYTES / 1024,
                        cuts.join(", ")
                    ),
                );
                text = serde_json::to_string(&env).unwrap_or_default();
            }
        }
    }
    if text.len() > MAX_RESULT_BYTES
        && let Some(d) = data.as_mut()
    {
        // Even one record, its texts shortened and its lists cut, is over the budget: it is
        // left out rather than the call refused, and the page continues where it was.
        d.keep(0);
        d.mark_truncated();
        if let Some(i) = cut_warning {
            warnings.remove(i);
        }
        let how = narrow.as_deref().unwrap_or("narrow the call");
        warnings.push(format!(
            "The next record alone is larger than the {} KiB result budget even shortened, so it was left out; {how}.",
            MAX_RESULT_BYTES / 1024
        ));
        text = write(operation, correlation_id, Some(d), error.as_ref(), &warnings, true).unwrap_or_default();
    }
    if text.len() > MAX_RESULT_BYTES || text.is_empty() {
        return (internal(operation, correlation_id, "the result could not be reduced to the 64 KiB budget"), false);
    }
    (text, ok)
}

/// Cuts the trailing entries of the longest lists nested inside records (never the page's
/// own list, never below one entry) until the envelope is at most `room` bytes; a list whose
/// object says `truncated` is marked. Returns what was cut, as "key (kept k of n)".
fn trim_nested(env: &mut Value, room: usize) -> Vec<String> {
    let mut cut: Vec<(String, usize, usize)> = Vec::new();
    for _ in 0..10_000 {
        let size = serde_json::to_string(&*env).map(|t| t.len()).unwrap_or(0);
        if size <= room {
            break;
        }
        let Some(data) = env.get_mut("data") else { break };
        let mut best: Option<(usize, Vec<Step>)> = None;
        largest_nested(data, &mut Vec::new(), &mut best);
        let Some((_, path)) = best else { break };
        let Some((key, parent)) = reach(data, &path) else { break };
        let Some(list) = parent.get_mut(&key).and_then(Value::as_array_mut) else { break };
        let total = list.len();
        let mut shed = 0usize;
        while list.len() > 1 && shed < size - room {
            let last = list.pop().expect("more than one entry");
            shed += serde_json::to_string(&last).map(|t| t.len() + 1).unwrap_or(1);
        }
        let kept = list.len();
        if let Some(flag) = parent.get_mut("truncated")
            && flag.is_boolean()
        {
            *flag = Value::Bool(true);
        }
        match cut.iter_mut().find(|(k, ..)| *k == key) {
            Some(entry) => entry.1 = entry.1.min(kept),
            None => cut.push((key, kept, total)),
        }
    }
    cut.into_iter().map(|(k, kept, total)| format!("{k}: kept {kept} of {total}")).collect()
}

/// One step down a JSON tree.
#[derive(Debug, Clone)]
enum Step {
    Key(String),
    Index(usize),
}

/// The longest (in bytes) array of two or more entries below `v`'s own members, with the
/// path to it.
fn largest_nested(v: &Value, path: &mut Vec<Step>, best: &mut Option<(usize, Vec<Step>)>) {
    match v {
        Value::Object(map) => {
            for (k, child) in map {
                path.push(Step::Key(k.clone()));
                if let Value::Array(items) = child
                    && path.len() > 1
                    && items.len() > 1
                {
                    let size = serde_json::to_string(child).map(|t| t.len()).unwrap_or(0);
                    if best.as_ref().is_none_or(|(b, _)| size > *b) {
                        *best = Some((size, path.clone()));
                    }
                }
                largest_nested(child, path, best);
                path.pop();
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                path.push(Step::Index(i));
                largest_nested(child, path, best);
                path.pop();
            }
        }
        _ => {}
    }
}

/// The object holding the array at `path`, and the array's key.
fn reach<'v>(v: &'v mut Value, path: &[Step]) -> Option<(String, &'v mut serde_json::Map<String, Value>)> {
    let (last, rest) = path.split_last()?;
    let mut at = v;
    for step in rest {
        at = match step {
            Step::Key(k) => at.get_mut(k.as_str())?,
            Step::Index(i) => at.get_mut(*i)?,
        };
    }
    match last {
        Step::Key(k) => Some((k.clone(), at.as_object_mut()?)),
        Step::Index(_) => None,
    }
}

/// An `INTERNAL_ERROR` envelope, never an invented payload.
fn internal(operation: &str, correlation_id: &str, message: &str) -> String {
    json!({
        "ok": false,
        "operation": operation,
        "error": ToolError::internal(message),
        "warnings": [],
        "truncated": false,
        "correlation_id": correlation_id,
    })
    .to_string()
}

/// The envelope's members, written in the order a JSON object of them would list them.
#[derive(serde::Serialize)]
struct Envelope<'a> {
    correlation_id: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    data: Option<&'a Data>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a ToolError>,
    ok: bool,
    operation: &'a str,
    truncated: bool,
    warnings: &'a [String],
}

fn write(
    operation: &str,
    correlation_id: &str,
    data: Option<&Data>,
    error: Option<&ToolError>,
    warnings: &[String],
    truncated: bool,
) -> Result<String, serde_json::Error> {
    serde_json::to_string(&Envelope {
        correlation_id,
        data,
        error,
        ok: error.is_none(),
        operation,
        truncated,
        warnings,
    })
}

/// What [`fit_records`] did.
enum Fit {
    /// Every record fits; the envelope's text when it was written whole to find out.
    Whole(Option<String>),
    /// Only the first `kept` of `total` records were kept.
    Cut { total: usize, kept: usize },
}

/// Cuts `data` to the most records (at most [`Data::max_records`]) whose envelope fits the budget,
/// with room for the warning that says so.
fn fit_records(
    data: &mut Data,
    operation: &str,
    correlation_id: &str,
    error: Option<&ToolError>,
    warnings: &[String],
    truncated: bool,
) -> Fit {
    let total = data.records();
    let fits = |n: usize| {
        let mut probe = data.clone();
        probe.keep(n);
        let room = MAX_RESULT_BYTES.saturating_sub(MAX_WARNING_CHARS + 64);
        write(operation, correlation_id, Some(&probe), error, warnings, truncated).is_ok_and(|t| t.len() <= room)
    };
    let limit = total.min(data.max_records());
    if limit == total
        && let Ok(text) = write(operation, correlation_id, Some(data), error, warnings, truncated)
        && text.len() <= MAX_RESULT_BYTES
    {
        return Fit::Whole(Some(text));
    }
    // The largest n in 1..=limit that fits; one record is always kept (its text is shortened
    // later if it alone is too big).
    let (mut lo, mut hi) = (1usize, limit.max(1));
    if fits(hi) {
        lo = hi;
    } else {
        while lo + 1 < hi {
            let mid = (lo + hi) / 2;
            if fits(mid) { lo = mid } else { hi = mid }
        }
    }
    let kept = lo.min(total);
    if kept >= total {
        return Fit::Whole(None);
    }
    data.keep(kept);
    Fit::Cut { total, kept }
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
                if !matches!(
                    k.as_str(),
                    "kind" | "namespace" | "value" | "media" | "mode" | "unit" | "name" | "id" | "file_id" | "revision"
                ) {
                    shorten_strings(val, max);
                }
            }
        }
        _ => {}
    }
}

fn push_warning(env: &mut Value, warning: String) {
    if let Some(w) = env.get_mut("warnings").and_then(Value::as_array_mut) {
        if w.len() >= MAX_WARNINGS {
            w.truncate(MAX_WARNINGS - 1);
        }
        w.push(Value::String(warning));
    }
}

/// At most [`MAX_WARNINGS`] - 2 warnings (room for the budget's own), each at most
/// [`MAX_WARNING_CHARS`] characters, without repeats.
fn tidy_warnings(all: Vec<String>, truncated: &mut bool) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut dropped = false;
    for w in all {
        let w: String = w.chars().take(MAX_WARNING_CHARS).collect();
        if out.contains(&w) {
            continue;
        }
        if out.len() >= MAX_WARNINGS - 3 {
            dropped = true;
            continue;
        }
        out.push(w);
    }
    if dropped {
        out.push("More warnings were dropped to keep the result small.".into());
        *truncated = true;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;
    use crate::model::{Episode, Logs, Media, MediaKind, Metric, PageUnit, Season};
    use crate::paging;

    fn media(title: String) -> Media {
        let mut m = Media::new(MediaKind::Movie);
        m.title = Some(title);
        m
    }

    /// The envelope read from its text, checked to be what a tree of JSON values of the same
    /// result would say (whole, cut or shortened), and to fit the budget.
    fn env_of(result: ToolResult) -> Value {
        let (text, ok) = envelope_text("read_search", "c", result, Notes::default());
        let env: Value = serde_json::from_str(&text).expect("JSON");
        assert_eq!(env["ok"] == true, ok);
        assert!(text.len() <= MAX_RESULT_BYTES, "{} bytes", text.len());
        assert_eq!(env.to_string().len(), text.len(), "the text and its values differ: {text}");
        env
    }

    #[test]
    fn success_envelope_shape() {
        let env = envelope(
            "read_server",
            "c-1",
            Ok(Output::new(Data::Metrics { values: vec![Metric::instance("version", "4.59.3")] })),
            Notes::default(),
        );
        assert_eq!(env["ok"], true);
        assert_eq!(env["operation"], "read_server");
        assert_eq!(env["data"]["kind"], "metrics");
        assert_eq!(env["correlation_id"], "c-1");
        assert!(env.get("error").is_none());
    }

    #[test]
    fn error_envelope_has_no_data_but_keeps_notes() {
        let notes = Notes { warnings: vec!["w".into()], truncated: true, ..Notes::default() };
        let env = envelope("read_search", "c-2", Err(ToolError::new(ErrorCode::NotFound, "nothing")), notes);
        assert_eq!(env["ok"], false);
        assert_eq!(env["error"]["code"], "NOT_FOUND");
        assert!(env.get("data").is_none());
        assert_eq!(env["warnings"], json!(["w"]));
        assert_eq!(env["truncated"], true);
    }

    #[test]
    fn oversized_page_is_cut_and_says_so() {
        let all: Vec<Media> = (0..100).map(|i| media(format!("{i}-{}", "x".repeat(2000)))).collect();
        let (items, page) = paging::local(all, paging::Window { offset: 0, limit: 100 }, PageUnit::Media);
        let env = env_of(Ok(Output::new(Data::MediaPage { items, page })));
        let bytes = serde_json::to_vec(&env).unwrap().len();
        assert!(bytes <= MAX_RESULT_BYTES, "{bytes}");
        let kept = env["data"]["items"].as_array().unwrap().len();
        assert!(kept > 20 && kept < 100, "{kept}");
        assert_eq!(env["truncated"], true);
        assert_eq!(env["data"]["page"]["returned"], kept);
        assert_eq!(env["data"]["page"]["next_offset"], kept);
        assert_eq!(env["data"]["page"]["has_more"], true);
        assert!(env["warnings"][0].as_str().unwrap().contains("64 KiB"));
    }

    #[test]
    fn a_cut_log_window_continues_after_the_last_line_kept() {
        let lines: Vec<String> = (0..500).map(|i| format!("{i:04} {}", "l".repeat(300))).collect();
        let logs = Logs {
            files: vec![],
            lines,
            offset: Some(1000),
            next_offset: Some(None),
            truncated: false,
            from_end: false,
        };
        let env = env_of(Ok(Output::new(Data::Logs(logs))));
        let kept = env["data"]["lines"].as_array().unwrap().len();
        assert!(kept < 500 && kept > 100, "{kept}");
        assert_eq!(env["data"]["offset"], 1000);
        assert_eq!(env["data"]["next_offset"], 1000 + kept);
        assert_eq!(env["data"]["truncated"], true);
        assert_eq!(env["truncated"], true);
    }

    #[test]
    fn one_huge_record_has_its_text_shortened() {
        let (items, page) = paging::local(vec![media("y".repeat(200_000))], paging::Window::default(), PageUnit::Media);
        let env = env_of(Ok(Output::new(Data::MediaPage { items, page })));
        assert!(serde_json::to_vec(&env).unwrap().len() <= MAX_RESULT_BYTES);
        assert_eq!(env["truncated"], true);
        assert_eq!(env["data"]["items"][0]["media"], "movie");
    }

    /// A long show (12 seasons of 100 titled episodes, over the budget even with its texts
    /// shortened) comes back cut within the budget with `truncated` and a warning that says
    /// what was kept and how to ask for the rest, never as `INTERNAL_ERROR`.
    #[test]
    fn a_long_show_is_cut_to_the_budget_not_refused() {
        let mut m = media("A soap".into());
        m.media = MediaKind::Tv;
        m.seasons = (1..=12)
            .map(|s| Season {
                season_number: s,
                episodes: (1..=100)
                    .map(|e| Episode {
                        episode_number: e,
                        title: Some(format!("Episode {e} of season {s}, in which much happens")),
                        requested: Some(false),
                        available: Some(true),
                    })
                    .collect(),
                truncated: false,
            })
            .collect();
        let (items, page) = paging::local(vec![m], paging::Window::default(), PageUnit::Media);
        let notes = Notes { narrow: Some("ask for one `season` at a time".into()), ..Notes::default() };
        let (text, ok) = envelope_text("read_media", "c", Ok(Output::new(Data::MediaPage { items, page })), notes);
        assert!(ok, "{}", &text[..300.min(text.len())]);
        assert!(text.len() <= MAX_RESULT_BYTES, "{} bytes", text.len());
        let env: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(env["truncated"], true);
        let seasons = env["data"]["items"][0]["seasons"].as_array().unwrap();
        assert!(!seasons.is_empty() && seasons.len() < 12, "{}", seasons.len());
        assert_eq!(seasons[0]["episodes"].as_array().unwrap().len(), 100, "leading seasons stay whole");
        let warning =
            env["warnings"].as_array().unwrap().iter().filter_map(Value::as_str).find(|w| w.contains("Nested lists"));
        let warning = warning.expect("a warning about the cut");
        assert!(warning.contains(&format!("seasons: kept {} of 12", seasons.len())), "{warning}");
        assert!(warning.contains("one `season` at a time"), "{warning}");
    }

    /// A record that cannot be made small enough (its exact fields alone are over the budget)
    /// is left out with a warning and an honest continuation, never an `INTERNAL_ERROR`.
    #[test]
    fn a_record_too_large_even_shortened_is_left_out() {
        let values = vec![Metric::instance("x", "v".repeat(100_000)), Metric::instance("y", 1)];
        let env = env_of(Ok(Output::new(Data::Metrics { values })));
        assert_eq!(env["ok"], true);
        assert_eq!(env["truncated"], true);
        assert_eq!(env["data"]["values"], json!([]));
        assert!(env["warnings"].to_string().contains("larger than the 64 KiB result budget"));
        assert!(!env["warnings"].to_string().contains("Returned 1 of 2"));
    }

    #[test]
    fn small_results_are_untouched() {
        let env = env_of(Ok(Output::new(Data::Metrics { values: vec![] }).warn("w")));
        assert_eq!(env["truncated"], false);
        assert_eq!(env["warnings"], json!(["w"]));
    }

    #[test]
    fn warnings_are_bounded_and_deduplicated() {
        let notes = Notes {
            warnings: (0..300).map(|i| format!("w{}", i % 150)).collect(),
            truncated: false,
            ..Notes::default()
        };
        let env = envelope("read_search", "c", Ok(Output::new(Data::Metrics { values: vec![] })), notes);
        let w = env["warnings"].as_array().unwrap();
        assert!(w.len() <= 100);
        assert_eq!(env["truncated"], true);
    }
}
