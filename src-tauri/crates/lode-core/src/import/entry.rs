//! One server entry of a configuration file: its transport, its secrets set apart, and what
//! could not be carried over. The clients' layouts differ only in where the entries sit; an
//! entry is read the same way whichever client wrote it.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::exposed;
use super::secrets::{bearer_token, env_is_secret, header_is_secret};
use super::{FoundSecret, ImportedServer, SecretValue};
use crate::connection::{SecretPlace, TransportSpec};

/// Reads the entry `name`; `Err` says what makes it unusable.
pub(super) fn read(
    name: &str,
    value: &Value,
    inputs: &Map<String, Value>,
) -> Result<ImportedServer, String> {
    let Value::Object(entry) = value else {
        return Err("is not an object".to_owned());
    };
    if name.trim().is_empty() {
        return Err("has no name".to_owned());
    }
    let mut server = ImportedServer {
        name: name.trim().to_owned(),
        origin: String::new(),
        transport: TransportSpec::http(""),
        secrets: Vec::new(),
        enabled: !matches!(entry.get("disabled"), Some(Value::Bool(true))),
        notes: Vec::new(),
    };
    let url = text(entry, "url")?.or(text(entry, "serverUrl")?);
    let kind = text(entry, "type")?;
    server.transport = match (kind.as_deref(), text(entry, "command")?, url) {
        (Some("stdio") | None, Some(command), _) => stdio(entry, command, inputs, &mut server)?,
        (Some("stdio"), None, _) => return Err("is a stdio server without a `command`".to_owned()),
        (Some("http" | "streamable-http" | "streamableHttp"), _, Some(url)) => {
            TransportSpec::Http {
                url: checked_url(url)?,
                headers: headers(entry, inputs, &mut server)?,
            }
        }
        (Some("sse"), _, Some(url)) => TransportSpec::Sse {
            url: checked_url(url)?,
            headers: headers(entry, inputs, &mut server)?,
        },
        (None, None, Some(url)) => {
            server.notes.push(
                "no transport type given: taken as Streamable HTTP (switch it to SSE if the \
                 server is older)"
                    .to_owned(),
            );
            TransportSpec::Http {
                url: checked_url(url)?,
                headers: headers(entry, inputs, &mut server)?,
            }
        }
        (Some(other @ ("http" | "streamable-http" | "streamableHttp" | "sse")), _, None) => {
            return Err(format!("is a {other} server without a `url`"))
        }
        (Some(other), _, _) => return Err(format!("has the unknown transport type `{other}`")),
        (None, None, None) => return Err("has neither a `command` nor a `url`".to_owned()),
    };
    exposed::move_userinfo(&mut server);
    note_unexpanded_variables(&server.transport, &mut server.notes);
    Ok(server)
}

fn stdio(
    entry: &Map<String, Value>,
    command: String,
    inputs: &Map<String, Value>,
    server: &mut ImportedServer,
) -> Result<TransportSpec, String> {
    if command.trim().is_empty() {
        return Err("has an empty `command`".to_owned());
    }
    let args = match entry.get("args") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(args)) => args
            .iter()
            .map(|arg| scalar(arg).ok_or_else(|| "has an argument that is not text".to_owned()))
            .collect::<Result<_, _>>()?,
        Some(_) => return Err("has `args` that are not a list".to_owned()),
    };
    let mut env = BTreeMap::new();
    for (key, value) in string_map(entry, "env")? {
        match secret_value(&value, inputs) {
            Some(value) => server.secrets.push(FoundSecret {
                place: SecretPlace::Env { name: key },
                value,
            }),
            None if env_is_secret(&key, &value) => server.secrets.push(FoundSecret {
                place: SecretPlace::Env { name: key },
                value: SecretValue::Given(value),
            }),
            None => {
                env.insert(key, value);
            }
        }
    }
    if entry.contains_key("envFile") {
        server.notes.push(
            "`envFile` is not imported: add its variables to the connection by hand".to_owned(),
        );
    }
    Ok(TransportSpec::Stdio {
        command,
        args,
        env,
        cwd: text(entry, "cwd")?,
    })
}

fn headers(
    entry: &Map<String, Value>,
    inputs: &Map<String, Value>,
    server: &mut ImportedServer,
) -> Result<BTreeMap<String, String>, String> {
    let mut plain = BTreeMap::new();
    for (key, value) in string_map(entry, "headers")? {
        // `Bearer ${input:token}`: the token is asked for, the scheme is implied.
        if let Some(token) = bearer_token(&key, &value) {
            let value = secret_value(token, inputs).unwrap_or(SecretValue::Given(token.to_owned()));
            server.secrets.push(FoundSecret {
                place: SecretPlace::Bearer,
                value,
            });
            continue;
        }
        match secret_value(&value, inputs) {
            Some(value) => server.secrets.push(FoundSecret {
                place: SecretPlace::Header { name: key },
                value,
            }),
            None if header_is_secret(&key, &value) => server.secrets.push(FoundSecret {
                place: SecretPlace::Header { name: key },
                value: SecretValue::Given(value),
            }),
            None => {
                plain.insert(key, value);
            }
        }
    }
    Ok(plain)
}

/// A value that is exactly a VS Code input reference (`${input:id}`): a secret to ask for.
fn secret_value(value: &str, inputs: &Map<String, Value>) -> Option<SecretValue> {
    let id = value.trim().strip_prefix("${input:")?.strip_suffix('}')?;
    let prompt = inputs
        .get(id)
        .and_then(|input| input.get("description"))
        .and_then(Value::as_str)
        .unwrap_or(id)
        .to_owned();
    Some(SecretValue::Ask { prompt })
}

/// Variables such as `${workspaceFolder}` or `${env:HOME}` mean something only to the client
/// that wrote them; Lode keeps them as written and says so.
fn note_unexpanded_variables(transport: &TransportSpec, notes: &mut Vec<String>) {
    let mut texts: Vec<&str> = Vec::new();
    match transport {
        TransportSpec::Stdio {
            command,
            args,
            env,
            cwd,
        } => {
            texts.push(command);
            texts.extend(args.iter().map(String::as_str));
            texts.extend(env.values().map(String::as_str));
            texts.extend(cwd.as_deref());
        }
        TransportSpec::Http { url, headers }
        | TransportSpec::Sse { url, headers }
        | TransportSpec::Rest { url, headers } => {
            texts.push(url);
            texts.extend(headers.values().map(String::as_str));
        }
    }
    let mut variables: Vec<&str> = texts
        .iter()
        .flat_map(|text| text.match_indices("${").map(|(at, _)| &text[at..]))
        .filter_map(|from| from.find('}').map(|end| &from[..=end]))
        .collect();
    variables.sort_unstable();
    variables.dedup();
    if !variables.is_empty() {
        notes.push(format!(
            "uses {}, which Lode does not expand: edit the connection after importing",
            variables.join(", ")
        ));
    }
}

fn checked_url(url: String) -> Result<String, String> {
    let url = url.trim().to_owned();
    if url.starts_with("http://") || url.starts_with("https://") {
        Ok(url)
    } else {
        Err(format!("has the URL `{url}`, which is not http or https"))
    }
}

/// The text under `key`, if any; a number or boolean is taken as its text.
fn text(entry: &Map<String, Value>, key: &str) -> Result<Option<String>, String> {
    match entry.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(value) => scalar(value)
            .map(Some)
            .ok_or_else(|| format!("has a `{key}` that is not text")),
    }
}

fn string_map(entry: &Map<String, Value>, key: &str) -> Result<Vec<(String, String)>, String> {
    match entry.get(key) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Object(map)) => map
            .iter()
            .map(|(name, value)| {
                scalar(value)
                    .map(|value| (name.clone(), value))
                    .ok_or_else(|| format!("has a `{key}` entry `{name}` that is not text"))
            })
            .collect(),
        Some(_) => Err(format!("has `{key}` that are not an object")),
    }
}

fn scalar(value: &Value) -> Option<String> {
    match value {
        Value::String(text) => Some(text.clone()),
        Value::Number(number) => Some(number.to_string()),
        Value::Bool(flag) => Some(flag.to_string()),
        _ => None,
    }
}
