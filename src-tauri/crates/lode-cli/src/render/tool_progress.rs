//! The `\r`-updated progress line of a followed request (`lode call`, `prompt`, `read`), on
//! stderr and only when stderr is a terminal: "45% step 9 of 20" with a total, the server's message otherwise.

use super::progress::StatusLine;
use super::safe_text::one_line;

/// The widest the line gets: a server's message is cut to fit one terminal line.
const WIDTH: usize = 70;

pub struct ToolProgress(StatusLine);

impl ToolProgress {
    pub fn on_terminal() -> Self {
        Self(StatusLine::on_terminal())
    }

    pub fn update(&mut self, progress: f64, total: Option<f64>, message: Option<&str>) {
        self.0.show(|| line(progress, total, message));
    }
}

/// The text of the line; the server's message is cleaned of control characters and cut.
fn line(progress: f64, total: Option<f64>, message: Option<&str>) -> String {
    let message = message.map(|text| one_line(text, WIDTH).text);
    match total.filter(|t| *t > 0.0 && t.is_finite() && progress.is_finite()) {
        Some(total) => {
            let percent = (progress / total * 100.0).clamp(0.0, 100.0).round();
            match message {
                Some(text) => format!("{percent}% {text}"),
                None => format!("{percent}% ({progress} of {total})"),
            }
        }
        None => message.unwrap_or_else(|| format!("working… {progress}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bar_with_a_total_and_the_message_otherwise() {
        assert_eq!(line(9.0, Some(20.0), Some("step 9")), "45% step 9");
        assert_eq!(line(1.0, Some(4.0), None), "25% (1 of 4)");
        assert_eq!(line(3.0, None, Some("reading")), "reading");
        assert_eq!(line(3.0, Some(0.0), None), "working… 3");
        // A hostile message cannot move the cursor or run long.
        let hostile = format!("\x1b[2J{}", "x".repeat(500));
        let shown = line(1.0, None, Some(&hostile));
        assert!(!shown.contains('\x1b'), "{shown:?}");
        assert!(shown.chars().count() <= WIDTH + 1, "{}", shown.len());
    }
}
