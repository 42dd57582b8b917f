//! The fuzzy search: nucleo atoms matched field by field, with a cheap character-mask test
//! first, spread over the machine's cores for large indexes.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use nucleo_matcher::chars;
use nucleo_matcher::pattern::{Atom, AtomKind, CaseMatching, Normalization, Pattern};
use nucleo_matcher::{Config, Matcher, Utf32Str};

use super::entry::{needle_mask, Masks, FIELDS};
use super::greedy;
use super::text::{capped, Texts};

/// Below this many candidates one thread answers sooner than starting more.
const PARALLEL_FROM: usize = 16_384;

/// How many candidates a thread takes at a time in a parallel scan: small enough that the
/// threads finish together, large enough that taking one costs nothing in comparison.
const PART: usize = 8_192;

/// From this many candidates on, fuzzy words are scored greedily (nucleo's linear-time
/// matcher) instead of optimally: measured here, 1.3–5× less work per field, at the price of
/// sometimes ranking by a worse alignment than the best. That happens for the first letters
/// typed into a large index, where nearly everything matches and rank matters least; as the
/// text grows, the candidates shrink below this and scoring is optimal again.
const GREEDY_FROM: usize = 4_096;

/// Where a word is looked for, tier by tier (fields: title, name, URI, description): the
/// first tier where it matches gives its score. Title and name are what a resource is called;
/// the URI is where it is (most often the name again, after its folders); the description is
/// prose. A match in an earlier tier is the one a person means, and stopping there saves
/// scoring the longer fields of most resources.
const TIERS: [&[usize]; 3] = [&[0, 1], &[2], &[3]];

struct Term {
    atom: Atom,
    /// Characters a field must hold for this atom to match in it.
    mask: u64,
    /// How the atom compares case and accents (nucleo's smart rules), for greedy matching.
    ignore_case: bool,
    normalize: bool,
    /// The needle's bytes when it is ASCII and ignores case: then an ASCII field is scored
    /// greedily by [`greedy::score`], without nucleo.
    ascii_needle: Option<Vec<u8>>,
}

impl Term {
    fn score(&self, haystack: Utf32Str<'_>, matcher: &mut Matcher, greedy: bool) -> Option<u16> {
        if greedy && !self.atom.negative && self.atom.kind == AtomKind::Fuzzy {
            if let (Some(needle), Utf32Str::Ascii(haystack)) = (&self.ascii_needle, haystack) {
                return greedy::score(haystack, needle);
            }
            matcher.config.ignore_case = self.ignore_case;
            matcher.config.normalize = self.normalize;
            return matcher.fuzzy_match_greedy(haystack, self.atom.needle_text());
        }
        self.atom.score(haystack, matcher)
    }
}

/// A parsed search text.
pub(super) struct Search {
    text: String,
    terms: Vec<Term>,
}

/// A resource that matched, and how well (0 without search text).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Hit {
    pub entry: u32,
    pub score: u32,
}

impl Search {
    /// `None` for blank text, which matches everything.
    pub fn parse(text: &str) -> Option<Self> {
        let pattern = Pattern::parse(text, CaseMatching::Smart, Normalization::Smart);
        if pattern.atoms.is_empty() {
            return None;
        }
        let terms = pattern
            .atoms
            .into_iter()
            .map(|atom| {
                let needle = atom.needle_text().to_string();
                let ignore_case = !needle.chars().any(chars::is_upper_case);
                Term {
                    mask: needle_mask(&needle),
                    ignore_case,
                    normalize: needle.is_ascii(),
                    ascii_needle: (ignore_case && needle.is_ascii()).then(|| needle.into_bytes()),
                    atom,
                }
            })
            .collect();
        Some(Self {
            text: text.to_owned(),
            terms,
        })
    }

    /// Whether every match of this search also matched `previous`, so only its hits need
    /// scoring: true when this text only adds characters after it. Negation (`!`), escapes
    /// and a `$` anchor that stops being last break that rule; such texts scan everything.
    pub fn narrows(&self, previous: &str) -> bool {
        !previous.trim().is_empty()
            && self.text.starts_with(previous)
            && !previous.contains(['!', '\\', '$'])
            && !self.text.contains(['!', '\\'])
    }

    /// Whether `previous` parses to the same words (it differed only in spaces), so its hits
    /// are this search's.
    pub fn same_words(&self, previous: &str) -> bool {
        let pattern = Pattern::parse(previous, CaseMatching::Smart, Normalization::Smart);
        pattern
            .atoms
            .iter()
            .eq(self.terms.iter().map(|term| &term.atom))
    }

    /// The score of an entry with these fields: every positive word must match some field (the
    /// best field of the first tier where it matches counts) and no negative word may match any.
    pub fn score(
        &self,
        haystacks: &[Utf32Str<'_>; FIELDS],
        masks: &Masks,
        matcher: &mut Matcher,
        greedy: bool,
    ) -> Option<u32> {
        let mut total = 0;
        for term in &self.terms {
            let fits = |field: usize| masks[field] & term.mask == term.mask;
            if term.atom.negative {
                for field in (0..FIELDS).filter(|&field| fits(field)) {
                    // A negative atom scores `None` where its text occurs.
                    term.score(haystacks[field], matcher, greedy)?;
                }
                continue;
            }
            let best = TIERS.iter().find_map(|tier| {
                tier.iter()
                    .filter(|&&field| fits(field))
                    .filter_map(|&field| term.score(haystacks[field], matcher, greedy))
                    .max()
            })?;
            total += u32::from(best);
        }
        Some(total)
    }

    /// The words an entry must match (not the `!` ones), in query order.
    pub fn positive_atoms(&self) -> impl Iterator<Item = &Atom> {
        self.terms
            .iter()
            .filter(|term| !term.atom.negative)
            .map(|term| &term.atom)
    }

    /// Whether the masks alone rule the entry out: some word's characters are in no field.
    fn ruled_out(&self, masks: &Masks) -> bool {
        self.terms.iter().any(|term| {
            !term.atom.negative && masks.iter().all(|mask| mask & term.mask != term.mask)
        })
    }

    /// The characters of `text` the positive words match, sorted, for highlighting. Only the
    /// part of `text` a search reads is looked at (see [`capped`]): it is a prefix, so the
    /// positions are positions in `text`, and nothing past it is marked, as nothing past it
    /// was searched.
    pub fn indices(&self, text: &str, matcher: &mut Matcher) -> Vec<u32> {
        let mut buffer = Vec::new();
        let haystack = Utf32Str::new(capped(text), &mut buffer);
        let mut indices = Vec::new();
        for term in self.terms.iter().filter(|term| !term.atom.negative) {
            term.atom.indices(haystack, matcher, &mut indices);
        }
        indices.sort_unstable();
        indices.dedup();
        indices
    }

    /// The characters of `description` matched by the positive words that match none of
    /// `called` (the title, name and URI): the words the search found only in the prose, so a
    /// row can say why it is there when nothing it shows first is marked. Empty when every
    /// word matched what the row is called. Read for the rows of a window only.
    pub fn description_indices(
        &self,
        called: [&str; 3],
        description: &str,
        matcher: &mut Matcher,
    ) -> Vec<u32> {
        if description.is_empty() {
            return Vec::new();
        }
        let mut buffer = Vec::new();
        let mut indices = Vec::new();
        let mut described = Vec::new();
        for term in self.terms.iter().filter(|term| !term.atom.negative) {
            let in_called = called.iter().any(|field| {
                let haystack = Utf32Str::new(capped(field), &mut buffer);
                term.atom.score(haystack, matcher).is_some()
            });
            if !in_called {
                described.push(term);
            }
        }
        if described.is_empty() {
            return indices;
        }
        let haystack = Utf32Str::new(capped(description), &mut buffer);
        for term in described {
            term.atom.indices(haystack, matcher, &mut indices);
        }
        indices.sort_unstable();
        indices.dedup();
        indices
    }

    /// The hit of entry `at`, if it passes `keep` and matches.
    #[inline(always)]
    fn hit(
        &self,
        texts: &Texts,
        at: u32,
        keep: Option<&(dyn Fn(u32) -> bool + Sync)>,
        matcher: &mut Matcher,
        greedy: bool,
    ) -> Option<Hit> {
        let masks = texts.masks(at);
        if self.ruled_out(masks) || keep.is_some_and(|keep| !keep(at)) {
            return None;
        }
        let score = self.score(&texts.haystacks(at), masks, matcher, greedy)?;
        Some(Hit { entry: at, score })
    }

    /// Scores `candidates` that pass `keep` (when given), on every core when there are many.
    /// Hits keep the candidates' order.
    pub fn scan(
        &self,
        texts: &Texts,
        candidates: Candidates<'_>,
        keep: Option<&(dyn Fn(u32) -> bool + Sync)>,
    ) -> Vec<Hit> {
        let count = candidates.len(texts);
        let greedy = count >= GREEDY_FROM;
        // Candidates `from..to` (positions in `candidates`), appended to `hits`.
        let score_part =
            |from: usize, to: usize, matcher: &mut Matcher, hits: &mut Vec<Hit>| match candidates {
                Candidates::All => {
                    for at in from as u32..to as u32 {
                        if let Some(hit) = self.hit(texts, at, keep, matcher, greedy) {
                            hits.push(hit);
                        }
                    }
                }
                Candidates::Hits(previous) => {
                    for previous in &previous[from..to] {
                        if let Some(hit) = self.hit(texts, previous.entry, keep, matcher, greedy) {
                            hits.push(hit);
                        }
                    }
                }
            };
        let threads = thread::available_parallelism().map_or(1, |n| n.get());
        if threads < 2 || count < PARALLEL_FROM {
            let mut hits = Vec::new();
            score_part(0, count, &mut Matcher::new(Config::DEFAULT), &mut hits);
            return hits;
        }
        // Parts are claimed one at a time, so a thread the system slows down takes fewer.
        // Each thread appends to one vector of its own and notes where each part's hits are:
        // a vector per part would be allocated, grown and freed a hundred times per keystroke.
        let parts = count.div_ceil(PART);
        let next = AtomicUsize::new(0);
        let work = || {
            let mut matcher = Matcher::new(Config::DEFAULT);
            let mut hits = Vec::with_capacity(count / threads + PART);
            let mut done = Vec::new();
            loop {
                let part = next.fetch_add(1, Ordering::Relaxed);
                if part >= parts {
                    return (hits, done);
                }
                let start = hits.len();
                score_part(
                    part * PART,
                    ((part + 1) * PART).min(count),
                    &mut matcher,
                    &mut hits,
                );
                done.push((part, start..hits.len()));
            }
        };
        let found = thread::scope(|scope| {
            let workers: Vec<_> = (1..threads).map(|_| scope.spawn(work)).collect();
            let mut found = vec![work()];
            for worker in workers {
                // A worker only panics if scoring does; surface that as no hits from it.
                found.extend(worker.join().ok());
            }
            found
        });
        let mut parts: Vec<_> = found
            .iter()
            .flat_map(|(hits, done)| {
                done.iter()
                    .map(move |(part, range)| (*part, &hits[range.clone()]))
            })
            .collect();
        parts.sort_unstable_by_key(|&(part, _)| part);
        let mut hits = Vec::with_capacity(parts.iter().map(|(_, hits)| hits.len()).sum());
        for (_, part) in parts {
            hits.extend_from_slice(part);
        }
        hits
    }
}

/// Which entries a scan scores.
#[derive(Clone, Copy)]
pub(super) enum Candidates<'a> {
    /// Every entry.
    All,
    /// The entries of these hits (a previous search's).
    Hits(&'a [Hit]),
}

impl Candidates<'_> {
    fn len(self, texts: &Texts) -> usize {
        match self {
            Self::All => texts.len(),
            Self::Hits(hits) => hits.len(),
        }
    }
}
