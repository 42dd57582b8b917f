//! Bounds on a dialog's text. A native dialog grows with its message, so a page that pads an
//! argument or adds thousands of variables could push the lines that matter off the screen:
//! each value is capped with its middle left out, each list with a count of what was left out.

/// How many characters a value may keep when it is shortened: two thirds from its start, the
/// rest from its end.
pub fn elided(text: &str, max: usize) -> String {
    let count = text.chars().count();
    if count <= max {
        return text.to_owned();
    }
    let head_len = max * 2 / 3;
    let tail_len = max - head_len;
    let head: String = text.chars().take(head_len).collect();
    let tail: String = text.chars().skip(count - tail_len).collect();
    let (head, tail) = (whole_marks_head(&head), whole_marks_tail(&tail));
    let left_out = count - head.chars().count() - tail.chars().count();
    format!("{head} … ({left_out} characters left out) … {tail}")
}

/// `head` without a `⟨U+XXXX⟩` mark cut in two at its end.
fn whole_marks_head(head: &str) -> &str {
    match (head.rfind('⟨'), head.rfind('⟩')) {
        (Some(open), close) if close.is_none_or(|close| close < open) => &head[..open],
        _ => head,
    }
}

/// `tail` without a `⟨U+XXXX⟩` mark cut in two at its start.
fn whole_marks_tail(tail: &str) -> &str {
    match (tail.find('⟩'), tail.find('⟨')) {
        (Some(close), open) if open.is_none_or(|open| close < open) => {
            &tail[close + '⟩'.len_utf8()..]
        }
        _ => tail,
    }
}

/// At most `max` of `items`, then a line saying how many more there are (in `what`, plural).
pub fn listed(items: Vec<String>, max: usize, what: &str) -> Vec<String> {
    let more = items.len().saturating_sub(max);
    let mut shown: Vec<String> = items.into_iter().take(max).collect();
    if more > 0 {
        shown.push(format!("… ({more} more {what} left out)"));
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_value_keeps_its_ends_and_says_how_much_is_left_out() {
        let text = format!("start{}end", "x".repeat(50_000));
        let short = elided(&text, 60);
        assert!(short.starts_with("startxxx"), "{short}");
        assert!(short.ends_with("xxend"), "{short}");
        assert!(
            short.contains(" … (49948 characters left out) … "),
            "{short}"
        );
        assert_eq!(elided("short", 60), "short");
    }

    #[test]
    fn a_revealed_mark_is_never_cut_in_two() {
        let marks = "⟨U+200B⟩".repeat(40);
        let short = elided(&marks, 30);
        let (head, rest) = short.split_once(" … (").expect("elided");
        let tail = rest.split_once(") … ").expect("elided").1;
        for part in [head, tail] {
            assert_eq!(
                part.matches('⟨').count(),
                part.matches('⟩').count(),
                "{short}"
            );
            assert!(
                part.is_empty() || part.starts_with('⟨') && part.ends_with('⟩'),
                "{short}"
            );
        }
    }

    #[test]
    fn a_long_list_says_how_many_were_left_out() {
        let items: Vec<String> = (0..10).map(|i| i.to_string()).collect();
        assert_eq!(
            listed(items, 3, "variables"),
            ["0", "1", "2", "… (7 more variables left out)"]
        );
    }
}
