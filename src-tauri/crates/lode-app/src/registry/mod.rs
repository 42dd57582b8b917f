//! Browsing MCP registries: a page of a search, and one entry shown whole with its server's
//! other versions, from the registry the person names or those of their list (`list.rs`).
//! lode-registry asks; lode-core checks what comes back. Nothing here installs or runs
//! anything.

mod list;

use lode_core::registry::{
    registry_url, EntryDetails, EntryStatus, EntryVersion, RegistryEntry, RegistryPage,
    RegistryQuery,
};
use lode_core::resource::Icon;
use lode_core::{ErrorCode, LodeError, LodeResult};
use lode_registry::RegistryClient;

use crate::Lode;

impl Lode {
    /// One page of a search of `registry`, or of the first of the list when none is named.
    /// Deleted entries are never in it.
    pub async fn search_registry(
        &self,
        registry: Option<&str>,
        query: &RegistryQuery,
    ) -> LodeResult<RegistryPage> {
        let address = match registry {
            Some(address) => address.to_owned(),
            None => self
                .registries()?
                .into_iter()
                .next()
                .ok_or_else(no_registries)?,
        };
        let page = client(&address)?.search(query).await?;
        self.note_icons(&address, page.entries.iter());
        Ok(page)
    }

    /// The server `name` at `version` (its latest when `None`), with every version the registry
    /// lists, from `registry` or else the first registry of the list that has it (one that
    /// cannot be reached is passed over; its error is the answer when no other has it). A deleted
    /// version is not shown: it is refused as not found, with the registry's reason.
    pub async fn registry_entry(
        &self,
        registry: Option<&str>,
        name: &str,
        version: Option<&str>,
    ) -> LodeResult<EntryDetails> {
        let addresses = match registry {
            Some(address) => vec![address.to_owned()],
            None => self.registries()?,
        };
        if addresses.is_empty() {
            return Err(no_registries());
        }
        let mut missing = Vec::new();
        let mut failed: Vec<LodeError> = Vec::new();
        for address in &addresses {
            let client = client(address)?;
            match client.version(name, version.unwrap_or("latest")).await {
                Ok(entry) => {
                    if let EntryStatus::Deleted { message } = &entry.status {
                        return Err(LodeError::new(
                            ErrorCode::NotFound,
                            format!(
                                "{name} {} is deleted from the registry {}{}",
                                entry.version,
                                client.registry(),
                                message
                                    .as_deref()
                                    .map(|why| format!(": {why}"))
                                    .unwrap_or_default()
                            ),
                        ));
                    }
                    let (versions, versions_problem) = match client.versions(name).await {
                        Ok(page) => (page.entries.iter().map(EntryVersion::from).collect(), None),
                        Err(error) => (Vec::new(), Some(error.message)),
                    };
                    self.note_icons(client.registry(), std::iter::once(&entry));
                    return Ok(EntryDetails {
                        registry: client.registry().to_owned(),
                        entry,
                        versions,
                        versions_problem,
                    });
                }
                // Not there: the next registry of the list may have it.
                Err(error) if error.code == ErrorCode::NotFound && registry.is_none() => {
                    missing.push(client.registry().to_owned());
                }
                // Unreachable or broken: the next one may answer; said if none has it.
                Err(error) if registry.is_none() => failed.push(error),
                Err(error) => return Err(error),
            }
        }
        if let Some(first) = failed.into_iter().next() {
            // A registry that could not say is not a "no": its error is the answer.
            return Err(first);
        }
        Err(LodeError::new(
            ErrorCode::NotFound,
            format!(
                "no registry lists {name}{} (asked {})",
                version.map(|v| format!(" {v}")).unwrap_or_default(),
                missing.join(", ")
            ),
        ))
    }
}

impl Lode {
    /// The entries' `https:` icons, noted as listed by the registry, so the window may ask
    /// for them (`icon_data_url` fetches only icons something listed).
    fn note_icons<'a>(&self, registry: &str, entries: impl Iterator<Item = &'a RegistryEntry>) {
        let Ok(registry) = registry_url(registry) else {
            return;
        };
        let icons: Vec<Icon> = entries
            .flat_map(|entry| &entry.icons)
            .map(|icon| Icon {
                src: icon.src.clone(),
                mime_type: icon.mime_type.clone(),
                sizes: None,
                theme: None,
            })
            .collect();
        self.supervisor.listed_icons().note(Some(&registry), &icons);
    }
}

fn client(address: &str) -> LodeResult<RegistryClient> {
    RegistryClient::new(registry_url(address)?)
}

fn no_registries() -> LodeError {
    LodeError::new(
        ErrorCode::InvalidInput,
        "the list of registries is empty: add one (lode registry add URL) or name one (--registry URL)",
    )
}
