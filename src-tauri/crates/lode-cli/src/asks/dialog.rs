//! The terminal dialogs: the questions written, the answers read. Server text is made inert
//! for the terminal (`safe_text`) before it is written.

use std::io::{self, BufRead, Write};

use lode_core::asks::{
    accepted_content, ElicitationAnswer, ElicitationForm, ElicitationMode, ElicitationRequest,
    FieldKind, FieldProblem, FormField, SamplingAnswer, SamplingContent, SamplingRequest,
};
use serde_json::{Map, Value};

use super::typed::field_value;
use crate::render::safe_text::block;

/// The model name a typed reply is sent under.
pub const PERSON_MODEL: &str = "human";

/// How many times a form is filled again after its answers did not fit.
const ATTEMPTS: usize = 3;

fn read_line(input: &mut dyn BufRead) -> io::Result<Option<String>> {
    let mut line = String::new();
    Ok((input.read_line(&mut line)? > 0).then_some(line))
}

/// `[a]ccept / [d]ecline / [c]ancel`, Enter accepting; end of input cancels.
fn choose(input: &mut dyn BufRead, output: &mut dyn Write) -> io::Result<ElicitationAnswer> {
    loop {
        write!(
            output,
            "Send this? [a]ccept / [d]ecline / [c]ancel (Enter accepts): "
        )?;
        output.flush()?;
        let Some(line) = read_line(input)? else {
            return Ok(ElicitationAnswer::Cancel);
        };
        match line.trim().to_ascii_lowercase().as_str() {
            "" | "a" | "accept" => {
                return Ok(ElicitationAnswer::Accept {
                    content: Map::new(),
                })
            }
            "d" | "decline" => return Ok(ElicitationAnswer::Decline),
            "c" | "cancel" => return Ok(ElicitationAnswer::Cancel),
            _ => writeln!(output, "  type a, d or c")?,
        }
    }
}

pub fn elicit(
    server: &str,
    request: &ElicitationRequest,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> io::Result<ElicitationAnswer> {
    writeln!(
        output,
        "\n── {server} asks you ──\n{}",
        block(&request.message)
    )?;
    match &request.mode {
        ElicitationMode::Url { url, opens, .. } => {
            writeln!(output, "Address: {}", block(url))?;
            if *opens {
                write!(output, "Open it in your browser? [y/N]: ")?;
                output.flush()?;
                if read_line(input)?.is_some_and(|l| l.trim().eq_ignore_ascii_case("y")) {
                    if let Err(error) = lode_app::oauth::open_in_system_browser(url) {
                        writeln!(output, "  could not open it: {}", error.message)?;
                    }
                }
            } else {
                writeln!(output, "(Lode opens only http and https addresses.)")?;
            }
            choose(input, output)
        }
        ElicitationMode::Form { form, .. } => fill(form, input, output),
    }
}

fn fill(
    form: &ElicitationForm,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> io::Result<ElicitationAnswer> {
    if let Some(title) = &form.title {
        writeln!(output, "{}", block(title))?;
    }
    writeln!(
        output,
        "(Enter takes the value in brackets; - leaves a field empty.)"
    )?;
    let mut values = form.defaults.clone();
    let mut ask: Vec<&FormField> = form.fields.iter().collect();
    for _ in 0..ATTEMPTS {
        for field in &ask {
            let Some(value) = ask_field(field, values.get(&field.name), input, output)? else {
                return Ok(ElicitationAnswer::Cancel);
            };
            match value {
                Some(value) => values.insert(field.name.clone(), value),
                None => values.remove(&field.name),
            };
        }
        match accepted_content(form, &values) {
            Ok(content) => {
                return Ok(match choose(input, output)? {
                    ElicitationAnswer::Accept { .. } => ElicitationAnswer::Accept { content },
                    other => other,
                })
            }
            Err(errors) => {
                for error in &errors {
                    writeln!(
                        output,
                        "  {}: {}",
                        block(&error.field),
                        problem(&error.problem)
                    )?;
                }
                ask = form
                    .fields
                    .iter()
                    .filter(|f| errors.iter().any(|e| e.field == f.name))
                    .collect();
            }
        }
    }
    writeln!(output, "The answers still do not fit the form: cancelled.")?;
    Ok(ElicitationAnswer::Cancel)
}

/// One field's value; `None` at the end of input.
fn ask_field(
    field: &FormField,
    current: Option<&Value>,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> io::Result<Option<Option<Value>>> {
    let label = block(field.title.as_deref().unwrap_or(&field.name));
    if let Some(description) = &field.description {
        writeln!(output, "  {}", block(description))?;
    }
    if let FieldKind::Choice { options } | FieldKind::MultiChoice { options, .. } = &field.kind {
        for (i, option) in options.iter().enumerate() {
            let title = option.title.as_deref().unwrap_or(&option.value);
            writeln!(output, "    {}. {}", i + 1, block(title))?;
        }
    }
    let hint = match &field.kind {
        FieldKind::Boolean => " (y/n)",
        FieldKind::MultiChoice { .. } => " (numbers, comma-separated)",
        _ => "",
    };
    loop {
        let required = if field.required { "*" } else { "" };
        let shown = current.map(|v| format!(" [{}]", block(&v.to_string())));
        write!(
            output,
            "{label}{required}{hint}{}: ",
            shown.unwrap_or_default()
        )?;
        output.flush()?;
        let Some(line) = read_line(input)? else {
            return Ok(None);
        };
        match field_value(field, current, &line) {
            Ok(value) => return Ok(Some(value)),
            Err(why) => writeln!(output, "  {why}")?,
        }
    }
}

fn problem(problem: &FieldProblem) -> String {
    match problem {
        FieldProblem::Required => "required".into(),
        FieldProblem::WrongType => "not the right kind of value".into(),
        FieldProblem::TooShort { min } => format!("at least {min} characters"),
        FieldProblem::TooLong { max } => format!("at most {max} characters"),
        FieldProblem::BelowMinimum { minimum } => format!("at least {minimum}"),
        FieldProblem::AboveMaximum { maximum } => format!("at most {maximum}"),
        FieldProblem::NotWhole => "a whole number".into(),
        FieldProblem::BadFormat { format } => {
            format!(
                "not a valid {}",
                serde_json::to_value(format).unwrap_or_default()
            )
        }
        FieldProblem::NotAnOption => "not one of the options".into(),
        FieldProblem::TooFew { min } => format!("choose at least {min}"),
        FieldProblem::TooMany { max } => format!("choose at most {max}"),
    }
}

pub fn sample(
    server: &str,
    request: &SamplingRequest,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> io::Result<SamplingAnswer> {
    writeln!(
        output,
        "\n── {server} asks for a model's reply (sampling) ──"
    )?;
    writeln!(
        output,
        "Lode has no model of its own: you write the reply, and nothing is sent without you."
    )?;
    if let Some(system) = &request.system_prompt {
        writeln!(output, "System prompt:\n{}", block(system))?;
    }
    if request.omitted_messages > 0 {
        writeln!(
            output,
            "({} older messages not shown)",
            request.omitted_messages
        )?;
    }
    for message in &request.messages {
        for part in &message.content {
            let text = match part {
                SamplingContent::Text { text } => block(text),
                SamplingContent::Image { mime_type, bytes } => {
                    format!("[image {mime_type}, {bytes} bytes]")
                }
                SamplingContent::Audio { mime_type, bytes } => {
                    format!("[audio {mime_type}, {bytes} bytes]")
                }
                SamplingContent::ToolUse { name, input, .. } => {
                    format!("[uses tool {}]\n{}", block(name), block(input))
                }
                SamplingContent::ToolResult { text, .. } => {
                    format!("[tool result]\n{}", block(text))
                }
            };
            writeln!(output, "{:?}: {text}", message.role)?;
        }
    }
    if let Some(preferences) = &request.model_preferences {
        let hints: Vec<String> = preferences.hints.iter().map(|h| block(h)).collect();
        writeln!(output, "Preferred models: {}", hints.join(", "))?;
    }
    writeln!(output, "At most {} tokens.", request.max_tokens)?;
    for tool in &request.tools {
        writeln!(output, "Tool offered: {}", block(&tool.name))?;
    }
    writeln!(
        output,
        "Type the reply; an empty line ends it. An empty reply declines."
    )?;
    let mut reply = String::new();
    while let Some(line) = read_line(input)? {
        if line.trim_end_matches(['\n', '\r']).is_empty() {
            break;
        }
        reply.push_str(&line);
    }
    let reply = reply.trim_end().to_owned();
    Ok(if reply.is_empty() {
        SamplingAnswer::Declined
    } else {
        SamplingAnswer::Reply {
            text: reply,
            model: PERSON_MODEL.into(),
        }
    })
}

#[cfg(test)]
#[path = "dialog_tests.rs"]
mod tests;
