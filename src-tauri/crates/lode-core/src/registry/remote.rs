//! One remote of an entry: a server already running somewhere, reached over Streamable HTTP or
//! SSE at a URL template whose `{variables}` the person fills in, with the headers it needs.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use super::fields::{as_object, required};
use super::inputs::{parse_named_inputs, parse_variables};
use super::launch::remote_launch;
use super::{InputVariable, Launch, NamedInput, RegistryProblem};

const MAX_KIND_BYTES: usize = 64;
const MAX_URL_BYTES: usize = 2048;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RegistryRemote {
    /// `streamable-http` or `sse` (or another, not reached).
    pub transport: String,
    /// A template: `{name}`s are its variables.
    pub url: String,
    pub headers: Vec<NamedInput>,
    pub variables: Vec<InputVariable>,
    pub launch: Launch,
}

pub(super) fn parse_remote(
    value: &Value,
    path: &str,
    notes: &mut Vec<String>,
) -> Result<RegistryRemote, RegistryProblem> {
    let remote = as_object(value, path)?;
    let transport = required(remote, path, "type", MAX_KIND_BYTES)?;
    let url = required(remote, path, "url", MAX_URL_BYTES)?;
    Ok(RegistryRemote {
        launch: remote_launch(&transport, &url),
        headers: parse_named_inputs(remote, path, "headers", notes)?,
        variables: parse_variables(remote, path, notes)?,
        transport,
        url,
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn reads_a_remote_with_its_url_variables_and_secret_header() {
        let mut notes = Vec::new();
        let remote = parse_remote(
            &json!({ "type": "streamable-http", "url": "https://{tenant}.example.com/mcp",
                     "headers": [{ "name": "Authorization", "isSecret": true, "isRequired": true }],
                     "variables": { "tenant": { "default": "acme", "isRequired": true } } }),
            "remotes[1]",
            &mut notes,
        )
        .expect("a remote");
        assert_eq!(remote.launch, Launch::StreamableHttp);
        assert!(remote.headers[0].input.is_secret);
        assert_eq!(remote.variables[0].name, "tenant");
        assert_eq!(
            parse_remote(&json!({ "type": "sse" }), "remotes[2]", &mut notes),
            Err(RegistryProblem::Missing("remotes[2].url".into()))
        );
    }
}
