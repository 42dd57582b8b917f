//! Finding what the benchmark needs, with the command that fixes it when something is missing.

use std::path::PathBuf;
use std::process::Command;

use crate::build_client;
use crate::clients::Clients;

/// The peer kit lives in the repository, found from this crate's own location so the
/// benchmark runs from any working directory.
const PEER_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../bench/peer");

pub fn locate() -> Result<Clients, String> {
    let peer = PathBuf::from(PEER_DIR)
        .canonicalize()
        .map_err(|e| format!("cannot find the peer kit at {PEER_DIR}: {e}"))?;
    if !peer.join("node_modules").is_dir() {
        return Err(format!(
            "the peer's packages are not installed; run:\n  npm ci --prefix {}",
            peer.display()
        ));
    }
    let node_runs = Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !node_runs {
        return Err("node is not on PATH (the peer client and the bench server need it)".into());
    }
    let built = build_client::build_clients()?;
    Ok(Clients {
        peer,
        lode: built.lode,
        floor: built.floor,
    })
}
