//! Building API paths: dynamic values become single, percent-encoded path segments that no
//! proxy can normalise onto a different route.

/// Percent-encodes `value` as one path segment (RFC 3986 unreserved characters stay).
/// Dots are encoded too, so `.` and `..` can never name a parent route.
pub fn segment(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for b in value.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'~' => out.push(b as char),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// Percent-encodes `value` for a query-string value.
pub fn query_value(value: &str) -> String {
    segment(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodes_reserved_and_unicode() {
        assert_eq!(segment("the matrix"), "the%20matrix");
        assert_eq!(segment("a/b?c#d"), "a%2Fb%3Fc%23d");
        assert_eq!(segment("Amélie"), "Am%C3%A9lie");
    }

    #[test]
    fn dots_cannot_climb() {
        assert_eq!(segment(".."), "%2E%2E");
        assert_eq!(segment("."), "%2E");
    }
}
