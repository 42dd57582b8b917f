//! What a served basket finds worth telling an assistant, worded for it: each note is a
//! [`Note`] whose data holds a `message` in plain words and the details a program can use.

use lode_core::basket::{Basket, BasketItem};
use serde_json::json;

use crate::logging::Note;

/// The basket could not be read from Lode's store (a warning: the request failed, or a change
/// was not followed).
pub(crate) fn basket_unreadable(name: &str, error: &str) -> Note {
    Note::warning(json!({
        "message": format!("Lode could not read the basket \"{name}\": {error}"),
        "basket": name,
        "error": error,
    }))
}

/// The item a client just read is stale: its server said it changed after Lode fetched it, so
/// the contents may be out of date (a warning).
pub(crate) fn stale_item(uri: &str, item: &BasketItem) -> Note {
    Note::warning(json!({
        "message": format!(
            "{uri} ({} from the server \"{}\") is stale: the server reported a change after \
             Lode fetched it at {}, so its contents may be out of date",
            item.display_name(),
            item.server,
            item.fetched_at,
        ),
        "uri": uri,
        "server": item.server,
        "originalUri": item.uri,
        "fetchedAt": item.fetched_at,
    }))
}

/// The person changed the basket (an info line; `list_changed` says the same to a program).
pub(crate) fn basket_changed(basket: &Basket) -> Note {
    let stale = basket.items.iter().filter(|item| item.stale).count();
    Note::info(json!({
        "message": format!(
            "the basket \"{}\" changed: it now holds {} item(s), {stale} of them stale",
            basket.name,
            basket.items.len(),
        ),
        "basket": basket.name,
        "items": basket.items.len(),
        "stale": stale,
    }))
}
