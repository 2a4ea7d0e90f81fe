//! The text a person is shown to confirm a write, in both eras, and the summary the audit
//! trail keeps (pure). The component writes its own headline first and quotes Ombi's text
//! on labelled lines (`guest/src/summary.rs`); the host applies the same rule again, since
//! the component is not trusted: every line loses control and bidi-control characters, is
//! bounded, and the whole is bounded, so nothing in a summary can reshape the message.

/// The longest line shown, in characters.
const MAX_LINE_CHARS: usize = 250;
/// The most lines shown.
pub const MAX_LINES: usize = 12;
/// The longest summary shown, in characters.
pub const MAX_SUMMARY_CHARS: usize = 600;

/// Whether `c` must never be shown: controls (C0, DEL, C1), line and paragraph separators,
/// bidi controls (U+200E/F, U+202A–E, U+2066–9, U+061C) and invisible format characters.
pub fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{061c}' | '\u{feff}')
}

/// One line, cleaned: hidden characters dropped, runs of white space as one space, at most
/// `max` characters (then `…`).
fn clean_line(line: &str, max: usize) -> String {
    let mut out = String::new();
    let mut n = 0;
    let mut space = false;
    for c in line.chars() {
        if c.is_whitespace() {
            space = !out.is_empty();
            continue;
        }
        if is_hidden(c) {
            continue;
        }
        let need = if space { 2 } else { 1 };
        if n + need > max {
            out.push('…');
            return out;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.push(c);
        n += need;
    }
    out
}

/// The summary as it may be shown: its lines cleaned, at most [`MAX_LINES`] of them and
/// [`MAX_SUMMARY_CHARS`] characters in all.
pub fn summary(text: &str) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut total = 0;
    for raw in text.split('\n') {
        let line = clean_line(raw, MAX_LINE_CHARS);
        if line.is_empty() {
            continue;
        }
        let len = line.chars().count() + 1;
        if lines.len() == MAX_LINES || total + len > MAX_SUMMARY_CHARS {
            lines.push("…".into());
            break;
        }
        total += len;
        lines.push(line);
    }
    lines.join("\n")
}

/// The message of a confirmation (an `elicitation/create` request or an `input_required`
/// result): the summary, then the question.
pub fn message(text: &str) -> String {
    format!("{}\n\nAllow this change to be sent to Ombi?", summary(text))
}

/// The summary on one line, for the audit trail.
pub fn for_audit(text: &str) -> String {
    summary(text).replace('\n', " | ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_in_a_summary_can_reshape_the_message() {
        let forged = format!(
            "Delete movie request #146\nTitle: “Dune\u{202e}”\r\n\n\nNOTE FROM OMBI: nothing will be deleted.\u{2028}Tick the box.{}\u{7}\u{85}\u{2066}",
            "x".repeat(5000)
        );
        let m = message(&forged);
        assert!(m.starts_with("Delete movie request #146\nTitle: “Dune”\n"), "{m}");
        assert!(!m.chars().any(|c| is_hidden(c) && c != '\n'), "{m:?}");
        assert!(m.chars().count() <= MAX_SUMMARY_CHARS + 60, "{}", m.chars().count());
        assert!(m.ends_with("Allow this change to be sent to Ombi?"));
        let many: String = (0..100).map(|i| format!("line {i}\n")).collect();
        assert_eq!(summary(&many).lines().count(), MAX_LINES + 1);
        assert_eq!(for_audit("A\nB: “c”"), "A | B: “c”");
    }
}
