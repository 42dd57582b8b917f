//! Prompts, tools and what they return, as text.

use lode_core::{LodeResult, PromptItem, PromptResult, Role, ToolItem, ToolResult};

use super::{blocks::block, count, text};

/// `name  title  arguments (required ones marked *)  description`.
pub fn prompts(prompts: &[PromptItem]) -> LodeResult<()> {
    let mut out = String::new();
    for prompt in prompts {
        let arguments: Vec<String> = prompt
            .arguments
            .iter()
            .map(|a| format!("{}{}", a.name, if a.required { "*" } else { "" }))
            .collect();
        out.push_str(&format!(
            "{}\t{}\t{}\t{}\n",
            prompt.name,
            prompt.title.as_deref().unwrap_or("-"),
            if arguments.is_empty() {
                "-".to_owned()
            } else {
                arguments.join(",")
            },
            one_line(prompt.description.as_deref()),
        ));
    }
    out.push_str(&format!("{}\n", count(prompts.len(), "prompt")));
    text(&out)
}

pub fn tools(tools: &[ToolItem]) -> LodeResult<()> {
    let mut out = String::new();
    for tool in tools {
        out.push_str(&format!(
            "{}\t{}\t{}\n",
            tool.name,
            tool.title.as_deref().unwrap_or("-"),
            one_line(tool.description.as_deref()),
        ));
    }
    out.push_str(&format!("{}\n", count(tools.len(), "tool")));
    text(&out)
}

/// Each message under a `[role]` line.
pub fn prompt_result(result: &PromptResult) -> LodeResult<()> {
    let mut out = String::new();
    if let Some(description) = &result.description {
        out.push_str(&format!("{description}\n\n"));
    }
    for message in &result.messages {
        let role = match message.role {
            Role::User => "user",
            Role::Assistant => "assistant",
        };
        out.push_str(&format!("[{role}]\n{}", block(&message.content)));
    }
    text(&out)
}

/// The content blocks; the structured content when there is no content to show.
pub fn tool_result(result: &ToolResult) -> LodeResult<()> {
    let mut out: String = result.content.iter().map(block).collect();
    if let (true, Some(structured)) = (result.content.is_empty(), &result.structured_content) {
        out.push_str(&serde_json::to_string_pretty(structured).unwrap_or_default());
        out.push('\n');
    }
    text(&out)
}

fn one_line(text: Option<&str>) -> String {
    match text {
        Some(text) if !text.trim().is_empty() => {
            text.split_whitespace().collect::<Vec<_>>().join(" ")
        }
        _ => "-".to_owned(),
    }
}
