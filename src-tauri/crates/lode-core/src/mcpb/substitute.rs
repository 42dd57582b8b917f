//! The `${…}` of a bundle's `mcp_config` replaced: `${__dirname}` by the folder Lode unpacked
//! it into, `${HOME}`, `${DESKTOP}`, `${DOCUMENTS}`, `${DOWNLOADS}`, `${pathSeparator}` and
//! `${/}` by this computer's, and `${user_config.KEY}` by the person's value. An argument that
//! is one `${user_config.KEY}` of a `multiple` option becomes one argument per value (none when
//! none is given). Anything else in `${…}` is kept as written.

use std::collections::BTreeMap;

/// Where a bundle's places are on this computer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct McpbPlaces {
    /// The folder the bundle is (or will be) unpacked into.
    pub folder: String,
    pub home: String,
    pub desktop: Option<String>,
    pub documents: Option<String>,
    pub downloads: Option<String>,
}

/// The person's values by option key, and which options are sensitive.
pub(super) struct OptionValues<'a> {
    pub(super) values: &'a BTreeMap<String, Vec<String>>,
    pub(super) sensitive: &'a [String],
}

/// `text` with its places replaced (no `user_config`): an option's default.
pub fn substitute_places(text: &str, places: &McpbPlaces) -> String {
    let empty = BTreeMap::new();
    let values = OptionValues {
        values: &empty,
        sensitive: &[],
    };
    substitute(text, places, &values).0
}

/// `text` with every `${…}` Lode knows replaced, and whether a sensitive value went into it.
pub(super) fn substitute(
    text: &str,
    places: &McpbPlaces,
    options: &OptionValues<'_>,
) -> (String, bool) {
    let mut out = String::with_capacity(text.len());
    let mut sensitive = false;
    let mut rest = text;
    while let Some(start) = rest.find("${") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let Some(end) = after.find('}') else {
            out.push_str(&rest[start..]);
            return (out, sensitive);
        };
        let name = &after[..end];
        match replacement(name, places, options) {
            Some((value, secret)) => {
                out.push_str(&value);
                sensitive |= secret;
            }
            None => out.push_str(&rest[start..start + 2 + end + 1]),
        }
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    (out, sensitive)
}

fn replacement(
    name: &str,
    places: &McpbPlaces,
    options: &OptionValues<'_>,
) -> Option<(String, bool)> {
    let place = |p: &Option<String>, under: &str| {
        p.clone()
            .unwrap_or_else(|| format!("{}/{under}", places.home))
    };
    let value = match name {
        "__dirname" => places.folder.clone(),
        "HOME" => places.home.clone(),
        "DESKTOP" => place(&places.desktop, "Desktop"),
        "DOCUMENTS" => place(&places.documents, "Documents"),
        "DOWNLOADS" => place(&places.downloads, "Downloads"),
        "pathSeparator" | "/" => std::path::MAIN_SEPARATOR.to_string(),
        _ => {
            let key = name.strip_prefix("user_config.")?;
            let given = options.values.get(key)?;
            let secret = options.sensitive.iter().any(|s| s == key);
            return Some((given.join(","), secret));
        }
    };
    Some((value, false))
}

/// The words `arg` becomes: one per value when it is exactly one multiple option's
/// `${user_config.KEY}`, else itself replaced. The flag: a sensitive value is in them.
pub(super) fn expand_argument(
    arg: &str,
    places: &McpbPlaces,
    options: &OptionValues<'_>,
) -> (Vec<String>, bool) {
    let whole = arg
        .strip_prefix("${user_config.")
        .and_then(|rest| rest.strip_suffix('}'))
        .filter(|key| !key.contains('}'));
    if let Some(key) = whole {
        let given = options.values.get(key).cloned().unwrap_or_default();
        let secret = options.sensitive.iter().any(|s| s == key);
        let values = given
            .iter()
            .map(|value| substitute_places(value, places))
            .collect();
        return (values, secret);
    }
    let (word, secret) = substitute(arg, places, options);
    (vec![word], secret)
}
