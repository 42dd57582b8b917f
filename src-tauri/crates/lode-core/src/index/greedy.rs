//! nucleo's greedy fuzzy score (`Matcher::fuzzy_match_greedy`, default config, case ignored)
//! for ASCII text, in plain passes over the bytes.
//!
//! Why not nucleo's own: the fields searched are short (tens of bytes) and nucleo finds each
//! needle byte with a `memchr2` call, built for long haystacks. In a search of a million
//! resources that call and its dispatch took a quarter of the time (measured with `perf`);
//! these loops do the same work inline. The score is the same: `greedy_tests` compares it
//! with nucleo's on random text, so an upgrade of nucleo that changes its scoring fails there.

/// nucleo's scoring constants (`nucleo_matcher::score` and `Config::DEFAULT`, 0.3).
const SCORE_MATCH: u16 = 16;
const PENALTY_GAP_START: u16 = 3;
const PENALTY_GAP_EXTENSION: u16 = 1;
const BONUS_BOUNDARY: u16 = SCORE_MATCH / 2;
const BONUS_CAMEL123: u16 = BONUS_BOUNDARY - PENALTY_GAP_START;
const BONUS_NON_WORD: u16 = BONUS_BOUNDARY;
const BONUS_CONSECUTIVE: u16 = PENALTY_GAP_START + PENALTY_GAP_EXTENSION;
const BONUS_FIRST_CHAR_MULTIPLIER: u16 = 2;
const BONUS_BOUNDARY_WHITE: u16 = BONUS_BOUNDARY + 2;
const BONUS_BOUNDARY_DELIMITER: u16 = BONUS_BOUNDARY + 1;
const DELIMITERS: &[u8] = b"/,:;|";

/// nucleo's character classes, in its order (the bonus rules compare them).
#[derive(Clone, Copy)]
enum Class {
    Whitespace,
    NonWord,
    Delimiter,
    Lower,
    Upper,
    Number,
}

/// The class of every byte, looked up rather than worked out: the score classifies every
/// byte of the match.
const CLASSES: [Class; 256] = {
    let mut classes = [Class::NonWord; 256];
    let mut byte = 0;
    while byte < 256 {
        classes[byte] = class_of(byte as u8);
        byte += 1;
    }
    classes
};

const fn class_of(byte: u8) -> Class {
    match byte {
        b'a'..=b'z' => Class::Lower,
        b'A'..=b'Z' => Class::Upper,
        b'0'..=b'9' => Class::Number,
        _ if byte.is_ascii_whitespace() => Class::Whitespace,
        _ => {
            let mut at = 0;
            while at < DELIMITERS.len() {
                if DELIMITERS[at] == byte {
                    return Class::Delimiter;
                }
                at += 1;
            }
            Class::NonWord
        }
    }
}

fn class(byte: u8) -> Class {
    CLASSES[usize::from(byte)]
}

/// The bonus for matching a character of class `class` after one of class `previous`.
fn bonus(previous: Class, class: Class) -> u16 {
    BONUSES[previous as usize][class as usize]
}

const BONUSES: [[u16; 6]; 6] = {
    let mut bonuses = [[0; 6]; 6];
    let mut previous = 0;
    while previous < 6 {
        let mut class = 0;
        while class < 6 {
            bonuses[previous][class] = bonus_of(previous as u8, class as u8);
            class += 1;
        }
        previous += 1;
    }
    bonuses
};

/// nucleo's `Config::bonus_for`, on classes as their index (`Class as u8`).
const fn bonus_of(previous: u8, class: u8) -> u16 {
    if class > Class::Delimiter as u8 {
        if previous == Class::Whitespace as u8 {
            return BONUS_BOUNDARY_WHITE;
        }
        if previous == Class::Delimiter as u8 {
            return BONUS_BOUNDARY_DELIMITER;
        }
        if previous == Class::NonWord as u8 {
            return BONUS_NON_WORD;
        }
    }
    if previous == Class::Lower as u8 && class == Class::Upper as u8
        || previous != Class::Number as u8 && class == Class::Number as u8
    {
        BONUS_CAMEL123
    } else if class == Class::Whitespace as u8 {
        BONUS_BOUNDARY_WHITE
    } else if class == Class::NonWord as u8 {
        BONUS_NON_WORD
    } else {
        0
    }
}

/// nucleo's greedy score of `needle` in `haystack`, ignoring case. `needle` must hold no
/// uppercase letter (nucleo's smart case ignores case only then).
pub(super) fn score(haystack: &[u8], needle: &[u8]) -> Option<u16> {
    let Some(&first) = needle.first() else {
        return Some(0);
    };
    if needle.len() > haystack.len() {
        return None;
    }
    if needle.len() == haystack.len() {
        let equal = haystack
            .iter()
            .zip(needle)
            .all(|(&byte, &want)| byte.to_ascii_lowercase() == want);
        return equal.then(|| calculate(haystack, needle, 0, haystack.len()));
    }
    // Leftmost occurrence of the first character, then of each next one after it.
    let last_start = haystack.len() - needle.len();
    let mut start = find(&haystack[..=last_start], first)?;
    let mut end = start + 1;
    for &want in &needle[1..] {
        end += find(&haystack[end..], want)? + 1;
    }
    // Then the shortest match ending there, found backwards.
    if end - start != needle.len() {
        let mut wanted = needle.iter().rev();
        let mut want = wanted.next();
        for at in (start..end).rev() {
            if Some(&haystack[at].to_ascii_lowercase()) == want {
                want = wanted.next();
                if want.is_none() {
                    start = at;
                    break;
                }
            }
        }
    }
    Some(calculate(haystack, needle, start, end))
}

/// Where `want` (no uppercase letter) first occurs in `haystack`, ignoring case: eight bytes
/// at a time, as one 64-bit word (most of the time of a search goes to finding characters).
fn find(haystack: &[u8], want: u8) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // A letter matches either case: setting the 0x20 bit lowercases exactly the uppercase
    // letters among the bytes that could equal it.
    let fold: u8 = if want.is_ascii_lowercase() { 0x20 } else { 0 };
    let (folds, wants) = (u64::from(fold) * ONES, u64::from(want) * ONES);
    let (words, rest) = haystack.as_chunks::<8>();
    for (at, word) in words.iter().enumerate() {
        let differences = (u64::from_le_bytes(*word) | folds) ^ wants;
        // The high bit of each zero byte (and maybe of bytes after it; the lowest is exact).
        let zeros = differences.wrapping_sub(ONES) & !differences & HIGHS;
        if zeros != 0 {
            return Some(at * 8 + zeros.trailing_zeros() as usize / 8);
        }
    }
    let found = rest.iter().position(|&byte| byte | fold == want)?;
    Some(words.len() * 8 + found)
}

/// nucleo's `calculate_score` of the match of `needle` in `haystack[start..end]`.
fn calculate(haystack: &[u8], needle: &[u8], start: usize, end: usize) -> u16 {
    let mut previous = start
        .checked_sub(1)
        .map_or(Class::Whitespace, |at| class(haystack[at]));
    let mut wanted = needle.iter();
    let mut want = wanted.next().copied().unwrap_or_default();
    let mut in_gap = false;
    let mut consecutive = 1;

    let first_class = class(haystack[start]);
    let mut first_bonus = bonus(previous, first_class);
    let mut score = SCORE_MATCH + first_bonus * BONUS_FIRST_CHAR_MULTIPLIER;
    previous = first_class;
    want = wanted.next().copied().unwrap_or(want);

    for &byte in &haystack[start + 1..end] {
        let class = class(byte);
        if byte.to_ascii_lowercase() == want {
            let mut bonus = bonus(previous, class);
            if consecutive != 0 {
                if bonus >= BONUS_BOUNDARY && bonus > first_bonus {
                    first_bonus = bonus;
                }
                bonus = bonus.max(first_bonus).max(BONUS_CONSECUTIVE);
            } else {
                first_bonus = bonus;
            }
            score += SCORE_MATCH + bonus;
            in_gap = false;
            consecutive += 1;
            if let Some(&next) = wanted.next() {
                want = next;
            }
        } else {
            let penalty = if in_gap {
                PENALTY_GAP_EXTENSION
            } else {
                PENALTY_GAP_START
            };
            score = score.saturating_sub(penalty);
            in_gap = true;
            consecutive = 0;
        }
        previous = class;
    }
    score
}
