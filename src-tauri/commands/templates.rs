//! Resource templates: the server's list, completion as a person types, and the RFC 6570
//! parsing and expansion the form shows live (pure, no server involved).

use std::collections::BTreeMap;
use std::sync::Arc;

use lode_app::Lode;
use lode_core::uri_template::{TemplateVariable, UriTemplate};
use lode_core::{Completion, ConnectionId, LodeError, ResourceTemplate};
use tauri::State;

#[tauri::command]
pub async fn list_templates(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
) -> Result<Vec<ResourceTemplate>, LodeError> {
    lode.list_templates(connection_id).await
}

#[tauri::command]
pub async fn complete_template(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
    template: String,
    argument: String,
    value: String,
    context: BTreeMap<String, String>,
) -> Result<Completion, LodeError> {
    lode.complete_template(connection_id, &template, &argument, &value, context)
        .await
}

/// The fields of the form: each variable once, in template order.
#[tauri::command]
pub async fn template_variables(template: String) -> Result<Vec<TemplateVariable>, LodeError> {
    UriTemplate::parse(&template)
        .map(|parsed| parsed.fields())
        .map_err(|error| error.into_lode_error(&template))
}

/// The URI for `values` (a name left out is undefined and expands to nothing).
#[tauri::command]
pub async fn expand_template(
    template: String,
    values: BTreeMap<String, String>,
) -> Result<String, LodeError> {
    lode_core::uri_template::expand_template(&template, &values)
        .map_err(|error| error.into_lode_error(&template))
}
