//! The flags every command shares: which server (a saved connection's name, or an inline
//! `--stdio`/`--http`/`--sse`/`--rest` transport), its credentials from environment variables,
//! the request timeout and `--json`; and `Plain`, the arguments of a command that needs only
//! them. Secret values are read here and never printed. Unlike each command's own flags (in
//! `commands/`), these stay at the crate's root: `args.rs` and `connect.rs` use them as much as
//! the commands do, and `commands/` depends on `connect.rs`, never the other way.

use std::time::Duration;

use clap::Args;
use lode_app::ServerTarget;
use lode_core::{ApiKey, Credentials, LodeResult, TransportSpec};

use crate::pairs::{headers, pairs, usage};

/// How long to wait without `--timeout`.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(lode_core::DEFAULT_TIMEOUT_SECS as u64);

/// A command that needs nothing but the server.
#[derive(Debug, Args)]
pub struct Plain {
    /// A saved connection's name; leave it out with --stdio, --http, --sse or --rest.
    #[arg(value_name = "SERVER")]
    pub words: Vec<String>,
    #[command(flatten)]
    pub server: ServerArgs,
}

#[derive(Debug, Args)]
pub struct ServerArgs {
    /// Start a server over stdio: "COMMAND ARGS…" (quotes group words).
    #[arg(
        long,
        value_name = "CMD ARGS",
        group = "transport",
        help_heading = "Server"
    )]
    pub stdio: Option<String>,
    /// An environment variable for the --stdio server (repeatable).
    #[arg(long = "env", value_name = "K=V", help_heading = "Server")]
    pub env: Vec<String>,
    /// The working directory of the --stdio server.
    #[arg(long, value_name = "DIR", help_heading = "Server")]
    pub cwd: Option<String>,
    /// Give the --stdio server all of this environment, not only PATH, HOME, the locale and
    /// the like (plus its --env).
    #[arg(long, help_heading = "Server")]
    pub inherit_env: bool,
    /// Connect over Streamable HTTP.
    #[arg(long, value_name = "URL", group = "transport", help_heading = "Server")]
    pub http: Option<String>,
    /// Connect over the legacy HTTP+SSE transport.
    #[arg(long, value_name = "URL", group = "transport", help_heading = "Server")]
    pub sse: Option<String>,
    /// Connect to a read-only REST resource API.
    #[arg(long, value_name = "URL", group = "transport", help_heading = "Server")]
    pub rest: Option<String>,
    /// A request header for --http, --sse or --rest (repeatable).
    #[arg(long = "header", value_name = "K: V", help_heading = "Server")]
    pub headers: Vec<String>,
    /// Send `Authorization: Bearer <token>` with the token in environment variable VAR.
    #[arg(long, value_name = "VAR", help_heading = "Server")]
    pub bearer_env: Option<String>,
    /// Send an API key in header NAME (with --api-key-env).
    #[arg(
        long,
        value_name = "NAME",
        requires = "api_key_env",
        help_heading = "Server"
    )]
    pub api_key_header: Option<String>,
    /// The environment variable holding the API key (with --api-key-header).
    #[arg(
        long,
        value_name = "VAR",
        requires = "api_key_header",
        help_heading = "Server"
    )]
    pub api_key_env: Option<String>,
    /// Seconds to wait for the connection and for each request [default: 60].
    #[arg(long, value_name = "SECS", value_parser = parse_timeout, help_heading = "Server")]
    pub timeout: Option<Duration>,
    /// Print the documented JSON shape instead of text.
    #[arg(long, help_heading = "Output")]
    pub json: bool,
}

/// Everything needed to connect: the server, its credentials and the request timeout.
#[derive(Debug, Clone)]
pub struct ConnectSpec {
    pub target: ServerTarget,
    pub credentials: Credentials,
    pub timeout: Duration,
    /// An inline --stdio server gets all of this environment (a saved one: its own setting).
    pub inherit_env: bool,
}

impl ServerArgs {
    /// The server to connect to, and the positional words left after the server's name.
    pub fn resolve(&self, words: &[String]) -> LodeResult<(ConnectSpec, Vec<String>)> {
        let (target, rest) = match self.inline()? {
            Some((label, transport)) => (ServerTarget::Inline { label, transport }, words.to_vec()),
            None => match words.split_first() {
                Some((name, rest)) => (ServerTarget::Saved(name.clone()), rest.to_vec()),
                None => {
                    return Err(usage(
                        "name a saved connection, or give --stdio, --http, --sse or --rest",
                    ))
                }
            },
        };
        let spec = ConnectSpec {
            target,
            credentials: self.credentials()?,
            timeout: self.timeout.unwrap_or(DEFAULT_TIMEOUT),
            inherit_env: self.inherit_env,
        };
        if self.inherit_env && !matches!(spec.target, ServerTarget::Inline { .. }) {
            return Err(usage(
                "--inherit-env applies to --stdio; a saved connection keeps its own setting \
                 (lode connections edit NAME --inherit-env)",
            ));
        }
        Ok((spec, rest))
    }

    /// The transport the flags give inline, if any (what `connections add` and `edit` save).
    pub fn transport(&self) -> LodeResult<Option<TransportSpec>> {
        Ok(self.inline()?.map(|(_, transport)| transport))
    }

    /// The inline transport and the label that names it (its command line or URL).
    fn inline(&self) -> LodeResult<Option<(String, TransportSpec)>> {
        if self.stdio.is_none() && (!self.env.is_empty() || self.cwd.is_some()) {
            return Err(usage("--env and --cwd apply to a --stdio server"));
        }
        let remote = self.http.is_some() || self.sse.is_some() || self.rest.is_some();
        if remote && self.inherit_env {
            return Err(usage("--inherit-env applies to a --stdio server"));
        }
        if !remote && !self.headers.is_empty() {
            return Err(usage("--header applies to --http, --sse or --rest"));
        }
        let has_credentials = self.bearer_env.is_some() || self.api_key_header.is_some();
        if self.stdio.is_some() && has_credentials {
            return Err(usage(
                "--bearer-env and --api-key-* apply to HTTP servers, not to --stdio",
            ));
        }
        let headers = headers(&self.headers)?;
        let inline = |label: &String, transport| (label.clone(), transport);
        Ok(match (&self.stdio, &self.http, &self.sse, &self.rest) {
            (Some(line), ..) => {
                let TransportSpec::Stdio { command, args, .. } =
                    TransportSpec::stdio_from_command_line(line)?
                else {
                    return Err(usage("--stdio needs a command"));
                };
                let spec = TransportSpec::Stdio {
                    command,
                    args,
                    env: pairs("--env", &self.env, true)?,
                    cwd: self.cwd.clone(),
                };
                Some(inline(line, spec))
            }
            (_, Some(url), ..) => Some(inline(
                url,
                TransportSpec::Http {
                    url: url.clone(),
                    headers,
                },
            )),
            (_, _, Some(url), _) => Some(inline(
                url,
                TransportSpec::Sse {
                    url: url.clone(),
                    headers,
                },
            )),
            (_, _, _, Some(url)) => Some(inline(
                url,
                TransportSpec::Rest {
                    url: url.clone(),
                    headers,
                },
            )),
            (None, None, None, None) => None,
        })
    }

    pub fn credentials(&self) -> LodeResult<Credentials> {
        let bearer_token = match &self.bearer_env {
            Some(var) => Some(secret_from_env("--bearer-env", var)?),
            None => None,
        };
        let api_key = match (&self.api_key_header, &self.api_key_env) {
            (Some(header), Some(var)) => Some(ApiKey {
                header: header.clone(),
                value: secret_from_env("--api-key-env", var)?,
            }),
            _ => None,
        };
        Ok(Credentials {
            bearer_token,
            secret_headers: api_key.into_iter().collect(),
            ..Credentials::default()
        })
    }
}

/// The value of environment variable `var`; the error names the variable, never a value.
pub fn secret_from_env(flag: &str, var: &str) -> LodeResult<String> {
    match std::env::var(var) {
        Ok(value) if !value.is_empty() => Ok(value),
        Ok(_) => Err(usage(&format!(
            "environment variable {var} (from {flag}) is empty"
        ))),
        Err(std::env::VarError::NotPresent) => Err(usage(&format!(
            "environment variable {var} (from {flag}) is not set"
        ))),
        Err(std::env::VarError::NotUnicode(_)) => Err(usage(&format!(
            "environment variable {var} (from {flag}) is not valid UTF-8"
        ))),
    }
}

fn parse_timeout(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("expected seconds, e.g. 30 or 2.5, got {text:?}"))?;
    if seconds.is_nan() || seconds <= 0.0 {
        return Err("the timeout must be more than 0 seconds".into());
    }
    Duration::try_from_secs_f64(seconds).map_err(|e| format!("{e}"))
}
