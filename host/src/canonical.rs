//! Paths in canonical form, for matching routes whatever their case, escapes or slashes
//! (pure; used by the policy and by the configuration's check of the base path).

/// A path in canonical form: percent-decoded, lower-case, repeated slashes collapsed, no
/// trailing slash. `None` when it cannot be decoded or holds a dot segment or a NUL.
pub fn canonical(path: &str) -> Option<String> {
    let bytes = path.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            decoded.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            decoded.push(bytes[i]);
            i += 1;
        }
    }
    let text = String::from_utf8(decoded).ok()?.to_ascii_lowercase();
    if text.contains('\0') || text.contains('\\') {
        return None;
    }
    let segments: Vec<&str> = text.split('/').filter(|s| !s.is_empty()).collect();
    if segments.iter().any(|s| *s == "." || *s == "..") {
        return None;
    }
    Some(format!("/{}", segments.join("/")))
}
