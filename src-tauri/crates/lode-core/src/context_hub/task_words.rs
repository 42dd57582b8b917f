//! The words of a task description worth searching for: a sentence such as "summarize last
//! quarter's sales for the board" is searched as `summarize`, `quarter`, `sales`, `board`.
//! The index wants every word of a query to match, so a whole sentence would find nothing;
//! each word is searched on its own and a resource ranks by how many it matches.

/// The most words taken from one task.
pub const TASK_WORDS_AT_MOST: usize = 12;

/// Words too common to say what a task is about.
const STOP_WORDS: &[&str] = &[
    "a", "about", "after", "all", "also", "an", "and", "any", "are", "as", "at", "be", "been",
    "before", "but", "by", "can", "could", "did", "do", "does", "each", "for", "from", "get",
    "give", "has", "have", "how", "i", "if", "in", "into", "is", "it", "its", "just", "last",
    "let", "like", "make", "me", "more", "my", "need", "new", "next", "not", "of", "on", "or",
    "our", "out", "over", "please", "should", "show", "so", "some", "than", "that", "the", "their",
    "them", "then", "there", "these", "this", "those", "to", "up", "us", "use", "want", "was",
    "we", "were", "what", "when", "where", "which", "who", "why", "will", "with", "would", "you",
    "your",
];

/// The distinct search words of `task`, lowercased, in the order they first appear: runs of
/// letters and digits (a `'s` ending dropped), at least two characters, not a stop word.
pub fn task_words(task: &str) -> Vec<String> {
    let task: String = task.chars().take(super::TASK_CHARS_AT_MOST).collect();
    let mut words: Vec<String> = Vec::new();
    for raw in task.split(|c: char| !(c.is_alphanumeric() || c == '\'')) {
        let word = raw.trim_matches('\'').to_lowercase();
        let word = word.strip_suffix("'s").unwrap_or(&word).replace('\'', "");
        if word.chars().count() < 2 || STOP_WORDS.contains(&word.as_str()) {
            continue;
        }
        if !words.contains(&word) {
            words.push(word);
        }
        if words.len() == TASK_WORDS_AT_MOST {
            break;
        }
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_words_that_say_what_the_task_is() {
        assert_eq!(
            task_words("Summarize last quarter's Sales for the board, and the sales deck!"),
            ["summarize", "quarter", "sales", "board", "deck"]
        );
        assert_eq!(task_words("  the of and  "), Vec::<String>::new());
        assert_eq!(task_words("数据 库存"), ["数据", "库存"]);
        let many = (0..100)
            .map(|i| format!("w{i}"))
            .collect::<Vec<_>>()
            .join(" ");
        assert_eq!(task_words(&many).len(), TASK_WORDS_AT_MOST);
    }
}
