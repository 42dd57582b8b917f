//! The words and shapes that mark a secret: names whose parts say so (`OPENAI_API_KEY`) and
//! values in a well-known token format. Shared by `secrets` (what goes to the keychain) and
//! `exposed` (tokens in arguments and URLs), so neither needs the other for them.

/// Words that make a variable or header name a secret's, matched against its parts
/// (`OPENAI_API_KEY` → `OPENAI`, `API`, `KEY`).
const SECRET_WORDS: &[&str] = &[
    "token",
    "key",
    "apikey",
    "secret",
    "password",
    "passwd",
    "pat",
    "credential",
    "credentials",
    "auth",
    "authorization",
    "cookie",
    "session",
];

/// Prefixes of well-known token formats, for values under innocent names.
const TOKEN_PREFIXES: &[&str] = &[
    "sk-",         // OpenAI, Anthropic
    "ghp_",        // GitHub personal access token
    "gho_",        // GitHub OAuth
    "ghs_",        // GitHub app
    "github_pat_", // GitHub fine-grained
    "glpat-",      // GitLab
    "xoxb-",       // Slack bot
    "xoxp-",       // Slack user
    "AKIA",        // AWS access key id
    "AIza",        // Google API key
    "eyJ",         // a JWT
    "Bearer ",
];

/// Whether a variable or header name is a secret's, by its parts.
pub(super) fn name_is_secret(name: &str) -> bool {
    name.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|part| !part.is_empty())
        .any(|part| {
            SECRET_WORDS
                .iter()
                .any(|word| part.eq_ignore_ascii_case(word))
        })
}

/// Whether a value has the shape of a well-known token, whatever its name.
pub(super) fn value_looks_like_a_token(value: &str) -> bool {
    let value = value.trim();
    TOKEN_PREFIXES
        .iter()
        .any(|prefix| value.starts_with(prefix) && value.len() > prefix.len() + 8)
}
