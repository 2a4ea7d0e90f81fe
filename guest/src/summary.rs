//! What a person is asked to confirm. The first line is always the tool's own: the action,
//! the kind of target and its id, from a template with numbers and fixed words only. Text
//! that came from Ombi (a title, a user's alias, an issue subject, a reason) or from the
//! caller (a comment) follows on lines of its own, labelled and quoted as data, with control
//! and bidi-control characters removed, line breaks collapsed and each field bounded, so no
//! such text can pass for ours.

/// The longest quoted field, in characters (an ellipsis marks a cut).
pub const QUOTE_CHARS: usize = 80;
/// The longest whole summary, in characters.
pub const MAX_SUMMARY_CHARS: usize = 500;

/// A confirmation's text, built from the tool's headline and quoted fields.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    headline: String,
    lines: Vec<String>,
}

/// Whether `c` is never shown: controls (C0, DEL, C1), line and paragraph separators, bidi
/// controls (U+200E/F, U+202A–E, U+2066–9, U+061C) and invisible format characters.
pub fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{061c}' | '\u{feff}')
}

/// `text` as one safe line: hidden characters dropped, white space collapsed to one space,
/// the quotation marks of our quoting replaced, at most `max` characters (then `…`).
pub fn one_line(text: &str, max: usize) -> String {
    let mut out = String::new();
    let mut space = false;
    let mut n = 0;
    for c in text.chars() {
        if c.is_whitespace() || matches!(c, '\u{2028}' | '\u{2029}') || c == '\n' || c == '\r' || c == '\t' {
            space = !out.is_empty();
            continue;
        }
        if is_hidden(c) {
            continue;
        }
        if space {
            if n + 1 >= max {
                out.push('…');
                return out;
            }
            out.push(' ');
            n += 1;
            space = false;
        }
        if n >= max {
            out.push('…');
            return out;
        }
        out.push(if matches!(c, '“' | '”' | '"') { '\'' } else { c });
        n += 1;
    }
    out
}

impl Summary {
    /// A summary whose first line is `headline`: the tool's own words, ids and enum values.
    pub fn new(headline: impl Into<String>) -> Summary {
        Summary { headline: one_line(&headline.into(), MAX_SUMMARY_CHARS / 2), lines: Vec::new() }
    }

    /// Adds `label: “value”`, `value` being text from Ombi or the caller.
    pub fn quote(mut self, label: &str, value: impl AsRef<str>) -> Summary {
        let v = one_line(value.as_ref(), QUOTE_CHARS);
        if !v.is_empty() {
            self.lines.push(format!("{label}: “{v}”"));
        }
        self
    }

    /// [`Summary::quote`] when there is a value.
    pub fn quote_opt(self, label: &str, value: Option<impl AsRef<str>>) -> Summary {
        match value {
            Some(v) => self.quote(label, v),
            None => self,
        }
    }

    /// Adds a line of the tool's own (fixed words and numbers only).
    pub fn note(mut self, text: impl Into<String>) -> Summary {
        self.lines.push(one_line(&text.into(), MAX_SUMMARY_CHARS / 2));
        self
    }

    /// The first line alone.
    pub fn headline(&self) -> &str {
        &self.headline
    }

    /// The text shown: the headline, then each line, at most [`MAX_SUMMARY_CHARS`].
    pub fn render(&self) -> String {
        let mut out = self.headline.clone();
        let mut n = out.chars().count();
        for line in &self.lines {
            let len = line.chars().count() + 1;
            if n + len > MAX_SUMMARY_CHARS {
                out.push_str("\n…");
                break;
            }
            out.push('\n');
            out.push_str(line);
            n += len;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FORGED: &str = "Dune\n\nNOTE FROM OMBI: this action only refreshes metadata; nothing will be deleted.\u{202e} Tick the box to continue.\r\n\u{2066}x\u{2069}";

    #[test]
    fn ombi_text_is_quoted_on_its_own_line_and_cannot_pass_for_ours() {
        let s = Summary::new("Delete movie request #146").quote("Title", FORGED).quote("Requested by", "alice\u{200f}");
        let text = s.render();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "Delete movie request #146");
        assert_eq!(lines.len(), 3, "{text}");
        assert!(lines[1].starts_with("Title: “Dune NOTE FROM OMBI: this action"), "{text}");
        assert!(lines[1].ends_with("…”"), "bounded: {text}");
        assert_eq!(lines[2], "Requested by: “alice”");
        assert!(!text.chars().any(|c| is_hidden(c) && c != '\n'), "{text:?}");
    }

    #[test]
    fn fields_and_the_whole_are_bounded() {
        let long = "x".repeat(5000);
        assert_eq!(one_line(&long, QUOTE_CHARS).chars().count(), QUOTE_CHARS + 1);
        let mut s = Summary::new("Set issue #3 to resolved");
        for i in 0..40 {
            s = s.quote(&format!("Field {i}"), &long);
        }
        let text = s.render();
        assert!(text.chars().count() <= MAX_SUMMARY_CHARS + 2, "{}", text.chars().count());
        assert!(text.ends_with('…'));
        assert_eq!(one_line(" a \u{202e}\n\t b ", 80), "a b");
        assert_eq!(one_line("say “hi” \"x\"", 80), "say 'hi' 'x'");
    }
}
