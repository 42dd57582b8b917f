//! A unified diff of one edit, for the person to read before Lode writes. Lode's edits touch one
//! place in a file (an entry added, rewritten or removed), so the lines the two texts share at
//! their start and end are set aside and what is left is one hunk: linear in the file's size,
//! where a general diff of a 16 MiB file would not be.

/// Lines of unchanged context shown around the change, as `diff -u` does.
const CONTEXT: usize = 3;

/// The unified diff of `before` into `after`, labelled with `path`; empty when they are equal.
pub fn unified_diff(path: &str, before: &str, after: &str) -> String {
    if before == after {
        return String::new();
    }
    let old: Vec<&str> = lines(before);
    let new: Vec<&str> = lines(after);
    let prefix = old.iter().zip(&new).take_while(|(a, b)| a == b).count();
    let suffix = old[prefix..]
        .iter()
        .rev()
        .zip(new[prefix..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let start = prefix.saturating_sub(CONTEXT);
    let old_end = (old.len() - suffix + CONTEXT).min(old.len());
    let new_end = (new.len() - suffix + CONTEXT).min(new.len());
    let mut out = format!("--- {path}\n+++ {path}\n");
    out.push_str(&format!(
        "@@ -{} +{} @@\n",
        range(start, old_end - start),
        range(start, new_end - start)
    ));
    for line in &old[start..prefix] {
        push_line(&mut out, ' ', line);
    }
    for line in &old[prefix..old.len() - suffix] {
        push_line(&mut out, '-', line);
    }
    for line in &new[prefix..new.len() - suffix] {
        push_line(&mut out, '+', line);
    }
    for line in &old[old.len() - suffix..old_end] {
        push_line(&mut out, ' ', line);
    }
    out
}

/// The lines of `text`, each with its line break (the last may have none).
fn lines(text: &str) -> Vec<&str> {
    text.split_inclusive('\n').collect()
}

/// `start,count` as a hunk header writes it: 1-based, and the line before when count is 0.
fn range(start: usize, count: usize) -> String {
    if count == 0 {
        format!("{start},0")
    } else {
        format!("{},{count}", start + 1)
    }
}

fn push_line(out: &mut String, mark: char, line: &str) {
    out.push(mark);
    match line.strip_suffix('\n') {
        Some(line) => {
            out.push_str(line.strip_suffix('\r').unwrap_or(line));
            out.push('\n');
        }
        None => {
            out.push_str(line);
            out.push_str("\n\\ No newline at end of file\n");
        }
    }
}
