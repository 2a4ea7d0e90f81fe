//! Building API paths: dynamic values become single, percent-encoded path segments that no
//! proxy can normalise onto a different route.

/// Percent-encodes `value` as one path segment (RFC 3986 unreserved characters stay, so a
/// file name keeps its dots). A value of only dots is encoded whole (`%2E%2E`), so it can
/// never name a parent route; callers refuse such values before building a request.
pub fn segment(value: &str) -> String {
    let all_dots = !value.is_empty() && value.bytes().all(|b| b == b'.');
    let mut out = String::with_capacity(value.len());
    for b in value.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'~' => out.push(b as char),
            b'.' if !all_dots => out.push('.'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// Whether `value` would be a dot segment (`.`, `..`, …) once in a path: such a value is an
/// argument error, never sent.
pub fn is_dots(value: &str) -> bool {
    let v = value.trim();
    !v.is_empty() && v.bytes().all(|b| b == b'.')
}

/// [`segment`] for a value that came from argument `field`: a value of only dots is
/// `INVALID_ARGUMENT` (it would name a parent route), never sent.
pub fn arg_segment(value: &str, field: &str) -> Result<String, crate::error::ToolError> {
    if is_dots(value) {
        return Err(crate::error::ToolError::invalid(
            field,
            format!("`{field}` must not be only dots (got {:?})", value.trim()),
        ));
    }
    Ok(segment(value.trim()))
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
        assert_eq!(segment("log20261130.txt"), "log20261130.txt");
        assert_eq!(segment("Mr. Robot"), "Mr.%20Robot");
        assert!(is_dots(" .. ") && !is_dots("a.b"));
    }
}
