//! Upstream text made safe to quote: no stack traces, control characters or connection
//! strings, and short. Used by response classification and by projections alike.

/// The longest piece of upstream text quoted in a message.
pub const MAX_DETAIL_CHARS: usize = 300;

/// Removes what must never be forwarded: stack traces, control characters, connection
/// strings; and cuts to a short length.
pub fn clean(text: &str) -> String {
    let text = text.split("\n   at ").next().unwrap_or("");
    let text = text.split(" at Ombi.").next().unwrap_or("");
    let lower = text.to_ascii_lowercase();
    if ["password=", "data source=", "server=", "user id=", "uid=", "pwd=", "apikey"].iter().any(|p| lower.contains(p))
    {
        return "(detail withheld: it looked like it held connection details or credentials)".into();
    }
    let mut out: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).take(MAX_DETAIL_CHARS).collect();
    if text.chars().count() > MAX_DETAIL_CHARS {
        out.push('…');
    }
    out.trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn traces_and_connection_strings_are_removed() {
        assert_eq!(clean("boom\n   at Ombi.Core.X()"), "boom");
        assert!(clean("Data Source=/config/Ombi.db;Password=x").starts_with("(detail withheld"));
        assert_eq!(clean("a\u{1}b"), "a b");
        assert_eq!(clean(&"x".repeat(400)).chars().count(), MAX_DETAIL_CHARS + 1);
    }
}
