//! Every command the window may call, named once. `lode_commands!(m)` hands the list, grouped by
//! the module of `commands/` that defines each, to the macro `m`. From it come the handler list
//! (lib.rs), the AppManifest and the main window's capability (build.rs), and the TypeScript
//! union `CommandName` that the UI's IPC layer calls with (tests/integration/command_list.rs).

macro_rules! lode_commands {
    ($then:ident) => {
        $then! {
            connections: list_connections, connection_statuses, check_connection, add_connection,
                update_connection, test_connection, retry_connection, start_connections,
                remove_connection, restore_connection, sign_in, sign_out, move_connection;
            browse: browse_status, browse_list, browse_tree, stop_listing, current_annotations;
            import: import_locations, choose_import_file, guess_import_format, preview_import,
                apply_import, export_connections;
            preview: read_resource_streamed, subscribe_resource, unsubscribe_resource,
                save_content_as;
            server: server_info, server_log;
            templates: list_templates, complete_template, template_variables, expand_template;
            catalog: list_prompts, get_prompt, complete_prompt, list_tools, call_tool,
                trusted_tools, forget_trusted_tool, add_prompt_to_basket,
                add_tool_result_to_basket;
            basket: list_baskets, create_basket, get_basket, delete_basket, set_basket_options,
                add_to_basket, add_matching_to_basket, fill_basket, remove_basket_items,
                move_basket_item, set_basket_item_note, refresh_basket_item, export_basket,
                save_basket_bundle, start_basket_server, stop_basket_server, basket_server,
                rotate_serve_token;
            apps: review_app, open_app, close_app, app_call_tool, app_read_resource,
                app_open_link, app_log, add_app_context_to_basket;
            skills: skill_details, add_skill_to_basket;
            registry: registries, add_registry, remove_registry, move_registry, search_registry,
                registry_entry;
            install: install_form, check_install, choose_server_json, choose_install_path,
                install_server, install_alerts, update_installed, undo_update, take_install_link;
            mcpb: open_mcpb, choose_mcpb, install_mcpb;
            about: about_lode, report_first_rows;
            settings: listing_limits, set_listing_limits;
            updates: check_for_updates, pending_update, install_update, restart_lode,
                update_feed, set_update_feed;
            asks: pending_server_asks, answer_server_ask, open_ask_url;
            assistants: list_assistants, preview_assistant_change, change_assistant;
            followed_requests: cancel_request;
            log_level: set_log_level;
            picker_settings: picker_settings, set_picker_settings;
            roots: set_roots, add_root_folder;
            protocol_history: protocol_history, protocol_message, save_protocol_history;
            drag_out: export_basket_item, drag_basket_file;
            icons: icon_data_url;
            window: pane_widths, save_pane_widths;
            searches: browse_facets, saved_searches, record_search, save_search, delete_search;
            context_hub: hub_profiles, save_hub_profile, remove_hub_profile,
                set_hub_profile_paused, revoke_hub_profile_token, hub_activity;
        }
    };
}

/// The names alone, as `&[&str]`: `lode_commands!(command_names)`.
#[allow(unused_macros)]
macro_rules! command_names {
    ($($module:ident: $($name:ident),+;)+) => {
        &[$($(stringify!($name)),+),+]
    };
}
