//! `suggest_context`: the best set of exposed resources for a task within a token budget.
//!
//! The index wants every word of a query to match, so a task sentence is searched word by word
//! (`lode_core::context_hub::task_words`). A resource ranks by how many of the task's words
//! it matches, then as the window's "Fill to budget" orders (for the assistant first, then no
//! audience named; never one meant only for the user; highest priority, newest), then by its
//! match score. Candidates are read in that order and counted exactly (`o200k_base`); each one
//! that still fits is kept, until the budget is spent or [`SUGGEST_READS`] reads are made.

use std::collections::HashMap;

use lode_core::basket::{fill_order, ItemKind, NewItem};
use lode_core::context_hub::{
    hub_uri, task_words, HubSuggestion, SuggestContext, SuggestFailure, SuggestedResource,
};
use lode_core::index::{Filters, Query, SortKey};
use lode_core::{ErrorCode, LodeError, LodeResult, ResourceItem};

use super::Exposure;
use crate::Lode;

/// The most resources one suggestion reads (each is a request to its server).
pub const SUGGEST_READS: usize = 40;

/// Hits taken per word of the task.
const HITS_PER_WORD: usize = 50;

struct Candidate {
    item: ResourceItem,
    words: Vec<String>,
    score: u32,
}

impl Lode {
    pub async fn hub_suggest(
        &self,
        exposure: &Exposure,
        request: SuggestContext,
    ) -> LodeResult<HubSuggestion> {
        let words = task_words(&request.task);
        if words.is_empty() {
            return Err(LodeError::new(
                ErrorCode::InvalidInput,
                "the task has no words to search for: describe it in a few words",
            ));
        }
        let budget = exposure.budget(request.budget);
        let servers = exposure.servers(request.servers.as_deref())?;
        let audience = exposure.audience(None)?;

        let mut found: HashMap<(String, String), Candidate> = HashMap::new();
        for word in &words {
            let query = Query {
                text: word.clone(),
                sort: SortKey::Relevance,
                filters: Filters {
                    audience,
                    servers: Some(servers.clone()),
                    ..Filters::default()
                },
                offset: 0,
                limit: HITS_PER_WORD,
            };
            // Only resources that hold the word as a word: the relevance floor.
            for hit in self.browse_ranked(query, false).await?.hits {
                let key = (hit.item.server.clone(), hit.item.uri.clone());
                let score = hit.score;
                let candidate = found.entry(key).or_insert_with(|| Candidate {
                    item: hit.item,
                    words: Vec::new(),
                    score: 0,
                });
                candidate.words.push(word.clone());
                candidate.score += score;
            }
        }
        let candidates: Vec<Candidate> = found.into_values().collect();
        let order = suggestion_order(&candidates);

        let mut left = budget;
        let mut suggestion = HubSuggestion {
            resources: Vec::new(),
            total_tokens: 0,
            budget,
            words,
            skipped_for_budget: 0,
            failed: Vec::new(),
            basket: None,
        };
        let mut kept: Vec<NewItem> = Vec::new();
        for index in order.into_iter().take(SUGGEST_READS) {
            if left == 0 {
                break;
            }
            let candidate = &candidates[index];
            let Some(connection) = exposure.named(&candidate.item.server) else {
                continue;
            };
            let id = connection.id;
            let uri = hub_uri(id.0, &candidate.item.uri);
            match self
                .read_as_item(id, candidate.item.clone(), ItemKind::Resource)
                .await
            {
                Ok(item) if item.tokens() <= left => {
                    left -= item.tokens();
                    suggestion.total_tokens += item.tokens();
                    suggestion.resources.push(SuggestedResource {
                        uri,
                        server: candidate.item.server.clone(),
                        name: candidate.item.name.clone(),
                        title: candidate.item.title.clone(),
                        mime_type: item.mime_type.clone(),
                        tokens: item.tokens(),
                        words: candidate.words.clone(),
                    });
                    kept.push(item);
                }
                Ok(_) => suggestion.skipped_for_budget += 1,
                Err((_, error)) => suggestion.failed.push(SuggestFailure {
                    uri,
                    error: error.message,
                }),
            }
        }
        if let Some(name) = &request.basket {
            suggestion.basket = Some(self.keep_suggestion(name, budget, &kept)?);
        }
        Ok(suggestion)
    }

    /// Puts a suggested set into the basket called `name`, made (with the budget as its limit)
    /// when there is none. Returns the basket's name as saved.
    fn keep_suggestion(&self, name: &str, budget: u64, items: &[NewItem]) -> LodeResult<String> {
        let basket = match self.store.find_basket(name) {
            Ok(basket) => basket.id,
            Err(error) if error.code == ErrorCode::NotFound => {
                self.store.create_basket(name, Some(budget))?.id
            }
            Err(error) => return Err(error),
        };
        self.store.add_basket_items(basket, items)?;
        Ok(self.store.basket(basket)?.name)
    }
}

/// The order to read candidates in: most task words matched first; then "Fill to budget"'s
/// order (for the assistant first, highest priority, newest; never a resource meant only for
/// the user); its ties by the best match score, then by URI, so the order is deterministic.
fn suggestion_order(candidates: &[Candidate]) -> Vec<usize> {
    let mut by_score: Vec<usize> = (0..candidates.len()).collect();
    by_score.sort_by(|&a, &b| {
        candidates[b]
            .score
            .cmp(&candidates[a].score)
            .then_with(|| candidates[a].item.uri.cmp(&candidates[b].item.uri))
    });
    let items: Vec<ResourceItem> = by_score
        .iter()
        .map(|&i| candidates[i].item.clone())
        .collect();
    // fill_order sorts stably, so its ties keep the score order.
    let mut order: Vec<usize> = fill_order(&items)
        .into_iter()
        .map(|i| by_score[i])
        .collect();
    order.sort_by(|&a, &b| candidates[b].words.len().cmp(&candidates[a].words.len()));
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use lode_core::{Annotations, Role};

    fn candidate(uri: &str, words: usize, score: u32, audience: Option<Role>) -> Candidate {
        Candidate {
            item: ResourceItem {
                server: "s".into(),
                uri: uri.into(),
                name: uri.into(),
                title: None,
                description: None,
                mime_type: None,
                size: None,
                annotations: Annotations {
                    audience: audience.map(|role| vec![role]),
                    ..Annotations::default()
                },
                icons: None,
                meta: None,
            },
            words: (0..words).map(|w| format!("w{w}")).collect(),
            score,
        }
    }

    #[test]
    fn more_task_words_first_then_for_the_assistant_then_score_and_never_user_only() {
        let candidates = [
            candidate("a", 1, 900, None),
            candidate("b", 2, 10, None),
            candidate("c", 1, 100, Some(Role::Assistant)),
            candidate("d", 3, 999, Some(Role::User)),
            candidate("e", 1, 950, None),
        ];
        let order: Vec<&str> = suggestion_order(&candidates)
            .into_iter()
            .map(|i| candidates[i].item.uri.as_str())
            .collect();
        assert_eq!(order, ["b", "c", "e", "a"]);
    }
}
