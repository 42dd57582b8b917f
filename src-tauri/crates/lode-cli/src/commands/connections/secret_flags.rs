//! The secrets a command line sets: from environment variables (`--secret-env`,
//! `--secret-header`, `--bearer-env`, `--api-key-env`) or standard input (`--secret-stdin`).
//! Values are never printed, and never taken from the command line itself.

use std::io::Read;

use lode_core::{LodeResult, SecretEdit, SecretPlace};

use super::args::SecretFlags;
use crate::pairs::usage;
use crate::transport_args::{secret_from_env, ServerArgs};

/// `bearer`, `header:NAME` or `env:NAME`.
pub fn parse_place(text: &str) -> LodeResult<SecretPlace> {
    match text.split_once(':') {
        None if text == "bearer" => Ok(SecretPlace::Bearer),
        Some(("header", name)) if !name.is_empty() => Ok(SecretPlace::Header {
            name: name.to_owned(),
        }),
        Some(("env", name)) if !name.is_empty() => Ok(SecretPlace::Env {
            name: name.to_owned(),
        }),
        _ => Err(usage(&format!(
            "a secret's place is bearer, header:NAME or env:NAME, not {text:?}"
        ))),
    }
}

/// Every secret the flags set, with its value read.
pub fn secret_edits(flags: &SecretFlags, server: &ServerArgs) -> LodeResult<Vec<SecretEdit>> {
    let mut edits = Vec::new();
    for item in &flags.secret_env {
        let (name, var) = item.split_once('=').unwrap_or((item, item));
        let place = SecretPlace::Env { name: name.into() };
        edits.push(SecretEdit::set(
            place,
            secret_from_env("--secret-env", var)?,
        ));
    }
    for item in &flags.secret_header {
        let Some((name, var)) = item.split_once('=') else {
            return Err(usage("--secret-header expects NAME=VAR"));
        };
        let place = SecretPlace::Header { name: name.into() };
        edits.push(SecretEdit::set(
            place,
            secret_from_env("--secret-header", var)?,
        ));
    }
    let credentials = server.credentials()?;
    if let Some(token) = credentials.bearer_token {
        edits.push(SecretEdit::set(SecretPlace::Bearer, token));
    }
    for key in credentials.secret_headers {
        edits.push(SecretEdit::set(
            SecretPlace::Header { name: key.header },
            key.value,
        ));
    }
    if let Some(place) = &flags.secret_stdin {
        let place = parse_place(place)?;
        edits.push(SecretEdit::set(place, read_stdin()?));
    }
    Ok(edits)
}

/// All of standard input without its final line break (`echo "$TOKEN" | lode …`).
fn read_stdin() -> LodeResult<String> {
    let mut value = String::new();
    std::io::stdin()
        .read_to_string(&mut value)
        .map_err(|e| usage(&format!("could not read the secret from stdin: {e}")))?;
    let trimmed = value.strip_suffix('\n').unwrap_or(&value);
    let trimmed = trimmed.strip_suffix('\r').unwrap_or(trimmed);
    if trimmed.is_empty() {
        return Err(usage("--secret-stdin read nothing from stdin"));
    }
    Ok(trimmed.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_spelled_as_in_the_help() {
        assert_eq!(parse_place("bearer").ok(), Some(SecretPlace::Bearer));
        assert_eq!(
            parse_place("env:GITHUB_TOKEN").ok(),
            Some(SecretPlace::Env {
                name: "GITHUB_TOKEN".into()
            })
        );
        assert!(parse_place("header:").is_err() && parse_place("token").is_err());
    }
}
