//! Finding the API key in every spelling a JSON writer or a URL may give it (pure): each
//! character literal (any ASCII case), `\u`-escaped (`\u0061`, either hex case, of either
//! letter case), percent-encoded (`%61`, `%41`), or for `/` also `\/`, mixed freely within
//! one occurrence. Keys hold only ASCII letters, digits and `-._~+/=` (checked in
//! [`crate::config::ApiKey::new`]), so no spelling of one character begins another's and a
//! match is read left to right without backtracking.
//!
//! Literal occurrences are found with [`KeySearch`]'s vector search; only texts that hold a
//! `\` or a `%` are searched for the other spellings, starting from each of those bytes.

use crate::key_search::KeySearch;

/// The characters a key may hold besides ASCII letters and digits.
pub const KEY_PUNCTUATION: &str = "-._~+/=";

/// The longest spelling of one character (`\u00hh`).
const MAX_CHAR_SPELLING: usize = 6;

/// How a match attempt at one place ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attempt {
    /// The whole key, ending (exclusive) here.
    Full(usize),
    /// The text ended while it still spelled the key.
    Partial,
    /// Not the key.
    No,
}

/// Every spelling of one key.
pub struct KeySpellings {
    /// The key, lower-cased.
    key: Vec<u8>,
    literal: KeySearch,
    /// Per character, its spellings other than the literal one, lower-cased.
    escapes: Vec<Vec<Vec<u8>>>,
}

fn hex2(b: u8) -> [u8; 2] {
    const H: &[u8; 16] = b"0123456789abcdef";
    [H[usize::from(b >> 4)], H[usize::from(b & 15)]]
}

impl KeySpellings {
    /// The spellings of `key` (ASCII; see the module's note on which characters).
    pub fn new(key: &[u8]) -> KeySpellings {
        let key = key.to_ascii_lowercase();
        let escapes = key
            .iter()
            .map(|&c| {
                let mut cases = vec![c];
                if c.is_ascii_alphabetic() {
                    cases.push(c.to_ascii_uppercase());
                }
                let mut out = Vec::new();
                for b in cases {
                    let h = hex2(b);
                    out.push(vec![b'\\', b'u', b'0', b'0', h[0], h[1]]);
                    out.push(vec![b'%', h[0], h[1]]);
                }
                if c == b'/' {
                    out.push(b"\\/".to_vec());
                }
                out
            })
            .collect();
        KeySpellings { literal: KeySearch::new(&key), key, escapes }
    }

    /// The key's length in characters.
    pub fn len(&self) -> usize {
        self.key.len()
    }

    pub fn is_empty(&self) -> bool {
        self.key.is_empty()
    }

    /// The longest any spelling of the whole key can be.
    pub fn max_span(&self) -> usize {
        self.key.len() * MAX_CHAR_SPELLING
    }

    /// Whether the key, in some spelling, starts at `at` in `hay`.
    pub fn attempt(&self, hay: &[u8], at: usize) -> Attempt {
        let mut i = at;
        for (k, &c) in self.key.iter().enumerate() {
            let Some(&b) = hay.get(i) else { return Attempt::Partial };
            if b.to_ascii_lowercase() == c {
                i += 1;
                continue;
            }
            if b != b'\\' && b != b'%' {
                return Attempt::No;
            }
            let mut next = None;
            for spelling in &self.escapes[k] {
                let have = &hay[i..hay.len().min(i + spelling.len())];
                if !have.iter().zip(spelling).all(|(h, s)| h.to_ascii_lowercase() == *s) {
                    continue;
                }
                if have.len() < spelling.len() {
                    return Attempt::Partial;
                }
                next = Some(i + spelling.len());
                break;
            }
            match next {
                Some(n) => i = n,
                None => return Attempt::No,
            }
        }
        Attempt::Full(i)
    }

    /// The first occurrence at or after `from`, in any spelling, as `(start, end)`.
    pub fn find(&self, hay: &[u8], from: usize) -> Option<(usize, usize)> {
        let n = self.key.len();
        let literal = self.literal.find(hay, from).map(|s| (s, s + n));
        let escaped = self.find_escaped(hay, from, literal.map_or(hay.len(), |l| l.0));
        match (literal, escaped) {
            (Some(l), Some(e)) => Some(if e.0 < l.0 { e } else { l }),
            (l, e) => l.or(e),
        }
    }

    /// The first occurrence at or after `from` that starts before `before` and holds an
    /// escape. Its first escape is a `\` or `%` at some `b`, preceded by the key's first `j`
    /// characters spelled literally; since neither byte is a key character, the first such
    /// `b` with a match is where the earliest one is.
    fn find_escaped(&self, hay: &[u8], from: usize, before: usize) -> Option<(usize, usize)> {
        let n = self.key.len();
        let mut pos = from;
        while let Some(off) = memchr::memchr2(b'\\', b'%', hay.get(pos..)?) {
            let b = pos + off;
            if b >= before.saturating_add(n) {
                return None;
            }
            pos = b + 1;
            // Only `\u`, `\/` and `%` with a hex digit begin a spelling: JSON's common `\"`,
            // `\\` and `\n` are passed over at once (log bodies hold thousands of them).
            let next = hay.get(b + 1).map(u8::to_ascii_lowercase);
            let may_begin = match hay[b] {
                b'\\' => next == Some(b'u') || (next == Some(b'/') && self.key.contains(&b'/')),
                _ => next.is_some_and(|c| c.is_ascii_hexdigit()),
            };
            if !may_begin {
                continue;
            }
            // The key's first characters spelled literally just before `b`: only starts
            // where the run of bytes before `b` could be them are tried.
            let most = (n - 1).min(b - from);
            let run = hay[b - most..b].iter().rev().take_while(|c| self.key.contains(&c.to_ascii_lowercase())).count();
            for j in (0..=run).rev() {
                let start = b - j;
                if start >= before || hay[start].to_ascii_lowercase() != self.key[0] && j > 0 {
                    continue;
                }
                if hay[start..b].eq_ignore_ascii_case(&self.key[..j])
                    && let Attempt::Full(end) = self.attempt(hay, start)
                {
                    return Some((start, end));
                }
            }
        }
        None
    }

    /// Where, at or after `from`, the longest end of `hay` that may begin the key starts
    /// (`hay.len()` when none may): what a stream must hold back until more comes.
    pub fn partial_from(&self, hay: &[u8], from: usize) -> usize {
        let first = from.max(hay.len().saturating_sub(self.max_span()));
        (first..hay.len()).find(|&s| self.attempt(hay, s) == Attempt::Partial).unwrap_or(hay.len())
    }
}

/// Runs of 8 or more consecutive characters of the key (any ASCII case), for the last scrub
/// of what goes out: a key cut anywhere still shows as such a run.
pub struct KeyRuns {
    key: Vec<u8>,
    /// The key's 4-byte windows (lower-cased, little-endian), sorted, with where each starts.
    grams: Vec<(u32, usize)>,
    /// Which lower-cased byte pairs begin a window: one bit each, so most places of a text
    /// are passed over with one table lookup.
    pairs: Box<[u64; 1024]>,
}

fn pair_bit(a: u8, b: u8) -> (usize, u64) {
    let i = usize::from(a.to_ascii_lowercase()) << 8 | usize::from(b.to_ascii_lowercase());
    (i >> 6, 1 << (i & 63))
}

/// The shortest run of key characters that counts as a leak.
pub const MIN_RUN: usize = 8;

fn gram(bytes: &[u8]) -> u32 {
    u32::from_le_bytes([
        bytes[0].to_ascii_lowercase(),
        bytes[1].to_ascii_lowercase(),
        bytes[2].to_ascii_lowercase(),
        bytes[3].to_ascii_lowercase(),
    ])
}

impl KeyRuns {
    pub fn new(key: &[u8]) -> KeyRuns {
        let key = key.to_ascii_lowercase();
        let mut grams: Vec<(u32, usize)> =
            if key.len() >= 4 { (0..=key.len() - 4).map(|j| (gram(&key[j..]), j)).collect() } else { Vec::new() };
        grams.sort_unstable();
        let mut pairs = Box::new([0u64; 1024]);
        for w in key.windows(4) {
            let (i, bit) = pair_bit(w[0], w[1]);
            pairs[i] |= bit;
        }
        KeyRuns { key, grams, pairs }
    }

    /// The first run of at least [`MIN_RUN`] key characters at or after `from`, as
    /// `(start, end)`. Every such run holds a 4-byte window starting at `from + 4m` for some
    /// `m`, so only those places are looked up.
    pub fn find(&self, hay: &[u8], from: usize) -> Option<(usize, usize)> {
        if self.key.len() < MIN_RUN {
            return None;
        }
        let mut p = from;
        while p + 4 <= hay.len() {
            let (i, bit) = pair_bit(hay[p], hay[p + 1]);
            if self.pairs[i] & bit == 0 {
                p += 4;
                continue;
            }
            let g = gram(&hay[p..]);
            let lo = self.grams.partition_point(|&(x, _)| x < g);
            for &(_, j) in self.grams[lo..].iter().take_while(|&&(x, _)| x == g) {
                // Grow the run around the window, both ways, while it follows the key.
                let (mut s, mut kj) = (p, j);
                while s > from && kj > 0 && hay[s - 1].to_ascii_lowercase() == self.key[kj - 1] {
                    s -= 1;
                    kj -= 1;
                }
                let mut e = p + 4;
                while e < hay.len()
                    && kj + (e - s) < self.key.len()
                    && hay[e].to_ascii_lowercase() == self.key[kj + e - s]
                {
                    e += 1;
                }
                if e - s >= MIN_RUN {
                    return Some((s, e));
                }
            }
            p += 4;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "5c3c0b6f9e2d4a7b8c1d0e9f8a7b6c5d";

    /// `key` with character `i` spelled by `how`.
    fn spell(key: &str, how: impl Fn(usize, u8) -> String) -> String {
        key.bytes().enumerate().map(|(i, b)| how(i, b)).collect()
    }

    fn every_spelling(key: &str) -> Vec<String> {
        vec![
            key.to_string(),
            key.to_uppercase(),
            spell(key, |_, b| format!("\\u{:04x}", b)),
            spell(key, |_, b| format!("\\u{:04X}", b)),
            spell(key, |_, b| format!("\\u{:04x}", b.to_ascii_uppercase())),
            spell(key, |_, b| format!("%{:02X}", b)),
            spell(key, |_, b| format!("%{:02x}", b.to_ascii_uppercase())),
            spell(key, |i, b| if i % 2 == 0 { format!("\\u{:04x}", b) } else { (b as char).to_string() }),
            spell(key, |i, b| match i % 3 {
                0 => format!("\\u{:04X}", b),
                1 => format!("%{:02x}", b),
                _ => (b as char).to_ascii_uppercase().to_string(),
            }),
            spell(key, |i, b| if i == 31 { format!("\\u{:04x}", b) } else { (b as char).to_string() }),
            spell(key, |i, b| if i == 0 { format!("\\u{:04x}", b) } else { (b as char).to_string() }),
        ]
    }

    #[test]
    fn every_spelling_is_found_wherever_it_stands() {
        let s = KeySpellings::new(KEY.as_bytes());
        for spelled in every_spelling(KEY) {
            for pre in ["", "x", "5c3c", "\\\\", "%", "\\u00", "abc\\n"] {
                let hay = format!("{pre}{spelled}\"tail");
                assert_eq!(s.find(hay.as_bytes(), 0), Some((pre.len(), pre.len() + spelled.len())), "{hay}");
            }
        }
    }

    #[test]
    fn near_misses_are_not_the_key() {
        let s = KeySpellings::new(KEY.as_bytes());
        for hay in [
            KEY[..31].to_string(),
            format!("{}x{}", &KEY[..16], &KEY[16..]),
            spell(KEY, |i, b| if i == 5 { "\\u0020".into() } else { (b as char).to_string() }),
            spell(KEY, |i, b| if i == 5 { "%2".into() } else { (b as char).to_string() }),
            spell(KEY, |i, b| if i == 5 { format!("\\x{:02x}", b) } else { (b as char).to_string() }),
        ] {
            assert_eq!(s.find(hay.as_bytes(), 0), None, "{hay}");
        }
    }

    #[test]
    fn a_slash_may_be_escaped_the_json_way() {
        let s = KeySpellings::new(b"abcdefgh/ijklmnop");
        assert_eq!(s.find(b"xabcdefgh\\/ijklmnop", 0), Some((1, 19)));
    }

    #[test]
    fn beginnings_at_the_end_are_held_back() {
        let s = KeySpellings::new(KEY.as_bytes());
        assert_eq!(s.partial_from(b"hello 5c3", 0), 6);
        assert_eq!(s.partial_from(b"hello \\u003", 0), 6);
        assert_eq!(s.partial_from(b"hello %3", 0), 6);
        assert_eq!(s.partial_from(b"hello 5c3\\u0063%", 0), 6);
        assert_eq!(s.partial_from(b"hello 5c3x", 0), 10);
        assert_eq!(s.partial_from(b"hello \\", 0), 6);
        assert_eq!(s.partial_from(b"hello \\n", 0), 8);
    }

    #[test]
    fn the_first_of_several_is_found_first() {
        let s = KeySpellings::new(KEY.as_bytes());
        let esc = spell(KEY, |_, b| format!("\\u{:04x}", b));
        let hay = format!("a {esc} b {KEY} c");
        assert_eq!(s.find(hay.as_bytes(), 0), Some((2, 2 + esc.len())));
        let hay = format!("a {KEY} b {esc} c");
        assert_eq!(s.find(hay.as_bytes(), 0), Some((2, 2 + KEY.len())));
        let at = 2 + KEY.len();
        assert_eq!(s.find(hay.as_bytes(), at), Some((at + 3, at + 3 + esc.len())));
    }

    #[test]
    fn the_quick_search_finds_what_trying_every_place_finds() {
        // Short keys over a small alphabet, so spellings and near misses are common.
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let pieces: [&str; 12] = ["a", "B", "1", "/", "\\", "\\u00", "\\u0061", "\\u0031", "%61", "%2F", "\\/", "\\\""];
        for _ in 0..20_000 {
            let key: Vec<u8> = (0..3 + next(3)).map(|_| b"ab1/"[next(4) as usize]).collect();
            let s = KeySpellings::new(&key);
            let hay: String = (0..next(24)).map(|_| pieces[next(12) as usize]).collect();
            let hay = hay.as_bytes();
            let from = next(hay.len() as u64 + 1) as usize;
            let naive = (from..hay.len()).find_map(|i| match s.attempt(hay, i) {
                Attempt::Full(end) => Some((i, end)),
                _ => None,
            });
            assert_eq!(
                s.find(hay, from),
                naive,
                "{:?} in {:?} from {from}",
                String::from_utf8_lossy(&key),
                String::from_utf8_lossy(hay)
            );
        }
    }

    #[test]
    fn base64_and_base32_are_not_spellings_as_decided_in_security_md() {
        // The key in base64 (either alphabet) or base32 is another word, not a spelling:
        // SECURITY.md says why the host does not look for it.
        let s = KeySpellings::new(KEY.as_bytes());
        let base64 = "NWMzYzBiNmY5ZTJkNGE3YjhjMWQwZTlmOGE3YjZjNWQ=";
        let base32 = "GVRTGYZQMI3GMOLFGJSDIYJXMI4GGMLEGBSTSZRYME3WENTDGVSA====";
        assert_eq!(s.find(base64.as_bytes(), 0), None);
        assert_eq!(s.find(base32.as_bytes(), 0), None);
    }

    #[test]
    fn runs_of_eight_key_characters_are_found_anywhere() {
        let r = KeyRuns::new(KEY.as_bytes());
        for start in 0..=KEY.len() - MIN_RUN {
            for len in MIN_RUN..=KEY.len() - start {
                for pad in 0..5 {
                    let run = &KEY[start..start + len];
                    let hay = format!("{}{}!", "z".repeat(pad), run.to_uppercase());
                    assert_eq!(r.find(hay.as_bytes(), 0), Some((pad, pad + len)), "{hay}");
                }
            }
        }
        let seven = &KEY[3..10];
        assert_eq!(r.find(format!("zz{seven}zz{seven}").as_bytes(), 0), None);
        assert_eq!(r.find(b"plain text about films", 0), None);
    }
}
