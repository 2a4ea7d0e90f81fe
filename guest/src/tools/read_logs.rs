//! `read_logs`: Ombi's log files and bounded, sanitised windows of their lines.
//!
//! Ombi routes: v2 `System/logs` (the listing), v2 `System/logs/{file}` (the whole file as
//! one string, §3.14). A `file_id` must be a name in the current listing; anything else is
//! refused before a request is sent. Never the download route.

use super::args::tool_args;
use super::{Effect, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::{MAX_LOG_LINES, ToolResult};
use crate::error::ToolError;
use crate::model::{Data, LogFile, Logs};
use crate::projection::logs::{self as project, LineWindow};
use crate::routes::Route;
use crate::schema::output::Family;
use crate::upstream::{ApiRequest, RawResponse, path};

/// Lines returned when `limit` is not given.
pub const DEFAULT_LINES: u64 = 100;

fn default_lines() -> u64 {
    DEFAULT_LINES
}

tool_args! {
    /// Arguments of `read_logs`.
    pub struct Args {
        /// From the listing; omit it to list the files.
        #[schemars(length(min = 1, max = 100))]
        pub file_id: Option<String>,
        /// Lines to skip (from the end with `tail`).
        #[serde(default)]
        #[schemars(range(min = 0, max = 10_000_000))]
        pub offset: u64,
        /// Lines per page.
        #[serde(default = "default_lines")]
        #[schemars(range(min = 1, max = 500))]
        pub limit: u64,
        /// Count from the end (the newest lines).
        #[serde(default)]
        pub tail: bool,
        /// Only lines holding this text (case-insensitive).
        #[schemars(length(min = 1, max = 200))]
        pub contains: Option<String>,
    }
}

/// Every route this tool sends.
const ROUTES: &[Route] = &[
    Route::get("/api/v2/System/logs"),
    Route::get("/api/v2/System/logs/{s}"),
];

pub struct ReadLogs;

impl Tool for ReadLogs {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_logs",
        title: "Logs",
        description: "Read Ombi's logs: without `file_id`, the list of log files (newest first); with a `file_id` from that list, a window of lines from the start or, with `tail`, from the end, optionally only lines `contains` matches. `next_offset` continues. Secrets and e-mail addresses are redacted.",
        families: &[Family::Logs],
        effect: Effect::Read,
        routes: &[ROUTES],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        let files = listing(ctx)?;
        let Some(file_id) = args.file_id.as_deref() else {
            let mut files = files.items;
            if files.len() > crate::envelope::MAX_RECORDS {
                files.truncate(crate::envelope::MAX_RECORDS);
                ctx.cut("Only the 100 newest log files are listed.");
            }
            return Ok(Data::Logs(Logs::listing(files)).into());
        };
        // Only a name from the current listing is ever sent (no paths, no guesses).
        let Some(file) = files.items.iter().find(|f| f.file_id == file_id) else {
            let known: Vec<&str> = files.items.iter().take(5).map(|f| f.file_id.as_str()).collect();
            return Err(files.absent(
                "file_id",
                format!("`file_id` must be a log file from the current listing (call read_logs without file_id), e.g. {}", known.join(", ")),
            ));
        };
        let limit = args.limit.min(MAX_LOG_LINES as u64);
        let window = LineWindow { offset: args.offset, limit, tail: args.tail, contains: args.contains.clone() };
        let text = file_text(ctx, &file.file_id, tail_lines(&window))?;
        Ok(Data::Logs(project::window(&lines_for(&text, &window), &window)).into())
    }
}

/// For a tail without a filter, how many lines from the end `window` needs: `offset +
/// limit + 1` (the one more says whether lines come before). `None`: every line.
fn tail_lines(window: &LineWindow) -> Option<usize> {
    if !window.tail || window.contains.as_deref().is_some_and(|c| !c.is_empty()) {
        return None;
    }
    Some(usize::try_from(window.offset.saturating_add(window.limit).saturating_add(1)).unwrap_or(usize::MAX))
}

/// The lines `window` needs: all of them, or for a tail without a filter only the last
/// ones ([`tail_lines`]), found from the end.
fn lines_for<'t>(text: &'t str, window: &LineWindow) -> Vec<&'t str> {
    let Some(wanted) = tail_lines(window) else {
        return text.lines().collect();
    };
    let mut last: Vec<&str> = text.lines().rev().take(wanted).collect();
    last.reverse();
    last
}

/// The current listing: `*.txt` names Ombi reports, newest first.
fn listing(ctx: &mut Ctx) -> Result<crate::ctx::Listed<LogFile>, ToolError> {
    let l = ctx.list::<String>(&ApiRequest::get("/api/v2/System/logs"), "the log file listing")?;
    let cut = l.cut;
    let mut out: Vec<LogFile> = Vec::new();
    for name in l.items {
        let name = name.trim().to_string();
        let safe = !name.is_empty() && name.len() <= 100 && !name.contains(['/', '\\']) && !name.starts_with('.') && !name.chars().any(char::is_control);
        if safe && !out.iter().any(|f| f.file_id == name) {
            out.push(LogFile { file_id: name.clone(), name });
        }
    }
    Ok(crate::ctx::Listed { items: out, cut })
}

/// The file's text. Ombi's v2 route gives a JSON string when JSON is accepted (text/plain
/// otherwise); a body longer than the read budget is read as far as it goes, and a cut JSON
/// string keeps its complete head. With `tail`, a whole JSON string may be decoded only from
/// where its last `tail` lines begin (a log file is hundreds of kilobytes; a tail is a few).
///
/// A tail asks only for the file's last bytes ([`tail_bytes`]); when they hold fewer lines
/// than the tail needs (very long lines), the whole file is read again.
fn file_text(ctx: &mut Ctx, name: &str, tail: Option<usize>) -> Result<String, ToolError> {
    let whole = ApiRequest::get(format!("/api/v2/System/logs/{}", path::segment(name)));
    if let Some(lines) = tail {
        let resp = ctx.send(&whole.clone().last_bytes(tail_bytes(lines)), "the log file")?;
        if resp.skipped == 0 {
            return decode_file(ctx, resp, tail);
        }
        if let Some(text) = end_lines(&resp, lines) {
            return Ok(text);
        }
    }
    let resp = ctx.send(&whole, "the log file")?;
    decode_file(ctx, resp, tail)
}

/// Bytes asked for to hold the last `lines` lines: a Serilog line is 100–300 bytes, so
/// this is generous, and a shortfall costs one more request.
fn tail_bytes(lines: usize) -> usize {
    lines.saturating_mul(512).max(64 * 1024)
}

/// The last `lines` lines from the end of a body read from some place inside it, or
/// `None` when that end holds fewer (or is not what a log file's end looks like).
fn end_lines(resp: &RawResponse, lines: usize) -> Option<String> {
    if is_json(resp) {
        return json_string_end(&resp.body, lines);
    }
    // Plain text: everything after the first newline is whole lines.
    let from = resp.body.iter().position(|&b| b == b'\n')? + 1;
    let text = String::from_utf8_lossy(&resp.body[from..]).into_owned();
    (text.lines().count() >= lines).then_some(text)
}

/// Whether Ombi sent the file as a JSON string (its v2 route does when JSON is accepted).
fn is_json(resp: &RawResponse) -> bool {
    resp.content_type.as_deref().is_some_and(|c| c.contains("json")) || resp.body.first() == Some(&b'"')
}

/// The text of a whole log file's answer (its `tail` lines, when given, decoded alone).
fn decode_file(ctx: &mut Ctx, resp: RawResponse, tail: Option<usize>) -> Result<String, ToolError> {
    let is_json = is_json(&resp);
    let tail_text = match tail {
        Some(lines) if is_json && !resp.over_budget => json_string_tail(&resp.body, lines),
        _ => None,
    };
    let text = if let Some(text) = tail_text {
        text
    } else if is_json {
        match serde_json::from_slice::<String>(&resp.body) {
            Ok(t) => t,
            Err(_) if resp.over_budget => unescape_prefix(&resp.body),
            Err(e) => return Err(ToolError::schema_mismatch("the log file", e)),
        }
    } else {
        String::from_utf8_lossy(&resp.body).into_owned()
    };
    if resp.over_budget {
        ctx.cut(format!(
            "The log file is longer than the {}-byte read budget (OMBI_MAX_RESPONSE_BYTES): only its beginning was read, so `tail` shows the last lines read, not the file's end.",
            ctx.settings.max_response_bytes
        ));
    }
    Ok(text)
}

/// The end of the JSON string `body` decoded from where its last `lines` lines begin (at
/// least those lines, maybe more), or `None` when `body` is not one plain JSON string or
/// its end does not decode. Escaped newlines are found from the end: a `\n` whose run of
/// backslashes is odd (`\\n` is a backslash and an `n`); a `\u000a` is not counted, which
/// only keeps more text.
fn json_string_tail(body: &[u8], lines: usize) -> Option<String> {
    let inner = body.trim_ascii().strip_prefix(b"\"")?;
    string_tail(inner, lines, true)
}

/// [`json_string_tail`] for the end of a JSON string read from some place inside it: only
/// when that end holds all `lines` lines (what comes before it is unknown).
fn json_string_end(body: &[u8], lines: usize) -> Option<String> {
    string_tail(body.trim_ascii_end(), lines, false)
}

/// The decoded end of `inner`, a JSON string's text and closing quote, from where its last
/// `lines` lines begin. `whole`: `inner` is the whole string, so fewer lines mean all of it;
/// otherwise it began at an unknown place, so fewer lines, or a run of backslashes that
/// reaches its start, mean `None`.
fn string_tail(inner: &[u8], lines: usize, whole: bool) -> Option<String> {
    let inner = inner.strip_suffix(b"\"")?;
    // A closing quote that is itself escaped is not the end of the string.
    if odd_run_before(inner, inner.len()) {
        return None;
    }
    // A newline that ends the text ends its last line; it does not start another.
    let mut end = inner.len();
    if end >= 2 && inner[end - 1] == b'n' && odd_run_before(inner, end - 1) {
        end -= 2;
    }
    // From the end, backslash by backslash (two or so per line): the last one of a run
    // begins an escape when the run is odd, and the escape is a newline when an `n` follows.
    // Only escapes whose `n` comes before `end` count.
    let mut found = 0;
    let mut start = 0;
    let mut before = end.saturating_sub(1);
    while let Some(j) = rfind_byte(&inner[..before], b'\\') {
        let run = backslashes_before(inner, j + 1);
        if !whole && run == j + 1 {
            return None;
        }
        if run % 2 == 1 && inner[j + 1] == b'n' {
            found += 1;
            if found == lines {
                start = j + 2;
                break;
            }
        }
        before = j + 1 - run;
    }
    if !whole && found < lines {
        return None;
    }
    let mut quoted = Vec::with_capacity(inner.len() - start + 2);
    quoted.push(b'"');
    quoted.extend_from_slice(&inner[start..]);
    quoted.push(b'"');
    serde_json::from_slice(&quoted).ok()
}

/// Whether the bytes before `inner[i]` end in an odd run of backslashes (so `inner[i]` is
/// the letter of an escape).
fn odd_run_before(inner: &[u8], i: usize) -> bool {
    backslashes_before(inner, i) % 2 == 1
}

/// How many backslashes in a row end just before `inner[i]`.
fn backslashes_before(inner: &[u8], i: usize) -> usize {
    inner[..i].iter().rev().take_while(|&&b| b == b'\\').count()
}

/// The position of the last `byte` in `hay`, eight bytes at a time (under wasm a loop over
/// single bytes costs about twenty instructions a byte; a log tail looks through kilobytes).
fn rfind_byte(hay: &[u8], byte: u8) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let pattern = ONES * u64::from(byte);
    let mut words = hay.rchunks_exact(8);
    let mut word_end = hay.len();
    for chunk in words.by_ref() {
        let mut bytes = [0; 8];
        bytes.copy_from_slice(chunk);
        let x = u64::from_le_bytes(bytes) ^ pattern;
        // The top bit set in exactly the bytes of `x` that are zero (no carry crosses bytes).
        let zero = !(((x & LOW7) + LOW7) | x | LOW7);
        if zero != 0 {
            return Some(word_end - 1 - (zero.leading_zeros() / 8) as usize);
        }
        word_end -= 8;
    }
    words.remainder().iter().rposition(|&b| b == byte)
}

/// The text of a JSON string cut before its closing quote, up to its last complete line.
fn unescape_prefix(body: &[u8]) -> String {
    let text = String::from_utf8_lossy(body);
    let inner = text.trim_start().strip_prefix('"').unwrap_or(&text);
    let cut = inner.rfind("\\n").unwrap_or(0);
    serde_json::from_str::<String>(&format!("\"{}\"", &inner[..cut])).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::FakeOmbi;
    use crate::tools::run_tool;
    use serde_json::json;

    fn fake() -> FakeOmbi {
        FakeOmbi::new().reply("GET /api/v2/System/logs", 200, r#"["log20261130.txt","log20261129.txt","../etc/passwd"]"#).reply(
            "GET /api/v2/System/logs/log20261130.txt",
            200,
            r#""a apikey=0123456789abcdef0123456789abcdef\nb\nc\nd\n""#,
        )
    }

    #[test]
    fn listing_and_tail() {
        let mut f = fake();
        let (out, _) = run_tool(&mut f, "read_logs", json!({}));
        let Data::Logs(l) = out.unwrap().data else { panic!() };
        assert_eq!(l.files.len(), 2, "unsafe names are not offered");
        let (out, _) = run_tool(&mut f, "read_logs", json!({"file_id": "log20261130.txt", "tail": true, "limit": 2}));
        let Data::Logs(l) = out.unwrap().data else { panic!() };
        assert_eq!(l.lines, vec!["c", "d"]);
        let (out, _) = run_tool(&mut f, "read_logs", json!({"file_id": "log20261130.txt", "limit": 1}));
        let Data::Logs(l) = out.unwrap().data else { panic!() };
        assert!(!l.lines[0].contains("0123456789abcdef"), "{:?}", l.lines);
    }

    #[test]
    fn a_tail_read_from_the_end_is_the_tail_of_all_lines() {
        let text: String = (0..50).map(|i| format!("line {i}\r\n")).collect::<String>() + "last without newline";
        let all: Vec<&str> = text.lines().collect();
        for offset in [0, 1, 7, 49, 50, 51, 500] {
            for limit in [1, 3, 50, 51, 200] {
                for contains in [None, Some(String::new())] {
                    let w = LineWindow { offset, limit, tail: true, contains };
                    assert_eq!(project::window(&lines_for(&text, &w), &w), project::window(&all, &w), "{w:?}");
                }
            }
        }
        let filtered = LineWindow { offset: 0, limit: 2, tail: true, contains: Some("line 1".into()) };
        assert_eq!(lines_for(&text, &filtered).len(), all.len());
    }

    #[test]
    fn unknown_files_are_refused_before_any_request_for_them() {
        let mut f = fake();
        let e = run_tool(&mut f, "read_logs", json!({"file_id": "../../etc/passwd"})).0.unwrap_err();
        assert_eq!(e.field.as_deref(), Some("file_id"));
        assert_eq!(f.sent.len(), 1, "only the listing was read");
    }

    #[test]
    fn a_json_tail_decodes_only_the_end_and_keeps_every_needed_line() {
        let texts = [
            (0..40).map(|i| format!("line {i}\r\n")).collect::<String>() + "last without newline",
            (0..40).map(|i| format!("l{i} a\\n path C:\\new \"q\" é\n")).collect::<String>(),
            "\n\n\\\nx\n".to_string(),
            "one line".to_string(),
            String::new(),
        ];
        for text in &texts {
            let all: Vec<&str> = text.lines().collect();
            let body = serde_json::to_vec(text).unwrap();
            for lines in [1, 2, 3, 39, 40, 41, 500] {
                let tail = json_string_tail(&body, lines).expect("a plain JSON string");
                assert!(text.ends_with(&tail), "{text:?} {lines}: {tail:?}");
                let got: Vec<&str> = tail.lines().rev().take(lines).collect();
                let want: Vec<&str> = all.iter().rev().take(lines).copied().collect();
                assert_eq!(got, want, "{text:?} {lines}");
            }
        }
        // Not one plain string: decoded whole by the caller instead.
        assert_eq!(json_string_tail(br#"["a\nb"]"#, 1), None);
        assert_eq!(json_string_tail(br#""a\nb\""#, 1), None);
        // A long log decodes only from its tail.
        let long: String = (0..5000).map(|i| format!("entry {i}\n")).collect();
        let tail = json_string_tail(&serde_json::to_vec(&long).unwrap(), 101).unwrap();
        assert_eq!(tail.lines().count(), 101);
        assert!(tail.starts_with("entry 4899\n"));
    }

    #[test]
    fn a_tail_tool_call_reads_the_same_lines_as_a_whole_decode() {
        let text: String = (0..300).map(|i| format!("x {i} token=abc{i}\n")).collect();
        let body = String::from_utf8(serde_json::to_vec(&text).unwrap()).unwrap();
        let mut f = FakeOmbi::new()
            .reply("GET /api/v2/System/logs", 200, r#"["log20261130.txt"]"#)
            .reply("GET /api/v2/System/logs/log20261130.txt", 200, &body);
        let all: Vec<&str> = text.lines().collect();
        for (offset, limit) in [(0, 5), (3, 10), (290, 20), (400, 5)] {
            let args = json!({"file_id": "log20261130.txt", "tail": true, "offset": offset, "limit": limit});
            let (out, _) = run_tool(&mut f, "read_logs", args);
            let Data::Logs(got) = out.unwrap().data else { panic!() };
            let w = LineWindow { offset, limit, tail: true, contains: None };
            assert_eq!(got, project::window(&all, &w), "offset {offset} limit {limit}");
        }
    }

    /// A tail of a long file, through the tool, against the same window of every line.
    fn tail_of(text: &str, offset: u64, limit: u64) -> (crate::model::Logs, Vec<ApiRequest>) {
        let body = String::from_utf8(serde_json::to_vec(text).unwrap()).unwrap();
        let mut f = FakeOmbi::new()
            .reply("GET /api/v2/System/logs", 200, r#"["log20261130.txt"]"#)
            .reply("GET /api/v2/System/logs/log20261130.txt", 200, &body);
        let args = json!({"file_id": "log20261130.txt", "tail": true, "offset": offset, "limit": limit});
        let (out, _) = run_tool(&mut f, "read_logs", args);
        let Data::Logs(got) = out.unwrap().data else { panic!() };
        let all: Vec<&str> = text.lines().collect();
        assert_eq!(got, project::window(&all, &LineWindow { offset, limit, tail: true, contains: None }));
        (got, f.sent.into_iter().skip(1).collect())
    }

    #[test]
    fn a_tail_of_a_long_file_reads_only_its_end() {
        let text: String = (0..20_000).map(|i| format!("2026-11-30 12:00:00 [INF] entry \"{i}\" C:\\logs\n")).collect();
        for (offset, limit) in [(0, 100), (0, 1), (50, 20), (120, 5)] {
            let (got, sent) = tail_of(&text, offset, limit);
            assert!(!got.lines.is_empty());
            assert_eq!(sent.len(), 1, "one request for the file");
            assert_eq!(sent[0].keep_last, Some(64 * 1024), "only the file's end is asked for");
        }
        // A window beyond what the end holds reads the whole file once (the end asked for
        // is then as long as the file).
        let (_, sent) = tail_of(&text, 19_000, 100);
        assert_eq!(sent.len(), 1);
    }

    #[test]
    fn an_end_with_too_few_lines_reads_the_whole_file_again() {
        // Lines of 2 KB: the 64 KiB end holds about 32 of the 101 lines a tail of 100 needs.
        let long = "x".repeat(2000);
        let text: String = (0..400).map(|i| format!("{i} {long}\n")).collect();
        let (got, sent) = tail_of(&text, 0, 100);
        assert_eq!(got.lines.len(), 100);
        assert_eq!(sent.len(), 2, "the end, then the whole file");
        assert_eq!((sent[0].keep_last, sent[1].keep_last), (Some(64 * 1024), None));
    }

    #[test]
    fn an_end_read_from_inside_the_string_is_only_trusted_with_every_line() {
        // From the end: `y`, then a newline escape, `x`, and a run of two backslashes that
        // reaches where the read began (an `\\n` or, after one more, a newline).
        let body = b"\\\\nx\\ny\"";
        assert_eq!(json_string_end(body, 1).as_deref(), Some("y"));
        assert_eq!(json_string_end(body, 2), None);
        assert_eq!(json_string_end(b"no newline at all\"", 1), None);
        assert_eq!(json_string_end(b"a\\nb\\nc\"", 2).as_deref(), Some("b\nc"));
        assert_eq!(json_string_end(b"a\\nb\\nc\"", 3), None, "its first line may have begun earlier");
    }

    #[test]
    fn the_last_byte_is_found_eight_at_a_time_as_one_at_a_time() {
        // Every length up to three words, the byte at every place, among bytes that differ
        // from it in one bit only (and in the top bit, which the zero test must not confuse).
        for len in 0..25 {
            for byte in [b'\\', 0x00, 0x80, 0xff] {
                for fill in [byte ^ 0x01, byte ^ 0x80, byte ^ 0x7f] {
                    let mut hay = vec![fill; len];
                    assert_eq!(rfind_byte(&hay, byte), None, "{len} {byte:#x} {fill:#x}");
                    for at in 0..len {
                        hay[at] = byte;
                        assert_eq!(rfind_byte(&hay, byte), Some(at), "{len} {byte:#x} {fill:#x} {at}");
                        assert_eq!(rfind_byte(&hay[..at], byte), hay[..at].iter().rposition(|&b| b == byte));
                    }
                }
            }
        }
    }

    #[test]
    fn escaped_backslashes_before_an_n_are_not_newlines() {
        // `\\n` is a backslash and an `n`; `\\\n` is a backslash and a newline.
        let text = "a\\nb\n\\\nc\\\\n";
        let body = serde_json::to_vec(text).unwrap();
        let whole: String = serde_json::from_slice(&body).unwrap();
        for lines in 1..5 {
            let tail = json_string_tail(&body, lines).unwrap();
            assert!(whole.ends_with(&tail));
            let want: Vec<&str> = whole.lines().rev().take(lines).collect();
            let got: Vec<&str> = tail.lines().rev().take(lines).collect();
            assert_eq!(got, want, "{lines}");
        }
    }

    #[test]
    fn a_cut_json_string_keeps_its_complete_lines() {
        assert_eq!(unescape_prefix(br#""one\ntwo\nthr"#), "one\ntwo");
    }
}
