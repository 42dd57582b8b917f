//! `completion/complete` for the resource templates and the `research` prompt.

use rmcp::{
    model::{CompleteRequestParams, CompletionInfo, Reference},
    ErrorData,
};

use crate::{demo::internal, prompts, templates, Demo};

pub fn complete(demo: &Demo, request: &CompleteRequestParams) -> Result<CompletionInfo, ErrorData> {
    let argument = request.argument.name.as_str();
    let typed = request.argument.value.as_str();
    // Arguments the user already filled in, e.g. `name` while completing `id`.
    let context = |name: &str| {
        request
            .context
            .as_ref()
            .and_then(|context| context.get_argument(name))
            .map(String::as_str)
    };

    let candidates: Vec<String> = match (&request.r#ref, argument) {
        (Reference::Resource(reference), "name")
            if reference.uri == templates::TABLE || reference.uri == templates::TABLE_ROW =>
        {
            demo.tables().names().to_vec()
        }
        (Reference::Resource(reference), "id") if reference.uri == templates::TABLE_ROW => {
            // Without a chosen table there is nothing sensible to offer.
            match context("name") {
                Some(table) => demo
                    .tables()
                    .ids(table)
                    .map_err(internal)?
                    .iter()
                    .map(i64::to_string)
                    .collect(),
                None => Vec::new(),
            }
        }
        (Reference::Resource(reference), "path") if reference.uri == templates::FILE => {
            demo.catalog().file_paths().map(str::to_owned).collect()
        }
        (Reference::Prompt(prompt), "depth") if prompt.name == prompts::RESEARCH => {
            prompts::DEPTHS.iter().map(|d| (*d).to_owned()).collect()
        }
        (Reference::Prompt(prompt), "topic") if prompt.name == prompts::RESEARCH => {
            prompts::TOPICS.iter().map(|t| (*t).to_owned()).collect()
        }
        (Reference::Resource(reference), _) => {
            return Err(ErrorData::invalid_params(
                format!(
                    "nothing to complete for {} argument {argument:?}",
                    reference.uri
                ),
                None,
            ))
        }
        (Reference::Prompt(prompt), _) => {
            return Err(ErrorData::invalid_params(
                format!(
                    "nothing to complete for prompt {} argument {argument:?}",
                    prompt.name
                ),
                None,
            ))
        }
        _ => return Ok(CompletionInfo::default()),
    };

    Ok(matching(candidates, typed))
}

/// Case-insensitive prefix match, capped at the protocol's 100 values with
/// `total` and `hasMore` telling the client how many there were.
fn matching(candidates: Vec<String>, typed: &str) -> CompletionInfo {
    let typed = typed.to_lowercase();
    let matches: Vec<String> = candidates
        .into_iter()
        .filter(|candidate| candidate.to_lowercase().starts_with(&typed))
        .collect();
    let total = matches.len();
    let values: Vec<String> = matches
        .into_iter()
        .take(CompletionInfo::MAX_VALUES)
        .collect();
    let has_more = total > values.len();
    let mut info = CompletionInfo::default();
    info.values = values;
    info.total = Some(u32::try_from(total).unwrap_or(u32::MAX));
    info.has_more = Some(has_more);
    info
}
