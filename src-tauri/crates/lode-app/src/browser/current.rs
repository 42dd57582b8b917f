//! The annotations a resource is listed with now, for things that keep an older copy of them
//! (a basket item keeps those it was added with): the window shows both when they differ.

use std::collections::HashMap;

use lode_core::{Annotations, LodeResult};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::on_worker;
use crate::Lode;

/// A resource as a basket item names it: its server and URI.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ListedKey {
    pub server: String,
    pub uri: String,
}

/// Keys asked at most per call: a basket's items, not a listing.
const MAX_KEYS: usize = 10_000;

impl Lode {
    /// The annotations each of `keys` is listed with now, in the same order; `None` for one
    /// the index does not hold (its server is not connected, or no longer lists it).
    pub async fn current_annotations(
        &self,
        mut keys: Vec<ListedKey>,
    ) -> LodeResult<Vec<Option<Annotations>>> {
        keys.truncate(MAX_KEYS);
        let browser = self.browser.clone();
        on_worker(move || browser.with_index(|index| lookup(index.items(), &keys))).await
    }
}

/// One pass over the index, whatever the number of keys (a listing can hold 100k items).
fn lookup<'a>(
    items: impl Iterator<Item = &'a lode_core::ResourceItem>,
    keys: &[ListedKey],
) -> Vec<Option<Annotations>> {
    let mut wanted: HashMap<(&str, &str), Option<Annotations>> = keys
        .iter()
        .map(|key| ((key.server.as_str(), key.uri.as_str()), None))
        .collect();
    for item in items {
        if let Some(slot) = wanted.get_mut(&(item.server.as_str(), item.uri.as_str())) {
            if slot.is_none() {
                *slot = Some(item.annotations.clone());
            }
        }
    }
    keys.iter()
        .map(|key| {
            wanted
                .get(&(key.server.as_str(), key.uri.as_str()))
                .cloned()
                .flatten()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use lode_core::ResourceItem;

    fn item(server: &str, uri: &str, priority: f64) -> ResourceItem {
        ResourceItem {
            server: server.into(),
            uri: uri.into(),
            name: uri.into(),
            title: None,
            description: None,
            mime_type: None,
            size: None,
            annotations: Annotations {
                priority: Some(priority),
                ..Default::default()
            },
            icons: None,
            meta: None,
        }
    }

    fn key(server: &str, uri: &str) -> ListedKey {
        ListedKey {
            server: server.into(),
            uri: uri.into(),
        }
    }

    #[test]
    fn each_key_gets_its_listed_annotations_or_none() {
        let listed = [item("A", "x:1", 0.1), item("B", "x:1", 0.9)];
        let found = lookup(
            listed.iter(),
            &[key("B", "x:1"), key("A", "x:2"), key("A", "x:1")],
        );
        let priorities: Vec<Option<f64>> = found
            .iter()
            .map(|a| a.as_ref().and_then(|a| a.priority))
            .collect();
        assert_eq!(priorities, [Some(0.9), None, Some(0.1)]);
    }
}
