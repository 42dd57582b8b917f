//! `lode://install?…` links: what a web page or another program hands Lode to install. A link
//! only opens the install flow at an entry — the person still sees the server, fills its form,
//! and says yes to the exact command or address in Lode's own dialog.
//!
//! - `lode://install?name=NAMESPACE/NAME[&version=V][&registry=URL]`: a registry's server (the
//!   registry named, else each of the person's list in turn);
//! - `lode://install?server=JSON`: a server.json itself, URL-encoded.

use url::Url;

use crate::registry::{is_server_name, registry_url, MAX_ANSWER_BYTES};
use crate::{ErrorCode, LodeError, LodeResult};

/// The longest link read: a server.json inline, bounded like a registry's answer.
pub const MAX_LINK_BYTES: usize = MAX_ANSWER_BYTES;

/// What a link names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InstallLink {
    Registry {
        registry: Option<String>,
        name: String,
        version: Option<String>,
    },
    ServerJson {
        text: String,
    },
}

/// Whether `text` is a Lode link at all (`lode:`, any case), to tell it from a name or a file.
pub fn is_lode_link(text: &str) -> bool {
    text.get(..5)
        .is_some_and(|scheme| scheme.eq_ignore_ascii_case("lode:"))
}

/// Reads a `lode://install?…` link; an error says what is wrong with it.
pub fn parse_install_link(link: &str) -> LodeResult<InstallLink> {
    let refused = |why: String| {
        LodeError::new(
            ErrorCode::InvalidInput,
            format!("this is not a Lode install link: {why}"),
        )
    };
    if link.len() > MAX_LINK_BYTES {
        return Err(refused(format!("it is longer than {MAX_LINK_BYTES} bytes")));
    }
    let url = Url::parse(link.trim()).map_err(|e| refused(e.to_string()))?;
    if url.scheme() != "lode" || url.host_str() != Some("install") {
        return Err(refused("it does not start with lode://install?".into()));
    }
    let mut name = None;
    let mut version = None;
    let mut registry = None;
    let mut server = None;
    for (key, value) in url.query_pairs() {
        let slot = match key.as_ref() {
            "name" => &mut name,
            "version" => &mut version,
            "registry" => &mut registry,
            "server" => &mut server,
            // Parameters of later links are left for the Lode that knows them.
            _ => continue,
        };
        if slot.is_some() {
            return Err(refused(format!("it gives {key} twice")));
        }
        *slot = Some(value.into_owned());
    }
    match (server, name) {
        (Some(_), Some(_)) => Err(refused("it gives both a server.json and a name".into())),
        (Some(text), None) => Ok(InstallLink::ServerJson { text }),
        (None, Some(name)) => {
            if !is_server_name(&name) {
                return Err(refused(format!("{name:?} is not a registry server's name")));
            }
            if version
                .as_deref()
                .is_some_and(|v| v.is_empty() || v.len() > 255)
            {
                return Err(refused("its version is empty or too long".into()));
            }
            if let Some(address) = &registry {
                registry_url(address)?;
            }
            Ok(InstallLink::Registry {
                registry,
                name,
                version,
            })
        }
        (None, None) => Err(refused(
            "it names no server (name=…) and no server.json (server=…)".into(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_names_a_registry_server_or_carries_a_server_json() {
        assert_eq!(
            parse_install_link(
                "lode://install?name=io.github.example%2Fweather&version=1.2.0&registry=https%3A%2F%2Fregistry.example"
            )
            .expect("a link"),
            InstallLink::Registry {
                registry: Some("https://registry.example".into()),
                name: "io.github.example/weather".into(),
                version: Some("1.2.0".into()),
            }
        );
        assert_eq!(
            parse_install_link("lode://install?server=%7B%22name%22%3A%22a.b%2Fc%22%7D&utm=x")
                .expect("a link"),
            InstallLink::ServerJson {
                text: r#"{"name":"a.b/c"}"#.into()
            }
        );
        for (link, why) in [
            ("https://install?name=a.b/c", "lode://install"),
            ("lode://remove?name=a.b/c", "lode://install"),
            (
                "lode://install?name=../../etc",
                "not a registry server's name",
            ),
            ("lode://install?name=a.b/c&name=d.e/f", "twice"),
            ("lode://install?version=1", "names no server"),
            (
                "lode://install?name=a.b/c&registry=http%3A%2F%2Fevil.example",
                "https",
            ),
        ] {
            let error = parse_install_link(link).expect_err(link);
            assert!(error.message.contains(why), "{link}: {}", error.message);
        }
        assert!(is_lode_link("LODE://install?x") && !is_lode_link("io.github.a/b"));
    }
}
