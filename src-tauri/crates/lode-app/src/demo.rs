//! The embedded demo server, shipped beside Lode's executables so a first launch has something
//! real to browse.

use std::path::{Path, PathBuf};

use lode_core::TransportSpec;

pub const DEMO_CONNECTION_NAME: &str = "Demo";

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

/// True when `spec` runs some copy of the demo server, wherever it was installed.
pub(crate) fn is_demo_command(spec: &TransportSpec) -> bool {
    match spec {
        TransportSpec::Stdio { command, .. } => Path::new(command)
            .file_name()
            .is_some_and(|name| name == DEMO_BINARY),
        _ => false,
    }
}

pub(crate) fn exists(spec: &TransportSpec) -> bool {
    match spec {
        TransportSpec::Stdio { command, .. } => PathBuf::from(command).is_file(),
        _ => true,
    }
}
