//! A tool result's check against the tool's `outputSchema`, on stderr (stdout keeps the
//! result itself, for pipes): a summary line, then one line per problem naming where, what the
//! schema expected and what was found. Each part is the server's text, cleaned and cut.

use lode_core::OutputCheck;

use super::safe_text::one_line;

/// The widest each part of a problem line is printed.
const PART_WIDTH: usize = 160;

/// Prints what `check` found, if anything needs saying.
pub fn output_check(tool: &str, check: Option<&OutputCheck>) {
    let Some(check) = check else { return };
    let Some(summary) = check.summary() else {
        return;
    };
    let clean = |text: &str| one_line(text, PART_WIDTH).text;
    let level = match check {
        OutputCheck::Unchecked { .. } => "warning",
        _ => "error",
    };
    super::stderr_line(&format!("lode: {level}: tool {}: {summary}", clean(tool)));
    if let OutputCheck::Mismatch { problems, total } = check {
        for problem in problems {
            let path = if problem.path.is_empty() {
                "/"
            } else {
                &problem.path
            };
            super::stderr_line(&format!(
                "  at {}: expected {}, found {}",
                clean(path),
                clean(&problem.expected),
                clean(&problem.found),
            ));
        }
        let more = (*total as usize).saturating_sub(problems.len());
        if more > 0 {
            super::stderr_line(&format!("  … and {more} more"));
        }
    }
}

/// Whether the result breaks the tool's own promise (a mismatch, or no structured content).
pub fn broken(check: Option<&OutputCheck>) -> bool {
    matches!(
        check,
        Some(OutputCheck::Mismatch { .. } | OutputCheck::Missing)
    )
}
