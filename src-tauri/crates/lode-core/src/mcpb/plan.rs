//! A bundle's install plan: the person's values checked against its form, its `mcp_config`
//! made into the command Lode saves (places and values replaced, sensitive values set aside for
//! the keychain), and what the confirmation and the window show — who signed it, its tools and
//! prompts, the folder it goes into.

use std::collections::BTreeMap;

use serde::Serialize;
use ts_rs::TS;

use super::form::{mcpb_form, option_field_key};
use super::manifest::{McpbManifest, McpbOptionKind, McpbPrompt, McpbServerType, McpbTool};
use super::signature::McpbSignature;
use super::substitute::{expand_argument, substitute, substitute_places, McpbPlaces, OptionValues};
use crate::install::{
    check_install_values, free_name, InstallChoice, InstallOrigin, InstallPlan, InstallPreview,
    InstallSource, InstallValues, SECRET_ARG_PREFIX,
};
use crate::registry::EntryStatus;
use crate::{
    ConnectionDraft, ErrorCode, LodeError, LodeResult, SecretEdit, SecretPlace, TransportSpec,
};

/// What the confirmation and the window show of a bundle besides its command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct McpbPreview {
    pub name: String,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display_name: Option<String>,
    pub version: String,
    pub author: String,
    pub server_type: McpbServerType,
    pub signature: McpbSignature,
    /// The bundle file's SHA-256 (its bytes before any signature block), lower-case hex.
    pub sha256: String,
    pub tools: Vec<McpbTool>,
    pub prompts: Vec<McpbPrompt>,
    /// Where it is unpacked.
    pub folder: String,
}

/// Where a bundle came from, and what it is.
#[derive(Debug, Clone)]
pub struct OpenedMcpb {
    pub manifest: McpbManifest,
    pub signature: McpbSignature,
    pub sha256: String,
    pub source: InstallSource,
    /// The registry, server name and version, when an entry named it.
    pub registry: Option<(String, String, String)>,
    pub choice: InstallChoice,
    /// The registry's word on the entry that named it (active for a file).
    pub status: EntryStatus,
}

impl OpenedMcpb {
    pub fn preview(&self, folder: &str) -> McpbPreview {
        let manifest = &self.manifest;
        McpbPreview {
            name: manifest.name.clone(),
            display_name: manifest.display_name.clone(),
            version: manifest.version.clone(),
            author: manifest.author.clone(),
            server_type: manifest.server_type,
            signature: self.signature.clone(),
            sha256: self.sha256.clone(),
            tools: manifest.tools.clone(),
            prompts: manifest.prompts.clone(),
            folder: folder.to_owned(),
        }
    }
}

fn invalid(why: String) -> LodeError {
    LodeError::new(ErrorCode::InvalidInput, why)
}

/// A bundle's install plan: the connection and its preview as any install's, and what the
/// confirmation says of the bundle besides.
#[derive(Debug, Clone)]
pub struct McpbPlan {
    pub plan: InstallPlan,
    pub mcpb: McpbPreview,
}

/// What a bundle's origin records in place of a sensitive value the person gave.
pub const KEPT_IN_KEYCHAIN: &str = "<kept in the keychain>";

/// What a bundle runs with the person's values: its command, the sensitive values set aside
/// for the keychain, and the values as given (sensitive ones as [`KEPT_IN_KEYCHAIN`]), which
/// its origin keeps so that an update plans its new version's command with them.
#[derive(Debug, Clone)]
pub struct McpbCommandPlan {
    pub transport: TransportSpec,
    pub secrets: Vec<SecretEdit>,
    pub values: BTreeMap<String, Vec<String>>,
}

/// The plan of installing `bundle` into `places.folder` with `values`; `taken`: the saved
/// connections' names.
pub fn plan_mcpb(
    bundle: &OpenedMcpb,
    places: &McpbPlaces,
    values: &InstallValues,
    taken: &[String],
) -> LodeResult<McpbPlan> {
    let manifest = &bundle.manifest;
    let McpbCommandPlan {
        transport,
        secrets,
        values,
    } = plan_mcpb_command(manifest, places, bundle.choice, values)?;
    let base = manifest
        .display_name
        .clone()
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| manifest.name.clone());
    let name = free_name(&crate::install::clean_name(&base), taken);
    let mut draft = ConnectionDraft::new(&name, transport.clone());
    draft.secrets = secrets;
    let (registry, origin_name, version) = match &bundle.registry {
        Some((registry, name, version)) => (Some(registry.clone()), name.clone(), version.clone()),
        None => (None, manifest.name.clone(), manifest.version.clone()),
    };
    let preview = InstallPreview {
        name,
        transport,
        secrets: draft
            .secrets
            .iter()
            .map(|edit| edit.place.clone())
            .collect(),
        runner: None,
        runner_options: Vec::new(),
        origin: InstallOrigin {
            source: bundle.source,
            registry,
            name: origin_name,
            version,
            choice: bundle.choice,
            mcpb_folder: Some(places.folder.clone()),
            mcpb_values: Some(values),
        },
        status: bundle.status.clone(),
    };
    Ok(McpbPlan {
        plan: InstallPlan { draft, preview },
        mcpb: bundle.preview(&places.folder),
    })
}

/// The command `manifest` runs from `places.folder` with `values` (checked against its form).
pub fn plan_mcpb_command(
    manifest: &McpbManifest,
    places: &McpbPlaces,
    choice: InstallChoice,
    values: &InstallValues,
) -> LodeResult<McpbCommandPlan> {
    let form = mcpb_form(manifest, places, choice);
    let problems = check_install_values(&form, values);
    if !problems.is_empty() {
        let listed: Vec<String> = problems.iter().map(ToString::to_string).collect();
        return Err(invalid(format!(
            "the values for {} are not complete: {}",
            manifest.name,
            listed.join("; ")
        )));
    }
    let mut given: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (option, field) in manifest.options.iter().zip(&form.fields) {
        let mut chosen = values.of(field);
        if values
            .values
            .get(&field.key)
            .is_none_or(|v| v.iter().all(String::is_empty))
            && option.multiple
        {
            chosen = option
                .defaults
                .iter()
                .map(|d| substitute_places(d, places))
                .collect();
        }
        if option.kind == McpbOptionKind::Number {
            for value in &chosen {
                let number: f64 = value.trim().parse().unwrap_or(f64::NAN);
                if option.min.is_some_and(|min| number < min)
                    || option.max.is_some_and(|max| number > max)
                {
                    return Err(invalid(format!(
                        "{} is {value}, outside {}..{}",
                        option_field_key(&option.key),
                        option.min.map_or("".into(), |m| m.to_string()),
                        option.max.map_or("".into(), |m| m.to_string()),
                    )));
                }
            }
        }
        given.insert(option.key.clone(), chosen);
    }
    let sensitive: Vec<String> = manifest
        .options
        .iter()
        .filter(|o| o.sensitive)
        .map(|o| o.key.clone())
        .collect();
    let options = OptionValues {
        values: &given,
        sensitive: &sensitive,
    };
    let (command, args, env_words) = match &manifest.command {
        Some(config) => (
            config.command.clone(),
            config.args.clone(),
            config.env.clone(),
        ),
        // A `uv` server that leaves its start to the host: uv runs its entry point in the
        // project the bundle's pyproject.toml describes.
        None => (
            "uv".to_owned(),
            vec![
                "run".to_owned(),
                "--directory".to_owned(),
                "${__dirname}".to_owned(),
                manifest.entry_point.clone(),
            ],
            Vec::new(),
        ),
    };
    let (command, command_secret) = substitute(&command, places, &options);
    if command_secret {
        return Err(invalid(
            "a sensitive value cannot be the command a bundle runs".into(),
        ));
    }
    let mut secrets = Vec::new();
    let mut env = BTreeMap::new();
    for (name, value) in &env_words {
        if name.is_empty() || name.contains(['=', '\0']) {
            return Err(invalid(format!(
                "{name:?} is not an environment variable's name"
            )));
        }
        let (value, secret) = substitute(value, places, &options);
        if secret {
            secrets.push(SecretEdit::set(
                SecretPlace::Env { name: name.clone() },
                value,
            ));
        } else {
            env.insert(name.clone(), value);
        }
    }
    let mut words = Vec::new();
    for arg in &args {
        let (expanded, secret) = expand_argument(arg, places, &options);
        for word in expanded {
            if secret {
                let name = format!("{SECRET_ARG_PREFIX}{}", secrets.len() + 1);
                words.push(format!("${{{name}}}"));
                secrets.push(SecretEdit::set(SecretPlace::Env { name }, word));
            } else {
                words.push(word);
            }
        }
    }
    let transport = TransportSpec::Stdio {
        command,
        args: words,
        env,
        cwd: Some(places.folder.clone()),
    };
    // What the person gave; a sensitive value only as `KEPT_IN_KEYCHAIN`: it is there.
    let kept = manifest
        .options
        .iter()
        .zip(&form.fields)
        .filter_map(|(option, field)| {
            let given: Vec<String> = values
                .values
                .get(&field.key)?
                .iter()
                .filter(|v| !v.is_empty())
                .map(|v| match option.sensitive {
                    true => KEPT_IN_KEYCHAIN.to_owned(),
                    false => v.clone(),
                })
                .collect();
            (!given.is_empty()).then(|| (field.key.clone(), given))
        })
        .collect();
    Ok(McpbCommandPlan {
        transport,
        secrets,
        values: kept,
    })
}
