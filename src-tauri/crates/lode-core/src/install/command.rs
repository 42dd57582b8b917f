//! The command line of a package and the address of a remote, made from the entry and the
//! person's values: arguments in the entry's order, fixed values with their `{variables}`
//! filled in, secrets set aside for the keychain.

use std::collections::BTreeMap;

use super::form::{argument_key, is_bare_flag, InstallField, InstallForm};
use super::names::{check_env_name, check_header_name};
use super::update::versioned_word;
use super::values::InstallValues;
use super::SECRET_ARG_PREFIX;
use crate::registry::{
    ArgumentKind, NamedInput, PackageRunner, RegistryArgument, RegistryPackage, RegistryRemote,
};
use crate::{ErrorCode, LodeError, LodeResult, SecretEdit, SecretPlace, TransportSpec};

/// What a package or remote needs: its transport (no secret in it) and its secrets' values.
pub(super) struct Made {
    pub(super) transport: TransportSpec,
    pub(super) secrets: Vec<SecretEdit>,
    /// The words the entry's runtime arguments add to the runner's own options (docker's
    /// usual `run -i --rm -e NAME` left out): they can change what is fetched (`--from`,
    /// `--registry`) and what the server may touch (`-v /:/host`, `--privileged`).
    pub(super) runner_options: Vec<String>,
}

/// Docker options every stdio server needs, or that only pass a variable by name.
fn usual_docker_option(words: &[String], at: usize) -> bool {
    let word = words[at].as_str();
    let previous = at.checked_sub(1).map(|i| words[i].as_str());
    matches!(
        word,
        "run" | "-i" | "--interactive" | "--rm" | "-e" | "--env"
    ) || matches!(previous, Some("-e" | "--env")) && !word.contains('=')
}

/// The registries each runner fetches from by default; a package naming another is refused,
/// since the runner would fetch it from its default one, not the entry's.
fn default_base(runner: PackageRunner) -> &'static [&'static str] {
    match runner {
        PackageRunner::Npx => &["https://registry.npmjs.org"],
        PackageRunner::Uvx => &["https://pypi.org"],
        PackageRunner::Dnx => &[
            "https://api.nuget.org/v3/index.json",
            "https://api.nuget.org",
        ],
        // An image's registry is in its reference (`ghcr.io/…`).
        PackageRunner::Docker => &[],
    }
}

pub(super) fn package_command(
    package: &RegistryPackage,
    runner: PackageRunner,
    form: &InstallForm,
    values: &InstallValues,
) -> LodeResult<Made> {
    check_word("identifier", &package.identifier)?;
    if let Some(version) = &package.version {
        check_word("version", version)?;
    }
    if let Some(base) = &package.registry_base_url {
        let known = default_base(runner);
        if !known.is_empty() && !known.contains(&base.trim_end_matches('/')) {
            return Err(refused(format!(
                "its package comes from {base}, not from {}, where {} fetches packages",
                known[0],
                runner.command()
            )));
        }
    }
    let mut secrets = Vec::new();
    let mut env = BTreeMap::new();
    for variable in &package.environment_variables {
        if let Some(why) = check_env_name(&variable.name) {
            return Err(refused(why));
        }
        let key = format!("env:{}", variable.name);
        if let Some((value, secret)) = named_value(variable, &key, form, values) {
            if secret {
                secrets.push(SecretEdit::set(
                    SecretPlace::Env {
                        name: variable.name.clone(),
                    },
                    value,
                ));
            } else {
                env.insert(variable.name.clone(), value);
            }
        }
    }
    let mut words = Arguments {
        form,
        values,
        secrets: &mut secrets,
        env: &mut env,
        args: Vec::new(),
    };
    let mut runner_options = Vec::new();
    let mut runtime = |words: &mut Arguments<'_>| -> LodeResult<()> {
        let from = words.args.len();
        words.add(&package.runtime_arguments, true)?;
        let added: Vec<String> = words.args[from..].to_vec();
        runner_options = (0..added.len())
            .filter(|&at| runner != PackageRunner::Docker || !usual_docker_option(&added, at))
            .map(|at| added[at].clone())
            .collect();
        Ok(())
    };
    match runner {
        PackageRunner::Npx => {
            let asks_yes = package.runtime_arguments.iter().any(|a| {
                matches!(a.input.value.as_deref(), Some("-y" | "--yes"))
                    || matches!(a.name.as_deref(), Some("-y" | "--yes"))
            });
            if !asks_yes {
                words.args.push("-y".to_owned());
            }
            runtime(&mut words)?;
            words.args.push(versioned_word(package, runner));
            words.add(&package.package_arguments, false)?;
        }
        PackageRunner::Uvx => {
            runtime(&mut words)?;
            words.args.push(versioned_word(package, runner));
            words.add(&package.package_arguments, false)?;
        }
        PackageRunner::Docker => {
            // Entries in the official registry often give docker's whole `run -i --rm -e NAME`
            // as runtime arguments; Lode adds its own only when they do not.
            let own_run = package
                .runtime_arguments
                .first()
                .is_some_and(|a| a.input.value.as_deref() == Some("run"));
            if !own_run {
                words.args.extend(["run", "-i", "--rm"].map(String::from));
            }
            runtime(&mut words)?;
            let passed = passed_variables(&words.args);
            let names: Vec<String> = words
                .env
                .keys()
                .cloned()
                .chain(secrets_env_names(words.secrets))
                .filter(|name| !passed.contains(name))
                .collect();
            for name in names {
                words.args.extend(["-e".to_owned(), name]);
            }
            words.args.push(versioned_word(package, runner));
            words.add(&package.package_arguments, false)?;
        }
        PackageRunner::Dnx => {
            runtime(&mut words)?;
            words.args.push(versioned_word(package, runner));
            words.args.extend(["--yes", "--"].map(String::from));
            words.add(&package.package_arguments, false)?;
        }
    }
    let args = words.args;
    Ok(Made {
        transport: TransportSpec::Stdio {
            command: runner.command().to_owned(),
            args,
            env,
            cwd: None,
        },
        secrets,
        runner_options,
    })
}

pub(super) fn remote_address(
    remote: &RegistryRemote,
    form: &InstallForm,
    values: &InstallValues,
) -> LodeResult<Made> {
    let url = fill(&remote.url, "url", form, values).0;
    let scheme_ok = url.split_once("://").is_some_and(|(scheme, rest)| {
        matches!(scheme.to_ascii_lowercase().as_str(), "http" | "https") && !rest.is_empty()
    });
    if !scheme_ok || url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(LodeError::new(
            ErrorCode::InvalidInput,
            format!("the remote's address {url:?} is not an http or https URL"),
        ));
    }
    let mut headers = BTreeMap::new();
    let mut secrets = Vec::new();
    for header in &remote.headers {
        if let Some(why) = check_header_name(&header.name) {
            return Err(refused(why));
        }
        let key = format!("header:{}", header.name);
        if let Some((value, secret)) = named_value(header, &key, form, values) {
            // Credentials whatever the entry says: they belong in the keychain.
            let credential = ["authorization", "proxy-authorization"]
                .contains(&header.name.to_ascii_lowercase().as_str());
            if secret || credential {
                secrets.push(SecretEdit::set(
                    SecretPlace::Header {
                        name: header.name.clone(),
                    },
                    value,
                ));
            } else {
                headers.insert(header.name.clone(), value);
            }
        }
    }
    let transport = if remote.transport == "sse" {
        TransportSpec::Sse { url, headers }
    } else {
        TransportSpec::Http { url, headers }
    };
    Ok(Made {
        transport,
        secrets,
        runner_options: Vec::new(),
    })
}

/// The value of an environment variable or header, and whether it is secret; `None` when it
/// has none (an optional one left empty).
fn named_value(
    input: &NamedInput,
    key: &str,
    form: &InstallForm,
    values: &InstallValues,
) -> Option<(String, bool)> {
    match &input.input.value {
        Some(template) => {
            let (value, secret_part) = fill(template, key, form, values);
            Some((value, secret_part || input.input.is_secret))
        }
        None => {
            let field = field(form, key)?;
            let value = values.of(field).into_iter().next()?;
            Some((value, field.input.is_secret))
        }
    }
}

/// `template` with each `{variable}` of the field `owner` replaced by its value (empty when
/// none is given), and whether any of them is secret.
fn fill(template: &str, owner: &str, form: &InstallForm, values: &InstallValues) -> (String, bool) {
    let mut filled = template.to_owned();
    let mut secret = false;
    let prefix = format!("{owner}.");
    for field in form.fields.iter().filter(|f| f.key.starts_with(&prefix)) {
        let Some(variable) = &field.variable else {
            continue;
        };
        let value = values.of(field).into_iter().next().unwrap_or_default();
        secret |= field.input.is_secret && !value.is_empty();
        filled = filled.replace(&format!("{{{variable}}}"), &value);
    }
    (filled, secret)
}

fn field<'a>(form: &'a InstallForm, key: &str) -> Option<&'a InstallField> {
    form.fields.iter().find(|f| f.key == key)
}

/// The variables docker's arguments already pass by name (`-e NAME`, `--env NAME`).
fn passed_variables(args: &[String]) -> Vec<String> {
    args.windows(2)
        .filter(|pair| pair[0] == "-e" || pair[0] == "--env")
        .map(|pair| pair[1].clone())
        .collect()
}

fn secrets_env_names(secrets: &[SecretEdit]) -> Vec<String> {
    secrets
        .iter()
        .filter_map(|edit| match &edit.place {
            SecretPlace::Env { name } if !name.starts_with(SECRET_ARG_PREFIX) => Some(name.clone()),
            _ => None,
        })
        .collect()
}

/// The words of a command line, and the secrets and variables they set aside.
struct Arguments<'a> {
    form: &'a InstallForm,
    values: &'a InstallValues,
    secrets: &'a mut Vec<SecretEdit>,
    env: &'a mut BTreeMap<String, String>,
    args: Vec<String>,
}

impl Arguments<'_> {
    fn add(&mut self, list: &[RegistryArgument], runtime: bool) -> LodeResult<()> {
        for (index, argument) in list.iter().enumerate() {
            let key = argument_key(runtime, index + 1);
            if is_bare_flag(argument) {
                let name = argument.name.clone().unwrap_or_default();
                check_word("a flag", &name)?;
                self.args.push(name);
                continue;
            }
            let given: Vec<(String, bool)> = match &argument.input.value {
                Some(template) => {
                    let (value, secret) = fill(template, &key, self.form, self.values);
                    vec![(value, secret || argument.input.is_secret)]
                }
                None => match field(self.form, &key) {
                    Some(field) => self
                        .values
                        .of(field)
                        .into_iter()
                        .map(|v| (v, field.input.is_secret))
                        .collect(),
                    None => Vec::new(),
                },
            };
            for (value, secret) in given {
                if argument.kind == ArgumentKind::Named {
                    let name = argument.name.clone().unwrap_or_default();
                    check_word("a flag", &name)?;
                    self.args.push(name);
                }
                let word = if secret { self.set_aside(value) } else { value };
                self.args.push(word);
            }
        }
        Ok(())
    }

    /// A secret argument's value goes to the keychain as `LODE_SECRET_ARG_N`; the command
    /// line names it, and Lode fills it in when the server starts.
    fn set_aside(&mut self, value: String) -> String {
        let number = self
            .secrets
            .iter()
            .filter(|edit| matches!(&edit.place, SecretPlace::Env { name } if name.starts_with(SECRET_ARG_PREFIX)))
            .count()
            + 1;
        let name = format!("{SECRET_ARG_PREFIX}{number}");
        self.secrets.push(SecretEdit::set(
            SecretPlace::Env { name: name.clone() },
            value,
        ));
        format!("${{{name}}}")
    }
}

/// An identifier, version or flag must be one plain word that is not an option: an entry
/// naming its package `--registry=…` would change what the runner fetches.
fn check_word(what: &str, word: &str) -> LodeResult<()> {
    if word.is_empty()
        || word.starts_with('-') && what != "a flag"
        || word.chars().any(|c| c.is_whitespace() || c.is_control())
    {
        return Err(refused(format!(
            "its {what} {word:?} is not one plain word{}",
            if what == "a flag" {
                ""
            } else {
                " that is not an option"
            }
        )));
    }
    Ok(())
}

fn refused(why: String) -> LodeError {
    LodeError::new(
        ErrorCode::NotRunnable,
        format!("Lode will not run this entry: {why}"),
    )
}
