//! The embedded demo server, shipped beside Lode's executables so a first launch has something
//! real to browse.
//!
//! The saved Demo connection is the *built-in demo*: its command is the bare program name
//! [`BUILT_IN_DEMO_COMMAND`], never a path, and each start runs the copy beside the running
//! executable. A path saved there would break when that build or checkout moves, and would show
//! the person a build folder instead of "Built-in demo".

use std::path::Path;

use lode_core::{Connection, LodeResult, TransportSpec};
use lode_store::Store;

pub const DEMO_CONNECTION_NAME: &str = "Demo";

/// The command the built-in demo is saved with (the window shows "Built-in demo" for it).
pub const BUILT_IN_DEMO_COMMAND: &str = "lode-demo-server";

const DEMO_BINARY: &str = if cfg!(windows) {
    "lode-demo-server.exe"
} else {
    "lode-demo-server"
};

/// The stdio command that starts the demo server found beside `exe` (or `None` when it is not
/// installed there).
pub fn demo_server_command(exe: &Path) -> Option<TransportSpec> {
    let candidate = exe.parent()?.join(DEMO_BINARY);
    candidate.is_file().then(|| TransportSpec::Stdio {
        command: candidate.to_string_lossy().into_owned(),
        args: vec!["stdio".to_owned()],
        env: Default::default(),
        cwd: None,
    })
}

/// The built-in demo as it is saved: resolved afresh at every start.
pub fn built_in_demo() -> TransportSpec {
    TransportSpec::Stdio {
        command: BUILT_IN_DEMO_COMMAND.to_owned(),
        args: vec!["stdio".to_owned()],
        env: Default::default(),
        cwd: None,
    }
}

/// True when `spec` is the built-in demo (saved by name, not by path).
pub fn is_built_in_demo(spec: &TransportSpec) -> bool {
    matches!(spec, TransportSpec::Stdio { command, .. } if command == BUILT_IN_DEMO_COMMAND)
}

/// True when `spec` runs some copy of the demo server by its path, wherever it was built or
/// installed: what older versions saved, and what the migration turns into the built-in one.
fn is_demo_path(spec: &TransportSpec) -> bool {
    match spec {
        TransportSpec::Stdio { command, .. } => {
            command != BUILT_IN_DEMO_COMMAND
                && Path::new(command)
                    .file_name()
                    .is_some_and(|name| name == DEMO_BINARY)
        }
        _ => false,
    }
}

/// `spec` as saved with the built-in demo's command instead of a path to a demo server (its
/// arguments, variables and folder kept), or `None` when it does not run one by path.
pub(crate) fn as_built_in(spec: &TransportSpec) -> Option<TransportSpec> {
    if !is_demo_path(spec) {
        return None;
    }
    let TransportSpec::Stdio { args, env, cwd, .. } = spec else {
        return None;
    };
    Some(TransportSpec::Stdio {
        command: BUILT_IN_DEMO_COMMAND.to_owned(),
        args: args.clone(),
        env: env.clone(),
        cwd: cwd.clone(),
    })
}

/// What a start runs for `spec`: the built-in demo becomes the demo server beside the running
/// executable (`found`, from [`demo_server_command`]); anything else is itself. Without a demo
/// server beside Lode the bare name is left to the `PATH`, and a failure names it.
pub(crate) fn resolved(spec: TransportSpec, found: Option<&TransportSpec>) -> TransportSpec {
    match (spec, found) {
        (
            TransportSpec::Stdio {
                command,
                args,
                env,
                cwd,
            },
            Some(TransportSpec::Stdio { command: path, .. }),
        ) if command == BUILT_IN_DEMO_COMMAND => TransportSpec::Stdio {
            command: path.clone(),
            args,
            env,
            cwd,
        },
        (spec, _) => spec,
    }
}

/// `connection` with its transport as a start would run it (see [`resolved`]).
pub(crate) fn with_resolved(connection: Connection, found: Option<&TransportSpec>) -> Connection {
    Connection {
        transport: resolved(connection.transport, found),
        ..connection
    }
}

/// Turns every connection saved with a path to a demo server into the built-in demo.
pub(crate) fn migrate_demo_paths(store: &Store) -> LodeResult<()> {
    for connection in store.list_connections()? {
        if let Some(built_in) = as_built_in(&connection.transport) {
            store.update_transport(connection.id, &built_in)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stdio(command: &str, args: &[&str]) -> TransportSpec {
        TransportSpec::Stdio {
            command: command.to_owned(),
            args: args.iter().map(|a| (*a).to_owned()).collect(),
            env: Default::default(),
            cwd: None,
        }
    }

    #[test]
    fn a_saved_path_to_a_demo_server_becomes_the_built_in_demo() {
        let old = stdio("/work/wt/local/target/debug/lode-demo-server", &["stdio"]);
        assert_eq!(as_built_in(&old), Some(built_in_demo()));
        assert!(is_built_in_demo(&built_in_demo()));
        // Already built in, or another program: left alone.
        assert_eq!(as_built_in(&built_in_demo()), None);
        assert_eq!(as_built_in(&stdio("/usr/bin/node", &["server.js"])), None);
        assert_eq!(as_built_in(&stdio("/x/lode-demo-server-old", &[])), None);
    }

    #[test]
    fn the_built_in_demo_runs_the_copy_found_at_this_start() {
        let here = stdio("/opt/lode/lode-demo-server", &["stdio"]);
        assert_eq!(
            resolved(
                stdio(BUILT_IN_DEMO_COMMAND, &["stdio", "--n", "5"]),
                Some(&here)
            ),
            stdio("/opt/lode/lode-demo-server", &["stdio", "--n", "5"])
        );
        // Nothing found: the bare name, for the PATH.
        assert_eq!(resolved(built_in_demo(), None), built_in_demo());
        // Other connections are never touched.
        let node = stdio("node", &["server.js"]);
        assert_eq!(resolved(node.clone(), Some(&here)), node);
    }
}
