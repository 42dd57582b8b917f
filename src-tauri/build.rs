// Every command must be listed here: the AppManifest makes Tauri deny any command that the
// main window's capability (src-tauri/capabilities/main.json) does not grant.
const COMMANDS: &[&str] = &[
    "list_connections",
    "browse_status",
    "browse_list",
    "browse_tree",
    "connection_statuses",
    "check_connection",
    "add_connection",
    "update_connection",
    "test_connection",
    "retry_connection",
    "remove_connection",
    "restore_connection",
    "sign_in",
    "sign_out",
    "import_locations",
    "choose_import_file",
    "guess_import_format",
    "preview_import",
    "apply_import",
    "export_connections",
    "list_resources",
    "read_resource",
    "read_resource_streamed",
    "subscribe_resource",
    "unsubscribe_resource",
    "save_content_as",
    "server_info",
    "server_log",
    "list_templates",
    "complete_template",
    "template_variables",
    "expand_template",
    "list_prompts",
    "get_prompt",
    "complete_prompt",
    "list_tools",
    "call_tool",
    "add_prompt_to_basket",
    "add_tool_result_to_basket",
    "list_baskets",
    "create_basket",
    "get_basket",
    "delete_basket",
    "set_basket_options",
    "add_to_basket",
    "add_matching_to_basket",
    "fill_basket",
    "remove_basket_items",
    "move_basket_item",
    "set_basket_item_note",
    "refresh_basket_item",
    "export_basket",
    "save_basket_bundle",
    "start_basket_server",
    "stop_basket_server",
    "basket_server",
    "about_lode",
    "report_first_rows",
    "check_for_updates",
    "pending_update",
    "install_update",
    "restart_lode",
];

#[path = "build_commit.rs"]
mod build_commit;

fn main() {
    build_commit::emit_commit();
    let attributes = tauri_build::Attributes::new()
        .capabilities_path_pattern("./src-tauri/capabilities/**/*")
        .app_manifest(tauri_build::AppManifest::new().commands(COMMANDS));
    if let Err(error) = tauri_build::try_build(attributes) {
        println!("cargo::error=tauri build step failed: {error:#}");
        std::process::exit(1);
    }
}
