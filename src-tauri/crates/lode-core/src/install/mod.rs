//! Installing a server from a registry entry (or a `server.json`, or a link to one): the form
//! its inputs make, the person's values checked against it, and the plan those make — a
//! connection draft with its secrets, the exact command or URL the confirmation shows, and
//! where it came from. No I/O: lode-app checks the runner is there, asks for the confirmation
//! through the shell, and saves the draft like any other.
//!
//! How a package runs (the runners' own syntax; see `command.rs`):
//! - npm: `npx -y [runtime arguments] IDENTIFIER@VERSION [package arguments]` (`-y`: npx must
//!   never stop to ask, stdin is the MCP channel);
//! - PyPI: `uvx [runtime arguments] IDENTIFIER@VERSION [package arguments]`;
//! - OCI: `docker run -i --rm [runtime arguments] -e NAME… IMAGE[:VERSION] [package
//!   arguments]`, each variable passed by name so its value stays out of the command line;
//! - NuGet: `dnx [runtime arguments] IDENTIFIER@VERSION --yes -- [package arguments]`.
//!
//! A secret argument cannot be in a command line Lode saves: it is saved as a secret
//! environment variable `LODE_SECRET_ARG_N`, and the argument is `${LODE_SECRET_ARG_N}`, which
//! Lode replaces with the keychain's value when it starts the server.

mod command;
mod form;
mod link;
mod names;
mod plan;
mod update;
mod values;

pub use crate::origin::{InstallChoice, InstallOrigin, InstallSource};
pub use form::{install_form, InstallField, InstallFieldPlace, InstallForm};
pub use link::{is_lode_link, parse_install_link, InstallLink, MAX_LINK_BYTES};
pub use names::{check_env_name, check_header_name};
pub(crate) use plan::{clean_name, free_name};
pub use plan::{plan_install, InstallPlan, InstallPreview};
pub use update::{install_alert, updated_transport, InstallAlert};
pub use values::{
    check_install_values, InstallFieldProblem, InstallFieldProblemKind, InstallValues,
};

/// The prefix of the environment variable a secret argument is kept in.
pub const SECRET_ARG_PREFIX: &str = "LODE_SECRET_ARG_";

#[cfg(test)]
mod tests;
