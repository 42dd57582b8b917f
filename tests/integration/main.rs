//! The desktop shell's integration tests, one binary: each test file is a module here, so the
//! workspace links one executable for them instead of one per file (CI time and disk: .ci/test).
//! ipc_updates.rs stays a binary of its own: it sets the update feed in the process's environment.

#[path = "../support"]
mod support {
    pub mod ipc_harness;
    pub mod module_graph;
}

mod architecture;
mod command_list;
mod ipc;
mod ipc_assistants;
mod ipc_basket;
mod ipc_catalog;
mod ipc_confirm;
mod ipc_confirm_program;
mod ipc_consent;
mod ipc_context_hub;
mod ipc_drag;
mod ipc_icons;
mod ipc_templates;
mod module_cycles;
mod secret_leak;
