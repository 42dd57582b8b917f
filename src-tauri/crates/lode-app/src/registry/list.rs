//! The registries the person browses, in their order: the official MCP Registry until they
//! change the list, then whatever they added, removed and moved. Kept in the app's settings
//! (`registry/list`, a JSON array of addresses), each address checked as it is added
//! (`lode_core::registry::registry_url`: https, or http on this computer) and again as it is
//! read, since the settings file is outside Lode's hands.

use lode_core::registry::{registry_url, shown_registry, OFFICIAL_REGISTRY};
use lode_core::{ErrorCode, LodeError, LodeResult};
use lode_store::Store;

use crate::Lode;

const KEY: &str = "registry/list";
/// A person browses a few registries; the list is bounded like any setting.
const MAX_REGISTRIES: usize = 32;

/// The list as kept; the official registry alone when nothing was ever kept. An entry that is
/// not an address Lode would use (the file edited by hand) is left out, and logged.
pub(crate) fn registries_in(store: &Store) -> LodeResult<Vec<String>> {
    let Some(json) = store.setting(KEY)? else {
        return Ok(vec![OFFICIAL_REGISTRY.to_owned()]);
    };
    let kept: Vec<String> = match serde_json::from_str(&json) {
        Ok(kept) => kept,
        Err(error) => {
            tracing::warn!(%error, "the list of registries is not a JSON list of addresses: the official registry is used");
            return Ok(vec![OFFICIAL_REGISTRY.to_owned()]);
        }
    };
    Ok(kept
        .iter()
        .take(MAX_REGISTRIES)
        .filter_map(|text| match registry_url(text) {
            Ok(url) => Some(shown_registry(&url)),
            Err(error) => {
                tracing::warn!(%error, "left a registry out of the list");
                None
            }
        })
        .collect())
}

fn save(store: &Store, registries: &[String]) -> LodeResult<()> {
    let json = serde_json::to_string(registries).map_err(|e| {
        LodeError::new(
            ErrorCode::Internal,
            format!("could not encode the list of registries: {e}"),
        )
    })?;
    store.set_setting(KEY, &json)
}

/// Where `address` is in `registries`, compared as Lode keeps addresses.
fn position(registries: &[String], address: &str) -> LodeResult<usize> {
    let shown = shown_registry(&registry_url(address)?);
    registries
        .iter()
        .position(|kept| *kept == shown)
        .ok_or_else(|| {
            LodeError::new(
                ErrorCode::InvalidInput,
                format!("{shown} is not in the list of registries"),
            )
        })
}

/// Adds `address` at the end of the list; returns the list.
pub(crate) fn add_in(store: &Store, address: &str) -> LodeResult<Vec<String>> {
    let shown = shown_registry(&registry_url(address)?);
    let mut registries = registries_in(store)?;
    if registries.contains(&shown) {
        return Err(LodeError::new(
            ErrorCode::InvalidInput,
            format!("{shown} is already in the list of registries"),
        ));
    }
    if registries.len() >= MAX_REGISTRIES {
        return Err(LodeError::new(
            ErrorCode::InvalidInput,
            format!("the list holds at most {MAX_REGISTRIES} registries"),
        ));
    }
    registries.push(shown);
    save(store, &registries)?;
    Ok(registries)
}

/// Removes `address` from the list (the official registry too, if the person wants); returns
/// the list.
pub(crate) fn remove_in(store: &Store, address: &str) -> LodeResult<Vec<String>> {
    let mut registries = registries_in(store)?;
    registries.remove(position(&registries, address)?);
    save(store, &registries)?;
    Ok(registries)
}

/// Moves `address` to `place` (1 is the first, the one searched by default); returns the list.
pub(crate) fn move_in(store: &Store, address: &str, place: usize) -> LodeResult<Vec<String>> {
    let mut registries = registries_in(store)?;
    let from = position(&registries, address)?;
    if place == 0 || place > registries.len() {
        return Err(LodeError::new(
            ErrorCode::InvalidInput,
            format!(
                "a place in the list is 1 to {}, not {place}",
                registries.len()
            ),
        ));
    }
    let moved = registries.remove(from);
    registries.insert(place - 1, moved);
    save(store, &registries)?;
    Ok(registries)
}

impl Lode {
    /// The registries the person browses, the default one first.
    pub fn registries(&self) -> LodeResult<Vec<String>> {
        registries_in(&self.store)
    }

    pub fn add_registry(&self, address: &str) -> LodeResult<Vec<String>> {
        add_in(&self.store, address)
    }

    pub fn remove_registry(&self, address: &str) -> LodeResult<Vec<String>> {
        remove_in(&self.store, address)
    }

    pub fn move_registry(&self, address: &str, place: usize) -> LodeResult<Vec<String>> {
        move_in(&self.store, address, place)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_official_registry_comes_first_until_the_list_changes() -> LodeResult<()> {
        let store = Store::open_in_memory()?;
        assert_eq!(registries_in(&store)?, [OFFICIAL_REGISTRY]);
        let sub = "https://registry.example.com/mcp";
        assert_eq!(
            add_in(&store, "https://registry.example.com/mcp/")?,
            [OFFICIAL_REGISTRY, sub]
        );
        assert_eq!(move_in(&store, sub, 1)?, [sub, OFFICIAL_REGISTRY]);
        assert_eq!(remove_in(&store, OFFICIAL_REGISTRY)?, [sub]);
        assert_eq!(registries_in(&store)?, [sub], "kept");
        assert_eq!(remove_in(&store, sub)?, Vec::<String>::new());
        assert!(
            registries_in(&store)?.is_empty(),
            "an empty list stays empty"
        );
        Ok(())
    }

    #[test]
    fn refuses_addresses_lode_would_not_use_duplicates_and_bad_places() -> LodeResult<()> {
        let store = Store::open_in_memory()?;
        for refused in [
            add_in(&store, "http://registry.example.com"),
            add_in(&store, OFFICIAL_REGISTRY),
            remove_in(&store, "https://unknown.example"),
            move_in(&store, OFFICIAL_REGISTRY, 2),
            move_in(&store, OFFICIAL_REGISTRY, 0),
        ] {
            assert_eq!(refused.map_err(|e| e.code), Err(ErrorCode::InvalidInput));
        }
        assert_eq!(add_in(&store, "http://127.0.0.1:8080")?.len(), 2);
        // A list edited by hand keeps only the addresses Lode would use.
        store.set_setting(KEY, r#"["http://evil.example", "https://ok.example/"]"#)?;
        assert_eq!(registries_in(&store)?, ["https://ok.example"]);
        store.set_setting(KEY, "not json")?;
        assert_eq!(registries_in(&store)?, [OFFICIAL_REGISTRY]);
        Ok(())
    }
}
