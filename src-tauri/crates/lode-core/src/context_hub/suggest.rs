//! `suggest_context`: a task and a token budget in; the best set of resources that fits out.

use serde::{Deserialize, Serialize};

/// The most characters of a task description looked at.
pub const TASK_CHARS_AT_MOST: usize = 4000;

/// The arguments of `suggest_context`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SuggestContext {
    /// What the assistant is about to do, in words.
    pub task: String,
    /// Tokens (`o200k_base`) the set may take; the hub profile's default budget when left out.
    #[serde(default)]
    pub budget: Option<u64>,
    /// Only these servers (connection names), when given.
    #[serde(default)]
    pub servers: Option<Vec<String>>,
    /// Also put the set into the basket of this name (made when there is none), which the
    /// window shows at once.
    #[serde(default)]
    pub basket: Option<String>,
}

/// One resource of the suggested set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SuggestedResource {
    /// Its hub URI.
    pub uri: String,
    pub server: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
    /// Its exact `o200k_base` token count, from reading it.
    pub tokens: u64,
    /// The task's words it matched.
    pub words: Vec<String>,
}

/// A resource that could not be read for the set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SuggestFailure {
    pub uri: String,
    pub error: String,
}

/// What `suggest_context` answers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HubSuggestion {
    pub resources: Vec<SuggestedResource>,
    pub total_tokens: u64,
    pub budget: u64,
    /// The words of the task that were searched for.
    pub words: Vec<String>,
    /// How many candidates were read and left out because they did not fit.
    pub skipped_for_budget: usize,
    pub failed: Vec<SuggestFailure>,
    /// The basket the set was put into, when asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub basket: Option<String>,
}
