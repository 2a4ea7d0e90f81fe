//! Finding the API key in bytes in any ASCII case, fast enough for every upstream body: the
//! candidates are found with memchr's vector searches for a short anchor taken from the key
//! (its longest run of caseless bytes, or the pair of bytes with the fewest case variants),
//! and only those are compared whole.

use memchr::memmem::Finder;

/// A search for one needle (lower-case ASCII), built once and used on many texts.
pub struct KeySearch {
    needle: Vec<u8>,
    /// Where the anchor sits in the needle.
    off: usize,
    /// The anchor in each of its case variants (one when it has no letters).
    anchors: Vec<Finder<'static>>,
}

impl KeySearch {
    pub fn new(needle: &[u8]) -> KeySearch {
        let needle = needle.to_ascii_lowercase();
        let (off, len) = anchor(&needle);
        let mut variants: Vec<Vec<u8>> = vec![Vec::new()];
        for &b in &needle[off..off + len] {
            let cases: &[u8] = if b.is_ascii_alphabetic() { &[b, b.to_ascii_uppercase()] } else { &[b] };
            variants =
                variants.iter().flat_map(|v| cases.iter().map(move |&c| [v.as_slice(), &[c]].concat())).collect();
        }
        let anchors = variants.iter().map(|v| Finder::new(v).into_owned()).collect();
        KeySearch { needle, off, anchors }
    }

    /// The needle, lower-cased.
    pub fn needle(&self) -> &[u8] {
        &self.needle
    }

    pub fn len(&self) -> usize {
        self.needle.len()
    }

    pub fn is_empty(&self) -> bool {
        self.needle.is_empty()
    }

    /// The first place at or after `from` where the needle stands in `hay`, in any case.
    pub fn find(&self, hay: &[u8], from: usize) -> Option<usize> {
        let n = self.needle.len();
        if n == 0 || hay.len() < n || from > hay.len() - n {
            return None;
        }
        let window = &hay[from..];
        let off = self.off;
        // The next place of each variant of the anchor; the earliest is the next candidate.
        let mut next: Vec<Option<usize>> =
            self.anchors.iter().map(|f| f.find(&window[off..]).map(|p| p + off)).collect();
        loop {
            let (k, p) = next.iter().enumerate().filter_map(|(k, p)| p.map(|p| (k, p))).min_by_key(|&(_, p)| p)?;
            let at = p - off;
            if at + n > window.len() {
                return None;
            }
            if window[at..at + n].eq_ignore_ascii_case(&self.needle) {
                return Some(from + at);
            }
            next[k] = self.anchors[k].find(&window[p + 1..]).map(|q| q + p + 1);
        }
    }
}

/// The anchor, as where it starts in `needle` and its length: the longest run of bytes that
/// are no ASCII letters when it has three or more, otherwise the pair of bytes with the
/// fewest letters (the first such), or the one byte of a one-byte needle.
fn anchor(needle: &[u8]) -> (usize, usize) {
    let (mut run, mut start) = ((0, 0), 0);
    for (i, b) in needle.iter().enumerate() {
        if b.is_ascii_alphabetic() {
            start = i + 1;
        } else if i + 1 - start > run.1 {
            run = (start, i + 1 - start);
        }
    }
    if needle.len() < 2 {
        return (0, needle.len());
    }
    if run.1 >= 3 {
        return run;
    }
    let letters = |i: usize| needle[i..i + 2].iter().filter(|b| b.is_ascii_alphabetic()).count();
    let best = (0..needle.len() - 1).min_by_key(|&i| letters(i)).unwrap_or(0);
    (best, 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `needle` in `hay` from `from`, in any ASCII case, with a search built for it.
    fn find_ci(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
        KeySearch::new(needle).find(hay, from)
    }

    #[test]
    fn the_key_is_found_in_any_case_from_any_offset() {
        let needle = b"abc1d";
        assert_eq!(find_ci(b"xxABC1Dyy", needle, 0), Some(2));
        assert_eq!(find_ci(b"abc1dabc1d", needle, 1), Some(5));
        assert_eq!(find_ci(b"xxxxabc1D", needle, 0), Some(4));
        assert_eq!(find_ci(b"aabc1", needle, 0), None);
        assert_eq!(find_ci(b"abc1d", needle, 1), None);
        assert_eq!(find_ci(b"ab", needle, 0), None);
        assert_eq!(find_ci(b"1abc1d", b"1abc", 0), Some(0));
        // A needle with a run of digits is found from that run, overlapping ones included.
        let needle = b"a112b";
        assert_eq!(anchor(needle), (1, 3));
        assert_eq!(find_ci(b"xa1112b A112B", needle, 0), Some(8));
        assert_eq!(find_ci(b"a112ba112b", needle, 1), Some(5));
        assert_eq!(find_ci(b"112b", needle, 0), None);
        assert_eq!(find_ci(b"xxxxa112", needle, 0), None);
        assert_eq!(find_ci(b"12a112bc", b"12", 0), Some(0));
        assert_eq!(find_ci(b"12a112bc", b"12", 1), Some(4));
    }

    #[test]
    fn anchors_are_the_most_selective_short_pieces() {
        // The simulator's key alternates digits and letters: a digit and a letter, two variants.
        assert_eq!(anchor(b"5c3c0b6f9e2d4a7b8c1d0e9f8a7b6c5d"), (0, 2));
        assert_eq!(KeySearch::new(b"5c3c0b6f9e2d4a7b8c1d0e9f8a7b6c5d").anchors.len(), 2);
        assert_eq!(anchor(b"ab12cd"), (2, 2));
        assert_eq!(anchor(b"abcdef0123"), (6, 4));
        assert_eq!(anchor(b"abcd"), (0, 2));
        assert_eq!(KeySearch::new(b"abcd").anchors.len(), 4);
        assert_eq!(anchor(b"x"), (0, 1));
        assert_eq!(anchor(b"7"), (0, 1));
    }

    #[test]
    fn every_anchor_finds_what_a_plain_comparison_finds() {
        let naive = |hay: &[u8], needle: &[u8], from: usize| {
            (from..hay.len().saturating_sub(needle.len() - 1))
                .find(|&i| hay[i..i + needle.len()].eq_ignore_ascii_case(needle))
        };
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let alphabet = b"aA1b2B";
        for _ in 0..50_000 {
            let needle: Vec<u8> = (0..1 + next(6)).map(|_| alphabet[next(6) as usize].to_ascii_lowercase()).collect();
            let hay: Vec<u8> = (0..next(30)).map(|_| alphabet[next(6) as usize]).collect();
            let from = next(hay.len() as u64 + 1) as usize;
            let search = KeySearch::new(&needle);
            assert_eq!(search.find(&hay, from), naive(&hay, &needle, from), "{hay:?} {needle:?} {from}");
        }
    }
}
