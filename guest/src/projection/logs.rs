//! Log lines: sanitised (credentials, tokens, webhook and credential-bearing URLs, e-mail
//! addresses and key-shaped strings are redacted; control characters removed; long lines
//! shortened) and cut into bounded windows.

use std::borrow::Cow;

use crate::model::Logs;

/// A line longer than this is shortened (by design, not a budget cut).
pub const LINE_CHARS: usize = 1000;
/// What a redacted secret becomes.
const REDACTED: &str = "[redacted]";

/// Names after which a value is a secret (`name=value`, `name: value`, `"name":"value"`).
const SECRET_NAMES: &[&str] = &[
    "apikey",
    "api_key",
    "api-key",
    "x-api-key",
    "token",
    "access_token",
    "accesstoken",
    "usertoken",
    "x-plex-token",
    "password",
    "passwd",
    "pwd",
    "secret",
    "authorization",
    "authtoken",
    "bearer",
    "webhookurl",
    "botapi",
    "applicationtoken",
    "accountsid",
];

/// The first letters of [`SECRET_NAMES`].
const NAME_STARTS: &[u8] = b"abptuswx";

/// Whether a byte is one of [`NAME_STARTS`], by table (a slice's `contains` calls `memchr`,
/// which is a function call per word start under wasm).
const IS_NAME_START: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    while i < NAME_STARTS.len() {
        t[NAME_STARTS[i] as usize] = true;
        i += 1;
    }
    t
};

/// The line with secrets redacted and control characters replaced.
pub fn sanitize(line: &str) -> String {
    if !may_change(line) {
        return crate::projection::text::short(Some(line), LINE_CHARS).unwrap_or_default();
    }
    full_pass(line)
}

/// Whether [`full_pass`] could change `line` beyond trimming and shortening it, in one pass
/// over its bytes; `false` is a proof, `true` only a maybe. A line changes only if it holds
/// a control character, a secret name at a word start, an `@`, a word starting `eyJ`, a run
/// of 32 ASCII letters and digits (every key-shaped word has one), or a `://` with a
/// `hooks/` or `token=` on the line.
///
/// Eight bytes at a time: a group of plain printable ASCII (no `@`, DEL or control byte,
/// nothing above 0x7F) is classified with a few word operations, and only its word starts
/// and colons are looked at one by one; any other group goes byte by byte ([`byte_may_change`]).
/// Under wasm a loop over single bytes costs several instructions a byte, and a log tail is
/// kilobytes of text.
fn may_change(line: &str) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Some byte of `x` is zero / is below `n` (exact as to whether there is one).
    let has_zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGH != 0;
    let has_below = |x: u64, n: u8| x.wrapping_sub(ONES * u64::from(n)) & !x & HIGH != 0;
    // The top bit of each byte of `x` (all below 0x80) that lies in `lo..=hi`.
    let in_range =
        |x: u64, lo: u8, hi: u8| (x + ONES * u64::from(0x80 - lo)) & !(x + ONES * u64::from(0x7f - hi)) & HIGH;
    let b = line.as_bytes();
    // Letters and digits in a row, ending at the byte before `i`.
    let mut run = 0;
    let mut i = 0;
    while let Some(group) = b.get(i..i + 8) {
        let x = u64::from_le_bytes(group.try_into().unwrap_or([0; 8]));
        let plain = x & HIGH == 0
            && !has_below(x, 0x20)
            && !has_zero(x ^ (ONES * 0x7f))
            && !has_zero(x ^ (ONES * u64::from(b'@')));
        if !plain {
            for j in i..i + 8 {
                if byte_may_change(b, j, &mut run) {
                    return true;
                }
            }
            i += 8;
            continue;
        }
        // A colon matters only as a URL's `://` (a timestamp has two).
        let mut colons = zero_bytes(x ^ (ONES * u64::from(b':')));
        while colons != 0 {
            let at = i + (colons.trailing_zeros() / 8) as usize;
            if b[at + 1..].starts_with(b"//") && url_may_hold_secret(b) {
                return true;
            }
            colons &= colons - 1;
        }
        let alnum = in_range(x, b'0', b'9') | in_range(x | (ONES * 0x20), b'a', b'z');
        // One bit per byte, the first byte lowest.
        let mask = (((alnum >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56) as u8;
        let lead = mask.trailing_ones() as usize;
        if run + lead >= 32 {
            return true;
        }
        // Word starts: a letter or digit after anything else (the first byte after the
        // last group's end).
        let mut starts = mask & !(mask << 1);
        if run > 0 {
            starts &= !1;
        }
        while starts != 0 {
            let at = i + starts.trailing_zeros() as usize;
            if word_may_change(b, at) {
                return true;
            }
            starts &= starts - 1;
        }
        run = if mask == u8::MAX { run + 8 } else { mask.leading_ones() as usize };
        i += 8;
    }
    (i..b.len()).any(|j| byte_may_change(b, j, &mut run))
}

/// The top bit of each byte of `x` that is zero, exactly (no borrow crosses bytes).
fn zero_bytes(x: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    !(((x & LOW7) + LOW7) | x | LOW7)
}

/// [`may_change`]'s rule for the byte `b[i]`, with `run` the letters and digits in a row
/// before it (updated).
fn byte_may_change(b: &[u8], i: usize, run: &mut usize) -> bool {
    let c = b[i];
    if c.is_ascii_alphanumeric() {
        if *run == 0 && word_may_change(b, i) {
            return true;
        }
        *run += 1;
        return *run >= 32;
    }
    *run = 0;
    let control = c < 0x20 || c == 0x7f || (c == 0xc2 && matches!(b.get(i + 1), Some(0x80..=0x9f)));
    control || c == b'@' || (c == b':' && b[i + 1..].starts_with(b"//") && url_may_hold_secret(b))
}

/// Whether the word starting at `b[i]` is a secret name or starts `eyJ` (a JWT).
fn word_may_change(b: &[u8], i: usize) -> bool {
    name_at(b, i) || b[i..].starts_with(b"eyJ")
}

/// For each byte, the [`SECRET_NAMES`] (one bit each) whose byte at `AT` it is in either case.
const fn names_with_byte<const AT: usize>() -> [u32; 256] {
    assert!(SECRET_NAMES.len() <= 32);
    let mut t = [0u32; 256];
    let mut k = 0;
    while k < SECRET_NAMES.len() {
        let c = SECRET_NAMES[k].as_bytes()[AT];
        t[c.to_ascii_lowercase() as usize] |= 1 << k;
        t[c.to_ascii_uppercase() as usize] |= 1 << k;
        k += 1;
    }
    t
}

/// The names each first and second byte may begin (most words are ruled out by these two
/// bytes alone, without comparing any name).
const NAMES_BY_FIRST: [u32; 256] = names_with_byte::<0>();
const NAMES_BY_SECOND: [u32; 256] = names_with_byte::<1>();

/// Whether a secret name (any case) starts at `b[i]`.
fn name_at(b: &[u8], i: usize) -> bool {
    let Some(&second) = b.get(i + 1) else {
        return false;
    };
    let mut candidates = NAMES_BY_FIRST[b[i] as usize] & NAMES_BY_SECOND[second as usize];
    while candidates != 0 {
        let n = SECRET_NAMES[candidates.trailing_zeros() as usize].as_bytes();
        if b.len() - i >= n.len() && b[i..i + n.len()].eq_ignore_ascii_case(n) {
            return true;
        }
        candidates &= candidates - 1;
    }
    false
}

/// Whether a URL on the line may be a webhook or carry a token (credentials in it hold an
/// `@`, which is checked apart).
fn url_may_hold_secret(b: &[u8]) -> bool {
    b.windows(6).any(|w| w.eq_ignore_ascii_case(b"hooks/") || w.eq_ignore_ascii_case(b"token="))
}

/// Every redaction rule over `line`.
fn full_pass(line: &str) -> String {
    let line: Cow<'_, str> = if line.chars().any(char::is_control) {
        Cow::Owned(line.chars().map(|c| if c.is_control() { ' ' } else { c }).collect())
    } else {
        Cow::Borrowed(line)
    };
    let line = redact_named(&line);
    let mut out = String::with_capacity(line.len());
    for piece in split_keep(&line) {
        out.push_str(&redact_word(piece));
    }
    crate::projection::text::short(Some(&out), LINE_CHARS).unwrap_or_default()
}

/// Splits into words and the separators between them, keeping both.
fn split_keep(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut in_word = None;
    for (at, c) in line.char_indices() {
        let w =
            !(c.is_whitespace() || matches!(c, '"' | '\'' | ',' | ';' | '(' | ')' | '[' | ']' | '<' | '>' | '{' | '}'));
        if in_word.is_some_and(|iw| iw != w) {
            out.push(&line[start..at]);
            start = at;
        }
        in_word = Some(w);
    }
    if start < line.len() {
        out.push(&line[start..]);
    }
    out
}

/// Redacts the value after a secret name: `apikey=…`, `Token: …`, `"password":"…"`.
fn redact_named(line: &str) -> Cow<'_, str> {
    // The names are ASCII: an ASCII-lower-cased copy keeps every byte offset of the line,
    // whatever else it holds (a Unicode lower-casing may change lengths, as `İ` does).
    let lower = line.to_ascii_lowercase();
    let bytes = line.as_bytes();
    let lower_bytes = lower.as_bytes();
    let mut out = String::new();
    // `line[..copied]` is in `out` already (with its redactions).
    let mut copied = 0;
    let mut i = 0;
    'outer: while i < bytes.len() {
        // Names start a word, with one of a few letters: only there are they compared, and
        // only the names with that first letter.
        let at_word_start = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
        let first = lower_bytes[i];
        let names: &[&str] = if at_word_start && IS_NAME_START[first as usize] { SECRET_NAMES } else { &[] };
        for name in names.iter().filter(|n| n.as_bytes()[0] == first) {
            if lower_bytes[i..].starts_with(name.as_bytes()) {
                let mut j = i + name.len();
                // `"name"` closes its quote first.
                if bytes.get(j) == Some(&b'"') {
                    j += 1;
                }
                let sep_start = j;
                while j < bytes.len() && matches!(bytes[j], b' ' | b'=' | b':' | b'"' | b'\'') {
                    j += 1;
                }
                let sep = &line[sep_start..j];
                if !sep.contains(['=', ':']) && *name != "bearer" {
                    continue;
                }
                let value_start = j;
                while j < bytes.len()
                    && !matches!(bytes[j], b' ' | b'&' | b'"' | b'\'' | b',' | b';' | b')' | b']' | b'}')
                {
                    j += 1;
                }
                if j > value_start {
                    out.push_str(&line[copied..value_start]);
                    out.push_str(REDACTED);
                    i = j;
                    copied = j;
                    continue 'outer;
                }
            }
        }
        // A name only matches at ASCII bytes (never inside a character's UTF-8 bytes), so
        // every cut above is on a character boundary.
        i += 1;
    }
    if copied == 0 {
        return Cow::Borrowed(line);
    }
    out.push_str(&line[copied..]);
    Cow::Owned(out)
}

/// Redacts a whole word when it is a secret by shape: a key-like run (32+ hex or token
/// characters), a JWT, an e-mail address, a URL with credentials, a query token or a
/// webhook path.
fn redact_word(word: &str) -> Cow<'_, str> {
    let w = word.trim_matches(|c: char| matches!(c, '.' | ':' | '!' | '?'));
    if w.len() < 6 {
        return Cow::Borrowed(word);
    }
    // A byte comparison: `str::contains` builds a substring searcher for every word.
    if w.as_bytes().windows(3).any(|p| p == b"://") {
        let lower = w.to_ascii_lowercase();
        let rest = lower.split("://").nth(1).unwrap_or("");
        let authority = rest.split('/').next().unwrap_or("");
        if authority.contains('@')
            || lower.contains("/webhooks/")
            || lower.contains("/hooks/")
            || lower.contains("token=")
        {
            return Cow::Owned(word.replace(w, REDACTED));
        }
    }
    if w.contains('@') && w.split('@').nth(1).is_some_and(|d| d.contains('.')) && !w.starts_with('@') {
        return Cow::Owned(word.replace(w, REDACTED));
    }
    let shape = Shape::of(w);
    let jwt = w.starts_with("eyJ") && w.matches('.').count() == 2;
    if shape.hex_run >= 32 || jwt || (shape.token_chars && shape.alnum_run >= 40 && shape.digit) {
        return Cow::Owned(word.replace(w, REDACTED));
    }
    Cow::Borrowed(word)
}

/// What a word is made of, in one pass over its bytes (the classes are ASCII, so a
/// character of other scripts only breaks runs and is no token character).
struct Shape {
    /// Only letters, digits and `-_=+/`.
    token_chars: bool,
    /// The longest run of hex digits.
    hex_run: usize,
    /// The longest run of letters and digits.
    alnum_run: usize,
    /// Holds a digit.
    digit: bool,
}

impl Shape {
    fn of(w: &str) -> Shape {
        let mut s = Shape { token_chars: true, hex_run: 0, alnum_run: 0, digit: false };
        let (mut hex, mut alnum) = (0, 0);
        for &b in w.as_bytes() {
            let is_alnum = b.is_ascii_alphanumeric();
            s.token_chars &= is_alnum || matches!(b, b'-' | b'_' | b'=' | b'+' | b'/');
            s.digit |= b.is_ascii_digit();
            hex = if b.is_ascii_hexdigit() { hex + 1 } else { 0 };
            alnum = if is_alnum { alnum + 1 } else { 0 };
            s.hex_run = s.hex_run.max(hex);
            s.alnum_run = s.alnum_run.max(alnum);
        }
        s
    }
}

/// Which lines of a file to return.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineWindow {
    /// Lines to skip: from the start, or with `tail` from the end.
    pub offset: u64,
    /// How many lines at most.
    pub limit: u64,
    /// Count from the end of the file.
    pub tail: bool,
    /// Keep only lines holding this text (case-insensitive), before the window is cut.
    pub contains: Option<String>,
}

/// Cuts the window out of `text` (already split into lines), sanitising what it returns.
/// `offset`/`next_offset` count lines of the (filtered) file: from the start, or with `tail`
/// from the end, so `next_offset` always continues in the same direction.
pub fn window(lines: &[&str], w: &LineWindow) -> Logs {
    let needle = w.contains.as_deref().map(str::to_lowercase).filter(|n| !n.is_empty());
    let kept: Vec<&str> = match &needle {
        Some(n) => lines.iter().copied().filter(|l| l.to_lowercase().contains(n.as_str())).collect(),
        None => lines.to_vec(),
    };
    let total = kept.len() as u64;
    let (start, end) = if w.tail {
        let end = total.saturating_sub(w.offset);
        (end.saturating_sub(w.limit), end)
    } else {
        let start = w.offset.min(total);
        (start, (start + w.limit).min(total))
    };
    let out: Vec<String> = kept[start as usize..end as usize].iter().map(|l| sanitize(l)).collect();
    let returned = out.len() as u64;
    let more = if w.tail { start > 0 } else { end < total };
    Logs {
        files: Vec::new(),
        lines: out,
        offset: Some(w.offset),
        next_offset: Some(more.then_some(w.offset + returned)),
        truncated: false,
        from_end: w.tail,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_with_other_scripts_keep_their_text_and_lose_their_secrets() {
        assert_eq!(sanitize("Amélie request by Zoë, token=abc123"), "Amélie request by Zoë, token=[redacted]");
        assert_eq!(sanitize("İstanbul Straße password: hunter2"), "İstanbul Straße password: [redacted]");
        assert_eq!(sanitize("日本語 apikey=abc123 ok"), "日本語 apikey=[redacted] ok");
    }

    #[test]
    fn every_secret_name_starts_with_a_listed_letter() {
        for name in SECRET_NAMES {
            assert!(NAME_STARTS.contains(&name.as_bytes()[0]), "{name}: add its first letter to NAME_STARTS");
        }
    }

    #[test]
    fn secrets_in_lines_are_redacted() {
        let key = "0123456789abcdef0123456789abcdef";
        let cases = [
            format!("GET /api/v1/Status?apikey={key} 200"),
            format!("Header ApiKey: {key}"),
            "Sending to https://discord.com/api/webhooks/123/abcDEF".to_string(),
            "Login for alice@example.org failed".to_string(),
            "Plex call https://plex.tv/x?X-Plex-Token=PLEXSECRET9".to_string(),
            r#"{"password":"hunter2","user":"bob"}"#.to_string(),
            "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig".to_string(),
            "connect https://user:pw@host/x".to_string(),
        ];
        for c in &cases {
            let s = sanitize(c);
            for secret in [key, "abcDEF", "alice@example.org", "PLEXSECRET9", "hunter2", "eyJhbGciOi", "user:pw"] {
                assert!(!s.contains(secret), "{c} -> {s}");
            }
            assert!(s.contains(REDACTED), "{c} -> {s}");
        }
        let plain = "2026-11-30 12:00:00 [INF] Radarr sync finished, 312 movies (#42)";
        assert_eq!(sanitize(plain), plain);
        assert_eq!(sanitize("a\u{0}b\u{1b}[31m"), "a b [31m");
    }

    #[test]
    fn the_quick_check_never_passes_a_line_the_full_pass_changes() {
        // Pieces that matter to some rule, and plain ones, joined by every kind of gap.
        let pieces = [
            "token",
            "Token=",
            "apikey",
            "x-api-key:",
            "password\"",
            "bearer",
            "Bearer",
            "pwd",
            "botapi=",
            "eyJ",
            "eyJa.b.c",
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig",
            "://",
            "https://u:p@h/x",
            "http://radarr:7878/api",
            "/webhooks/",
            "hooks/",
            "TOKEN=",
            "/Hooks/x",
            "a@b.c",
            "@",
            "0123456789abcdef0123456789abcdef",
            "0123456789abcdef0123456789abcde",
            "Ab1-_=+/Ab1-_=+/Ab1-_=+/Ab1-_=+/Ab1-_=+/x9",
            "\u{0}",
            "\u{1b}",
            "\u{85}",
            "\u{7f}",
            "é",
            "İ",
            "日本",
            "Radarr",
            "sync",
            "(#42)",
            "2026-11-30",
            "12:00:00",
            "[INF]",
            "movie",
            "ok.",
            "...",
            "!",
            "?",
            "x",
            "",
            "secretive",
            "mytoken=1",
        ];
        let gaps = [
            " ", "", "=", ": ", "\"", "'", ",", ";", "(", ")", "[", "]", "{", "}", "<", ">", "\u{3000}", "\t", "&",
            ".", "-",
        ];
        let mut next = picker(0x9e37_79b9_7f4a_7c15);
        let mut passed = 0;
        for _ in 0..20_000 {
            let mut line = String::new();
            for _ in 0..1 + next(8) {
                line.push_str(pieces[next(pieces.len())]);
                line.push_str(gaps[next(gaps.len())]);
            }
            let full = full_pass(&line);
            if !may_change(&line) {
                passed += 1;
                assert_eq!(
                    crate::projection::text::short(Some(&line), LINE_CHARS).unwrap_or_default(),
                    full,
                    "{line:?}"
                );
            }
            assert_eq!(sanitize(&line), full, "{line:?}");
        }
        // The check lets enough lines through to matter.
        assert!(passed > 1_000, "{passed}");
    }

    /// A seeded picker of numbers below `n` (xorshift), for generated lines.
    fn picker(mut seed: u64) -> impl FnMut(usize) -> usize {
        move |n| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        }
    }

    #[test]
    fn the_quick_check_eight_bytes_at_a_time_agrees_with_byte_by_byte() {
        let bytewise = |line: &str| {
            let mut run = 0;
            (0..line.len()).any(|j| byte_may_change(line.as_bytes(), j, &mut run))
        };
        // Pieces that start, end or cross a group of eight at every offset.
        let pieces = [
            "token",
            "Token",
            "apikey",
            "x-api-key",
            "pwd",
            "eyJ",
            "ey",
            "J",
            "a",
            "Z",
            "7",
            "abcdefg",
            "abcdefgh",
            "abcdefghi",
            "0123456789abcdef",
            "0123456789abcdef0123456789abcde",
            "://",
            ":",
            "/",
            "@",
            "hooks/",
            "token=",
            "\u{0}",
            "\u{1f}",
            "\u{7f}",
            "\u{85}",
            "é",
            "日",
            " ",
            "-",
            "_",
            "=",
            ".",
            "\"",
            "\t",
            "",
        ];
        let mut next = picker(0x2545_f491_4f6c_dd1d);
        let mut changed = 0;
        for _ in 0..50_000 {
            let mut line = " ".repeat(next(8));
            for _ in 0..1 + next(12) {
                line.push_str(pieces[next(pieces.len())]);
            }
            let want = bytewise(&line);
            assert_eq!(may_change(&line), want, "{line:?}");
            changed += usize::from(want);
        }
        // Both answers came up often.
        assert!((5_000..45_000).contains(&changed), "{changed}");
        // Runs of letters and digits across groups: 31 never, 32 always.
        for pad in 0..8 {
            for len in [31, 32, 40] {
                let line = format!("{}{} x", " ".repeat(pad), "q".repeat(len));
                assert_eq!(may_change(&line), len >= 32, "{line:?}");
            }
        }
    }

    #[test]
    fn windows_from_the_start_and_the_end() {
        let lines: Vec<String> = (0..10).map(|i| format!("line {i}")).collect();
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        let w = window(&refs, &LineWindow { offset: 2, limit: 3, tail: false, contains: None });
        assert_eq!(w.lines, vec!["line 2", "line 3", "line 4"]);
        assert_eq!((w.offset, w.next_offset), (Some(2), Some(Some(5))));
        let w = window(&refs, &LineWindow { offset: 0, limit: 3, tail: true, contains: None });
        assert_eq!(w.lines, vec!["line 7", "line 8", "line 9"]);
        assert_eq!(w.next_offset, Some(Some(3)));
        let w = window(&refs, &LineWindow { offset: 8, limit: 5, tail: true, contains: None });
        assert_eq!(w.lines, vec!["line 0", "line 1"]);
        assert_eq!(w.next_offset, Some(None));
        let w = window(&refs, &LineWindow { offset: 0, limit: 5, tail: false, contains: Some("LINE 1".into()) });
        assert_eq!(w.lines, vec!["line 1"]);
        assert_eq!(w.next_offset, Some(None));
    }
}
