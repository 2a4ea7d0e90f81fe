//! The complete elements at the start of a JSON array whose bytes were cut at the read
//! budget, so a long upstream list yields its first records instead of a parse failure.

/// Splits a (possibly cut) top-level JSON array into the byte ranges of its complete
/// elements. Returns `None` when `bytes` does not start with an array.
pub fn complete_elements(bytes: &[u8]) -> Option<Vec<&[u8]>> {
    let mut i = skip_ws(bytes, 0);
    if bytes.get(i) != Some(&b'[') {
        return None;
    }
    i += 1;
    let mut out = Vec::new();
    loop {
        i = skip_ws(bytes, i);
        match bytes.get(i) {
            None | Some(b']') => return Some(out),
            Some(b',') => {
                i += 1;
                continue;
            }
            _ => {}
        }
        let start = i;
        match element_end(bytes, i) {
            Some(end) => {
                out.push(&bytes[start..end]);
                i = end;
            }
            None => return Some(out),
        }
    }
}

fn skip_ws(bytes: &[u8], mut i: usize) -> usize {
    while bytes.get(i).is_some_and(|b| b.is_ascii_whitespace()) {
        i += 1;
    }
    i
}

/// The index just past the element starting at `i`, or `None` if it is cut off.
fn element_end(bytes: &[u8], mut i: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    while let Some(&b) = bytes.get(i) {
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
        } else {
            match b {
                b'"' => in_string = true,
                b'{' | b'[' => depth += 1,
                b'}' | b']' => {
                    if depth == 0 {
                        // The array's own closing bracket ends a scalar element.
                        return Some(i);
                    }
                    depth -= 1;
                    if depth == 0 {
                        return Some(i + 1);
                    }
                }
                b',' if depth == 0 => return Some(i),
                _ => {}
            }
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Vec<String> {
        complete_elements(s.as_bytes()).unwrap().into_iter().map(|b| String::from_utf8(b.to_vec()).unwrap()).collect()
    }

    #[test]
    fn whole_array() {
        assert_eq!(parse(r#"[{"a":1}, {"b":"]"}]"#), vec![r#"{"a":1}"#, r#"{"b":"]"}"#]);
        assert!(parse("[]").is_empty());
        assert_eq!(parse("[1, 2]"), vec!["1", "2"]);
    }

    #[test]
    fn cut_array_keeps_complete_elements() {
        assert_eq!(parse(r#"[{"a":"x\"}"},{"b":[1,2"#), vec![r#"{"a":"x\"}"}"#]);
        assert_eq!(parse(r#"[{"a":1},"#), vec![r#"{"a":1}"#]);
    }

    #[test]
    fn not_an_array() {
        assert!(complete_elements(b"{\"a\":1}").is_none());
    }
}
