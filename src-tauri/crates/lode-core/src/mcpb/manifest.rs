//! A bundle's `manifest.json`, manifest versions 0.2 to 0.4 (and the 0.1 of `.dxt` files, the
//! same fields under `dxt_version`): read leniently (fields Lode does not use are ignored) but
//! bounded, every list and text cut to what a person can read, and refused with the field's
//! name when one Lode needs is missing or malformed.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use crate::{ErrorCode, LodeError, LodeResult};

/// The largest `manifest.json` Lode reads.
pub const MAX_MANIFEST_BYTES: usize = 1024 * 1024;
/// The manifest versions Lode reads.
pub const MANIFEST_VERSIONS: [&str; 4] = ["0.1", "0.2", "0.3", "0.4"];

const MAX_TEXT_BYTES: usize = 4096;
const MAX_LONG_TEXT_BYTES: usize = 64 * 1024;
const MAX_LISTED: usize = 1000;
const MAX_OPTIONS: usize = 100;
const MAX_WORDS: usize = 256;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum McpbServerType {
    Node,
    Python,
    Binary,
    /// A Python server whose dependencies `uv` installs (manifest 0.4).
    Uv,
}

/// How the server starts, before any `${…}` is replaced (this platform's override applied).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct McpbCommand {
    pub command: String,
    pub args: Vec<String>,
    pub env: Vec<(String, String)>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct McpbTool {
    pub name: String,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct McpbPrompt {
    pub name: String,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub arguments: Vec<String>,
    pub text: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum McpbOptionKind {
    String,
    Number,
    Boolean,
    Directory,
    File,
}

/// One `user_config` option: what the person is asked before the server starts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct McpbOption {
    pub key: String,
    pub kind: McpbOptionKind,
    pub title: String,
    pub description: String,
    pub required: bool,
    /// Its defaults as text (`${HOME}` and the like not yet replaced); several when `multiple`.
    pub defaults: Vec<String>,
    pub multiple: bool,
    /// Kept in the keychain, never shown.
    pub sensitive: bool,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
}

/// `compatibility`: what the bundle runs on.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct McpbCompatibility {
    /// `darwin`, `win32`, `linux`; empty: all.
    pub platforms: Vec<String>,
    /// A semver range of Node.js, e.g. `>=16.0.0`.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub python: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct McpbManifest {
    pub manifest_version: String,
    pub name: String,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display_name: Option<String>,
    pub version: String,
    pub description: String,
    pub author: String,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub homepage: Option<String>,
    pub server_type: McpbServerType,
    pub entry_point: String,
    /// None for a `uv` server that leaves its start to the host.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<McpbCommand>,
    pub tools: Vec<McpbTool>,
    pub prompts: Vec<McpbPrompt>,
    pub compatibility: McpbCompatibility,
    pub options: Vec<McpbOption>,
}

/// Why a manifest is refused, naming the field.
fn refused(why: impl std::fmt::Display) -> LodeError {
    LodeError::new(
        ErrorCode::McpbRefused,
        format!("this bundle's manifest.json is not one Lode reads: {why}"),
    )
}

/// The manifest in `bytes`, checked; `platform` picks `platform_overrides` (`linux` here).
pub fn parse_manifest(bytes: &[u8], platform: &str) -> LodeResult<McpbManifest> {
    if bytes.len() > MAX_MANIFEST_BYTES {
        return Err(refused(format!(
            "it is {} bytes; the most Lode reads is {MAX_MANIFEST_BYTES}",
            bytes.len()
        )));
    }
    let value: Value = serde_json::from_slice(bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes))
        .map_err(|e| refused(format!("it is not JSON ({e})")))?;
    let top = value
        .as_object()
        .ok_or_else(|| refused("it is not an object"))?;
    let field = Fields { path: "" };
    let manifest_version = field
        .text_of(
            top.get("manifest_version")
                .or_else(|| top.get("dxt_version")),
            "manifest_version",
        )?
        .ok_or_else(|| refused("manifest_version is missing"))?;
    if !MANIFEST_VERSIONS.contains(&manifest_version.as_str()) {
        return Err(refused(format!(
            "manifest_version {manifest_version:?} is not one Lode reads (0.2 to 0.4)"
        )));
    }
    let server = top
        .get("server")
        .and_then(Value::as_object)
        .ok_or_else(|| refused("server is missing or not an object"))?;
    let server_type = match field.required(server.get("type"), "server.type")?.as_str() {
        "node" => McpbServerType::Node,
        "python" => McpbServerType::Python,
        "binary" => McpbServerType::Binary,
        "uv" => McpbServerType::Uv,
        other => {
            return Err(refused(format!(
                "server.type {other:?} is not node, python, binary or uv"
            )))
        }
    };
    let command = match server.get("mcp_config") {
        None | Some(Value::Null) if server_type == McpbServerType::Uv => None,
        None | Some(Value::Null) => return Err(refused("server.mcp_config is missing")),
        Some(config) => Some(command_of(config, platform)?),
    };
    let author = match top.get("author") {
        Some(Value::Object(author)) => field.required(author.get("name"), "author.name")?,
        Some(Value::String(name)) => bounded(name, MAX_TEXT_BYTES, "author")?,
        _ => return Err(refused("author is missing")),
    };
    Ok(McpbManifest {
        manifest_version,
        name: field.required(top.get("name"), "name")?,
        display_name: field.text_of(top.get("display_name"), "display_name")?,
        version: field.required(top.get("version"), "version")?,
        description: field
            .long_text_of(top.get("description"), "description")?
            .unwrap_or_default(),
        author,
        homepage: field.text_of(top.get("homepage"), "homepage")?,
        server_type,
        entry_point: field.required(server.get("entry_point"), "server.entry_point")?,
        command,
        tools: tools(top.get("tools"))?,
        prompts: prompts(top.get("prompts"))?,
        compatibility: compatibility(top.get("compatibility"))?,
        options: options(top.get("user_config"))?,
    })
}

struct Fields {
    path: &'static str,
}

impl Fields {
    fn text_of(&self, value: Option<&Value>, name: &str) -> LodeResult<Option<String>> {
        text(value, MAX_TEXT_BYTES, &format!("{}{name}", self.path))
    }

    fn long_text_of(&self, value: Option<&Value>, name: &str) -> LodeResult<Option<String>> {
        text(value, MAX_LONG_TEXT_BYTES, &format!("{}{name}", self.path))
    }

    fn required(&self, value: Option<&Value>, name: &str) -> LodeResult<String> {
        self.text_of(value, name)?
            .filter(|t| !t.trim().is_empty())
            .ok_or_else(|| refused(format!("{}{name} is missing", self.path)))
    }
}

fn bounded(text: &str, limit: usize, name: &str) -> LodeResult<String> {
    if text.len() > limit {
        return Err(refused(format!("{name} is longer than {limit} bytes")));
    }
    Ok(text.to_owned())
}

fn text(value: Option<&Value>, limit: usize, name: &str) -> LodeResult<Option<String>> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) => bounded(text, limit, name).map(Some),
        Some(_) => Err(refused(format!("{name} is not text"))),
    }
}

fn list<'a>(value: Option<&'a Value>, limit: usize, name: &str) -> LodeResult<&'a [Value]> {
    match value {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(items)) if items.len() > limit => Err(refused(format!(
            "{name} has {} items; the most Lode reads is {limit}",
            items.len()
        ))),
        Some(Value::Array(items)) => Ok(items),
        Some(_) => Err(refused(format!("{name} is not a list"))),
    }
}

fn words(value: Option<&Value>, name: &str) -> LodeResult<Vec<String>> {
    list(value, MAX_WORDS, name)?
        .iter()
        .enumerate()
        .map(|(i, word)| {
            text(Some(word), MAX_TEXT_BYTES, &format!("{name}[{}]", i + 1))
                .map(Option::unwrap_or_default)
        })
        .collect()
}

fn variables(value: Option<&Value>, name: &str) -> LodeResult<Vec<(String, String)>> {
    let Some(value) = value.filter(|v| !v.is_null()) else {
        return Ok(Vec::new());
    };
    let map = value
        .as_object()
        .ok_or_else(|| refused(format!("{name} is not an object")))?;
    if map.len() > MAX_WORDS {
        return Err(refused(format!(
            "{name} has more than {MAX_WORDS} variables"
        )));
    }
    map.iter()
        .map(|(key, value)| {
            let value = text(Some(value), MAX_TEXT_BYTES, &format!("{name}.{key}"))?;
            Ok((
                bounded(key, MAX_TEXT_BYTES, name)?,
                value.unwrap_or_default(),
            ))
        })
        .collect()
}

/// `mcp_config`, with `platform_overrides[platform]` laid over it field by field.
fn command_of(config: &Value, platform: &str) -> LodeResult<McpbCommand> {
    let config = config
        .as_object()
        .ok_or_else(|| refused("server.mcp_config is not an object"))?;
    let name = "server.mcp_config";
    let mut command = McpbCommand {
        command: text(
            config.get("command"),
            MAX_TEXT_BYTES,
            &format!("{name}.command"),
        )?
        .filter(|c| !c.trim().is_empty())
        .ok_or_else(|| refused(format!("{name}.command is missing")))?,
        args: words(config.get("args"), &format!("{name}.args"))?,
        env: variables(config.get("env"), &format!("{name}.env"))?,
    };
    let over = config
        .get("platform_overrides")
        .and_then(|o| o.get(platform))
        .filter(|o| !o.is_null());
    if let Some(over) = over {
        let path = format!("{name}.platform_overrides.{platform}");
        if !over.is_object() {
            return Err(refused(format!("{path} is not an object")));
        }
        if let Some(text) = text(
            over.get("command"),
            MAX_TEXT_BYTES,
            &format!("{path}.command"),
        )? {
            command.command = text;
        }
        if over.get("args").is_some() {
            command.args = words(over.get("args"), &format!("{path}.args"))?;
        }
        for (key, value) in variables(over.get("env"), &format!("{path}.env"))? {
            command.env.retain(|(k, _)| *k != key);
            command.env.push((key, value));
        }
    }
    Ok(command)
}

fn named_items(
    value: Option<&Value>,
    name: &str,
) -> LodeResult<Vec<serde_json::Map<String, Value>>> {
    list(value, MAX_LISTED, name)?
        .iter()
        .enumerate()
        .map(|(i, item)| {
            item.as_object()
                .cloned()
                .ok_or_else(|| refused(format!("{name}[{}] is not an object", i + 1)))
        })
        .collect()
}

fn tools(value: Option<&Value>) -> LodeResult<Vec<McpbTool>> {
    named_items(value, "tools")?
        .iter()
        .enumerate()
        .map(|(i, tool)| {
            let at = format!("tools[{}]", i + 1);
            Ok(McpbTool {
                name: text(tool.get("name"), MAX_TEXT_BYTES, &format!("{at}.name"))?
                    .ok_or_else(|| refused(format!("{at}.name is missing")))?,
                description: text(tool.get("description"), MAX_LONG_TEXT_BYTES, &at)?,
            })
        })
        .collect()
}

fn prompts(value: Option<&Value>) -> LodeResult<Vec<McpbPrompt>> {
    named_items(value, "prompts")?
        .iter()
        .enumerate()
        .map(|(i, prompt)| {
            let at = format!("prompts[{}]", i + 1);
            Ok(McpbPrompt {
                name: text(prompt.get("name"), MAX_TEXT_BYTES, &format!("{at}.name"))?
                    .ok_or_else(|| refused(format!("{at}.name is missing")))?,
                description: text(prompt.get("description"), MAX_LONG_TEXT_BYTES, &at)?,
                arguments: words(prompt.get("arguments"), &format!("{at}.arguments"))?,
                text: text(
                    prompt.get("text"),
                    MAX_LONG_TEXT_BYTES,
                    &format!("{at}.text"),
                )?
                .unwrap_or_default(),
            })
        })
        .collect()
}

fn compatibility(value: Option<&Value>) -> LodeResult<McpbCompatibility> {
    let Some(value) = value.filter(|v| !v.is_null()) else {
        return Ok(McpbCompatibility::default());
    };
    let name = "compatibility";
    if !value.is_object() {
        return Err(refused(format!("{name} is not an object")));
    }
    let runtimes = value.get("runtimes");
    Ok(McpbCompatibility {
        platforms: words(value.get("platforms"), "compatibility.platforms")?,
        node: text(
            runtimes.and_then(|r| r.get("node")),
            MAX_TEXT_BYTES,
            "runtimes.node",
        )?,
        python: text(
            runtimes.and_then(|r| r.get("python")),
            MAX_TEXT_BYTES,
            "runtimes.python",
        )?,
    })
}

/// A `user_config` key: what `${user_config.KEY}` can name.
fn is_option_key(key: &str) -> bool {
    !key.is_empty()
        && key.len() <= 64
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

fn options(value: Option<&Value>) -> LodeResult<Vec<McpbOption>> {
    let Some(value) = value.filter(|v| !v.is_null()) else {
        return Ok(Vec::new());
    };
    let map = value
        .as_object()
        .ok_or_else(|| refused("user_config is not an object"))?;
    if map.len() > MAX_OPTIONS {
        return Err(refused(format!(
            "user_config has {} options; the most Lode asks is {MAX_OPTIONS}",
            map.len()
        )));
    }
    map.iter()
        .map(|(key, option)| {
            let at = format!("user_config.{key}");
            if !is_option_key(key) {
                return Err(refused(format!(
                    "the user_config key {key:?} is not letters, digits, '_' and '-'"
                )));
            }
            let option = option
                .as_object()
                .ok_or_else(|| refused(format!("{at} is not an object")))?;
            let kind = match text(option.get("type"), 32, &format!("{at}.type"))?.as_deref() {
                Some("string") => McpbOptionKind::String,
                Some("number") => McpbOptionKind::Number,
                Some("boolean") => McpbOptionKind::Boolean,
                Some("directory") => McpbOptionKind::Directory,
                Some("file") => McpbOptionKind::File,
                other => {
                    return Err(refused(format!(
                        "{at}.type {other:?} is not string, number, boolean, directory or file"
                    )))
                }
            };
            let flag = |name: &str| option.get(name).and_then(Value::as_bool).unwrap_or(false);
            let number = |name: &str| option.get(name).and_then(Value::as_f64);
            Ok(McpbOption {
                key: key.clone(),
                kind,
                title: text(option.get("title"), MAX_TEXT_BYTES, &format!("{at}.title"))?
                    .unwrap_or_else(|| key.clone()),
                description: text(option.get("description"), MAX_LONG_TEXT_BYTES, &at)?
                    .unwrap_or_default(),
                required: flag("required"),
                defaults: defaults(option.get("default"), &at)?,
                multiple: flag("multiple"),
                sensitive: flag("sensitive"),
                min: number("min"),
                max: number("max"),
            })
        })
        .collect()
}

fn defaults(value: Option<&Value>, at: &str) -> LodeResult<Vec<String>> {
    match value {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::String(text)) => Ok(vec![bounded(text, MAX_TEXT_BYTES, at)?]),
        Some(Value::Bool(flag)) => Ok(vec![flag.to_string()]),
        Some(Value::Number(number)) => Ok(vec![number.to_string()]),
        Some(Value::Array(_)) => words(value, &format!("{at}.default")),
        Some(_) => Err(refused(format!(
            "{at}.default is not text, a number, a flag or a list"
        ))),
    }
}
