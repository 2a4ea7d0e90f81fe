//! Base64 decoding for the two alphabets the HTTP edge reads: standard (RFC 4648 §4, the
//! `=?base64?…?=` form of `Mcp-Name` values) and URL-safe (§5, the parts of a JWT). Trailing
//! padding is optional; any other character is `None`.

/// Which 62nd and 63rd characters.
#[derive(Clone, Copy)]
pub enum Alphabet {
    Standard,
    Url,
}

/// The bytes `s` encodes, or `None` if it holds a character outside the alphabet.
pub fn decode(s: &str, alphabet: Alphabet) -> Option<Vec<u8>> {
    let (c62, c63) = match alphabet {
        Alphabet::Standard => (b'+', b'/'),
        Alphabet::Url => (b'-', b'_'),
    };
    let val = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            _ if c == c62 => 62,
            _ if c == c63 => 63,
            _ => return None,
        } as u32)
    };
    let s = s.trim_end_matches('=');
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for c in s.bytes() {
        acc = (acc << 6) | val(c)?;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_alphabets_with_and_without_padding() {
        assert_eq!(decode("aGk/Pz4+", Alphabet::Standard).unwrap(), b"hi??>>");
        assert_eq!(decode("aGk_Pz4-", Alphabet::Url).unwrap(), b"hi??>>");
        assert_eq!(decode("aGk=", Alphabet::Standard).unwrap(), b"hi");
        assert_eq!(decode("aGk", Alphabet::Url).unwrap(), b"hi");
        assert!(decode("aGk_", Alphabet::Standard).is_none());
        assert!(decode("aGk/", Alphabet::Url).is_none());
        assert!(decode("a b", Alphabet::Url).is_none());
    }
}
