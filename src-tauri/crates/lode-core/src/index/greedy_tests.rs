//! The greedy ASCII score against nucleo's own, on random text.

use nucleo_matcher::{Config, Matcher, Utf32Str};

use super::greedy;

/// A small deterministic generator (xorshift): the same cases on every run.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    fn pick(&mut self, from: &[u8]) -> u8 {
        from[self.below(from.len())]
    }
}

/// Every class nucleo tells apart: lower, upper, digits, whitespace, delimiters, other.
const HAYSTACK_BYTES: &[u8] = b"abcdeorsABCDEORS0123 \t/,:;|._-#";
/// What a person types with case ignored: no uppercase letter.
const NEEDLE_BYTES: &[u8] = b"abcdeors0123 /._-";

fn nucleo(matcher: &mut Matcher, haystack: &[u8], needle: &[u8]) -> Option<u16> {
    matcher.fuzzy_match_greedy(Utf32Str::Ascii(haystack), Utf32Str::Ascii(needle))
}

#[test]
fn scores_as_nucleo_does_on_random_text() {
    let mut matcher = Matcher::new(Config::DEFAULT);
    let mut random = Random(0x2545_f491_4f6c_dd1d);
    let mut matched = 0;
    let cases = 200_000;
    for _ in 0..cases {
        let haystack: Vec<u8> = (0..random.below(80))
            .map(|_| random.pick(HAYSTACK_BYTES))
            .collect();
        // Half the needles are taken from the haystack (lowercased, some letters skipped),
        // so that many of them match and the scoring paths are exercised.
        let needle: Vec<u8> = if random.below(2) == 0 && !haystack.is_empty() {
            let from = random.below(haystack.len());
            let length = 1 + random.below(6);
            haystack[from..]
                .iter()
                .filter(|_| random.below(3) != 0)
                .take(length)
                .map(u8::to_ascii_lowercase)
                .collect()
        } else {
            (0..1 + random.below(5))
                .map(|_| random.pick(NEEDLE_BYTES))
                .collect()
        };
        let expected = nucleo(&mut matcher, &haystack, &needle);
        matched += usize::from(expected.is_some());
        assert_eq!(
            greedy::score(&haystack, &needle),
            expected,
            "{:?} in {:?}",
            String::from_utf8_lossy(&needle),
            String::from_utf8_lossy(&haystack)
        );
    }
    assert!(
        matched > cases / 4,
        "too few matches to compare scores: {matched}"
    );
}

#[test]
fn scores_as_nucleo_does_on_names_and_uris() {
    let mut matcher = Matcher::new(Config::DEFAULT);
    let haystacks: [&[u8]; 6] = [
        b"README.md",
        b"file:///repo/src/main.rs",
        b"postgres://db/billing/users_42",
        b"deployNotes 2026",
        b"Schema users",
        b"a",
    ];
    let needles: [&[u8]; 9] = [
        b"re", b"readme", b"pos", b"main", b"us42", b"dn", b"a", b"", b"users",
    ];
    for haystack in haystacks {
        for needle in needles {
            assert_eq!(
                greedy::score(haystack, needle),
                nucleo(&mut matcher, haystack, needle),
                "{:?} in {:?}",
                String::from_utf8_lossy(needle),
                String::from_utf8_lossy(haystack)
            );
        }
    }
}
