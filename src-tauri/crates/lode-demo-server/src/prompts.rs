//! The `research` prompt: a user message built from a topic and a depth.

use rmcp::{
    model::{GetPromptRequestParams, GetPromptResult, Prompt, PromptArgument, PromptMessage, Role},
    ErrorData,
};

use crate::icons::Glyph;

pub const RESEARCH: &str = "research";
pub const DEPTHS: [&str; 3] = ["brief", "standard", "deep"];
/// Suggestions offered when completing `topic`; any text is accepted.
pub const TOPICS: [&str; 6] = [
    "architecture",
    "deployment",
    "onboarding",
    "query language",
    "quarterly sales",
    "stock alerts",
];

pub fn list() -> Vec<Prompt> {
    let arguments = vec![
        PromptArgument::new("topic")
            .with_title("Topic")
            .with_description("What to research")
            .with_required(true),
        PromptArgument::new("depth")
            .with_title("Depth")
            .with_description("brief, standard or deep (default standard)")
            .with_required(false),
    ];
    vec![Prompt::new(
        RESEARCH,
        Some("Research a topic across the project's documents and data"),
        Some(arguments),
    )
    .with_title("Research")
    .with_icons(vec![Glyph::Document.icon()])]
}

pub fn get(request: &GetPromptRequestParams) -> Result<GetPromptResult, ErrorData> {
    if request.name != RESEARCH {
        return Err(ErrorData::invalid_params(
            format!("unknown prompt: {}", request.name),
            None,
        ));
    }
    let argument = |name: &str| {
        request
            .arguments
            .as_ref()
            .and_then(|arguments| arguments.get(name))
            .and_then(|value| value.as_str())
            .map(str::trim)
            .filter(|value| !value.is_empty())
    };
    let topic = argument("topic")
        .ok_or_else(|| ErrorData::invalid_params("the research prompt needs a topic", None))?;
    let depth = argument("depth").unwrap_or("standard");
    let guidance = match depth {
        "brief" => "Answer in at most five bullet points.",
        "standard" => "Answer in a few paragraphs and cite the files you used.",
        "deep" => {
            "Investigate thoroughly: compare sources, quote file paths and table rows, \
             and list open questions at the end."
        }
        other => {
            return Err(ErrorData::invalid_params(
                format!("depth must be one of brief, standard, deep (got {other:?})"),
                None,
            ))
        }
    };
    let text = format!(
        "Research \"{topic}\" using the Atlas project resources (docs, source, data and the \
         user/item tables). {guidance}"
    );
    Ok(
        GetPromptResult::new(vec![PromptMessage::new_text(Role::User, text)])
            .with_description(format!("Research {topic} ({depth})")),
    )
}
