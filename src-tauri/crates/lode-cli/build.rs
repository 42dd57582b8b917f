//! lode-cli's build script: `lode --version` names the commit it was built from, like the
//! app's About box.

#[path = "../../build_commit.rs"]
mod build_commit;

fn main() {
    build_commit::emit_commit();
}
