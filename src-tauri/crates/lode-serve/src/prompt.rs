//! The `basket` prompt: the whole basket in one `prompts/get`, for clients that take context
//! from prompts rather than from resources (most chat clients offer prompts as slash commands).
//!
//! The first message says what follows; then each item's contents come as embedded resources
//! (one message per content, under the item's `lode://` URI), so the client keeps text as text
//! and blobs as blobs and can show where each part came from.

use lode_core::basket::Basket;
use rmcp::model::{
    ContentBlock, EmbeddedResource, GetPromptRequestParams, GetPromptResult, Prompt, PromptMessage,
    ResourceContents, Role,
};
use rmcp::ErrorData;

use crate::contents::served_contents;
use crate::listing::annotations;
use crate::uri::item_uri;

pub const BASKET: &str = "basket";

pub(crate) fn list() -> Vec<Prompt> {
    vec![Prompt::new(
        BASKET,
        Some("Every item of the basket, as embedded resources"),
        None,
    )
    .with_title("The whole basket")]
}

pub(crate) fn get(
    basket: &Basket,
    request: &GetPromptRequestParams,
) -> Result<GetPromptResult, ErrorData> {
    if request.name != BASKET {
        return Err(ErrorData::invalid_params(
            format!(
                "unknown prompt {:?}: this server offers only {BASKET:?}",
                request.name
            ),
            None,
        ));
    }
    let count = basket.items.len();
    let mut messages = vec![PromptMessage::new_text(
        Role::User,
        format!(
            "Context from the Lode basket \"{}\": {count} item{}.",
            basket.name,
            if count == 1 { "" } else { "s" }
        ),
    )];
    for (index, item) in basket.items.iter().enumerate() {
        let uri = item_uri(&basket.name, index + 1);
        let mut contents = served_contents(item, &uri);
        if contents.is_empty() {
            // An item that delivered nothing still takes its place, so positions line up.
            contents.push(ResourceContents::TextResourceContents {
                uri: uri.clone(),
                mime_type: item.mime_type.clone(),
                text: String::new(),
                meta: None,
            });
        }
        for resource in contents {
            let mut embedded = EmbeddedResource::new(resource);
            embedded.annotations = annotations(&item.annotations);
            messages.push(PromptMessage::new(
                Role::User,
                ContentBlock::Resource(embedded),
            ));
        }
    }
    Ok(GetPromptResult::new(messages).with_description(format!(
        "The Lode basket \"{}\" ({count} item{})",
        basket.name,
        if count == 1 { "" } else { "s" }
    )))
}
