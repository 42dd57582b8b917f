//! [`ResourceIndex::ranked`]: the window a query asks for, in the window's own order, with
//! the hits below the relevance floor ([`super::floor`]) left out and each hit's reasons.

use nucleo_matcher::{Config, Matcher};

use super::entry::fields;
use super::floor::Floor;
use super::ranking::{FieldMatch, MatchField, MatchHow, RankedAnswer, RankedHit};
use super::search::{Hit, Search};
use super::{window, Query, ResourceIndex};

/// How many hits past `offset + limit` the floor may look at before it stops, whatever it has
/// found. The walk down the order usually stops long before: word matches score above
/// scattered ones, so the first hits are nearly all above the floor. This bounds the
/// pathological case (a query whose letters occur scattered in a million descriptions and as a
/// word in none) to a few milliseconds, instead of checking every hit a second time; what was
/// not looked at is counted in [`RankedAnswer::unchecked`].
pub const FLOOR_LOOKAHEAD: usize = 4_096;

impl ResourceIndex {
    /// The hits `query` selects, in its order (the same order [`Self::query`] gives), its
    /// `offset`/`limit` window counted over the hits kept, each with why it matched. Unless
    /// `include_below_floor`, hits where no query word is found as a word are left out (the
    /// rule: [`super::floor`]). Work: the search and ordering of [`Self::query`] (cached the
    /// same way), then the floor checked on hits in order until `offset + limit` are kept, at
    /// most `offset + limit + FLOOR_LOOKAHEAD` of them; the reasons are computed for the
    /// window's hits only.
    pub fn ranked(&mut self, query: &Query, include_below_floor: bool) -> RankedAnswer {
        let search = Search::parse(&query.text);
        self.order(query, search.as_ref());
        let total = self.matches();
        let floor = Floor::new(search.as_ref());
        let (window, below_floor, unchecked) = if include_below_floor || floor.is_empty() {
            let hits = window(self.ordered_hits(), query.offset, query.limit).to_vec();
            (hits, 0, 0)
        } else {
            self.walk_above_floor(&floor, query.offset, query.limit, total)
        };
        let mut matcher = Matcher::new(Config::DEFAULT);
        let hits = window
            .into_iter()
            .map(|hit| self.ranked_hit(hit, &floor, &mut matcher))
            .collect();
        RankedAnswer {
            total,
            below_floor,
            unchecked,
            indexed: self.entries.len(),
            offset: query.offset,
            hits,
        }
    }

    /// The hits of the window counted over those above the floor, how many hits fell below
    /// it, and how many were not looked at. Orders more of the answer only when the placed
    /// part runs out before the window is full.
    fn walk_above_floor(
        &mut self,
        floor: &Floor,
        offset: usize,
        limit: usize,
        total: usize,
    ) -> (Vec<Hit>, usize, usize) {
        let wanted = offset.saturating_add(limit);
        let bound = wanted.saturating_add(FLOOR_LOOKAHEAD).min(total);
        let (mut walked, mut kept, mut below) = (0, 0, 0);
        let mut hits = Vec::new();
        let mut matcher = Matcher::new(Config::DEFAULT);
        loop {
            let placed = self.placed_hits();
            while kept < wanted && walked < placed.len().min(bound) {
                let hit = placed[walked];
                walked += 1;
                if floor.passes(fields(&self.entries[hit.entry as usize].item), &mut matcher) {
                    if kept >= offset {
                        hits.push(hit);
                    }
                    kept += 1;
                } else {
                    below += 1;
                }
            }
            if kept >= wanted || walked >= bound {
                break;
            }
            let before = placed.len();
            self.sort_up_to(bound);
            if self.placed_hits().len() <= before {
                break;
            }
        }
        (hits, below, total - walked)
    }

    /// The leading hits of the last answer that are in their final order.
    fn placed_hits(&self) -> &[Hit] {
        self.ordered.as_ref().map_or(&[], |ordered| {
            &ordered.hits[..ordered.sorted.min(ordered.hits.len())]
        })
    }

    fn ranked_hit(&self, hit: Hit, floor: &Floor, matcher: &mut Matcher) -> RankedHit {
        let item = &self.entries[hit.entry as usize].item;
        let matched = field_matches(fields(item), floor, matcher);
        let below_floor =
            !floor.is_empty() && !matched.iter().any(|found| found.how == MatchHow::Word);
        RankedHit {
            item: item.clone(),
            score: hit.score,
            matched,
            below_floor,
        }
    }
}

/// For each field in order: the words found in it as words, then those the search matched in
/// it otherwise. Empty without search text.
fn field_matches(texts: [&str; 4], floor: &Floor, matcher: &mut Matcher) -> Vec<FieldMatch> {
    let mut matched = Vec::new();
    for (field, text) in MatchField::ALL.into_iter().zip(texts) {
        let mut words = Vec::new();
        let mut fuzzy = Vec::new();
        for (at, word) in floor.words().enumerate() {
            match floor.how(at, text, matcher) {
                Some(MatchHow::Word) => words.push(word.text.clone()),
                Some(MatchHow::Fuzzy) => fuzzy.push(word.text.clone()),
                None => {}
            }
        }
        for (words, how) in [(words, MatchHow::Word), (fuzzy, MatchHow::Fuzzy)] {
            if !words.is_empty() {
                matched.push(FieldMatch { field, words, how });
            }
        }
    }
    matched
}
