//! Which network addresses a remote server may send Lode's requests to (OAuth's discovery and
//! token requests, and the icons a server lists), and a DNS resolver that holds names to the
//! same rule at connect time.
//!
//! OAuth discovery follows URLs that the MCP server's metadata names; icons are fetched from
//! the URLs a server lists. A hostile server could name an
//! address inside the person's network (a router's admin page, a cloud metadata service at
//! 169.254.169.254) and have Lode send requests there. Literal addresses are checked with the
//! URL ([`super::policy`]); names are checked here, on the very addresses reqwest then connects
//! to, so a name that resolves to a public address when checked and to a private one when used
//! (DNS rebinding) gets nowhere.

use std::future::Future;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::pin::Pin;
use std::sync::Arc;

use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use url::{Host, Url};

/// An address a remote server may not send Lode to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Restricted {
    /// This machine: 127.0.0.0/8, ::1, `localhost`.
    Loopback,
    /// The local network or no network: 10/8, 172.16/12, 192.168/16, 169.254/16 (link-local,
    /// cloud metadata), 100.64/10 (carrier-grade NAT), 0.0.0.0/8, fc00::/7, fe80::/10, ::.
    Private,
}

impl Restricted {
    pub(crate) fn of_ip(ip: IpAddr) -> Option<Self> {
        match ip {
            IpAddr::V4(ip) => v4(ip),
            IpAddr::V6(ip) => match ip.to_ipv4_mapped() {
                Some(mapped) => v4(mapped),
                None => v6(ip),
            },
        }
    }

    /// `localhost` and `*.localhost` are this machine by definition (RFC 6761 §6.3).
    pub(crate) fn of_name(name: &str) -> Option<Self> {
        let name = name.trim_end_matches('.').to_ascii_lowercase();
        (name == "localhost" || name.ends_with(".localhost")).then_some(Self::Loopback)
    }

    pub(crate) fn describe(self) -> &'static str {
        match self {
            Self::Loopback => "an address on this machine (loopback)",
            Self::Private => "a private, link-local or unspecified network address",
        }
    }
}

/// What a URL's host is, when its address (or the name `localhost`) says so; a DNS name is
/// only known at connect time ([`GuardedResolver`]).
pub(crate) fn host_kind(url: &Url) -> Option<Restricted> {
    match url.host()? {
        Host::Domain(name) => Restricted::of_name(name),
        Host::Ipv4(ip) => Restricted::of_ip(ip.into()),
        Host::Ipv6(ip) => Restricted::of_ip(ip.into()),
    }
}

fn v4(ip: Ipv4Addr) -> Option<Restricted> {
    let [a, b, ..] = ip.octets();
    if ip.is_loopback() {
        Some(Restricted::Loopback)
    } else if ip.is_private()
        || ip.is_link_local()
        || a == 0
        || (a == 100 && (64..128).contains(&b))
        || ip.is_broadcast()
    {
        Some(Restricted::Private)
    } else {
        None
    }
}

fn v6(ip: Ipv6Addr) -> Option<Restricted> {
    let first = ip.segments()[0];
    if ip.is_loopback() {
        Some(Restricted::Loopback)
    } else if ip.is_unspecified() || (first & 0xfe00) == 0xfc00 || (first & 0xffc0) == 0xfe80 {
        Some(Restricted::Private)
    } else {
        None
    }
}

/// Whether `kind` may be contacted when it is not the MCP server's own origin: loopback only
/// when the MCP server is itself on this machine, private ranges never.
pub(crate) fn allowed(kind: Option<Restricted>, server_on_loopback: bool) -> bool {
    match kind {
        None => true,
        Some(Restricted::Loopback) => server_on_loopback,
        Some(Restricted::Private) => false,
    }
}

/// The answer of a DNS lookup, to come.
type Looking = Pin<Box<dyn Future<Output = std::io::Result<Vec<SocketAddr>>> + Send>>;

/// Looks a name up: the system's resolver, or a scripted one in tests.
pub(crate) type Lookup = Arc<dyn Fn(String) -> Looking + Send + Sync>;

fn system_lookup() -> Lookup {
    Arc::new(|host: String| -> Looking {
        Box::pin(async move { Ok(tokio::net::lookup_host((host.as_str(), 0)).await?.collect()) })
    })
}

/// A lookup that answers `answer(name)` (tests script DNS with it).
#[cfg(test)]
pub(crate) fn scripted_lookup(
    answer: impl Fn(&str) -> Vec<SocketAddr> + Send + Sync + 'static,
) -> Lookup {
    Arc::new(move |host: String| -> Looking {
        let found = answer(&host);
        Box::pin(async move { Ok(found) })
    })
}

/// The resolver of Lode's guarded HTTP clients (OAuth, icons). Names in `trusted` (the MCP
/// server's own host, and any proxy the environment names) resolve as usual; any other name
/// keeps only its addresses that [`allowed`] admits, and fails with [`RefusedAddress`] when
/// none is left. The addresses it checked are the ones it hands reqwest, which connects to
/// them without asking DNS again: a name cannot answer one address to the check and another
/// to the connection (DNS rebinding).
pub(crate) struct GuardedResolver {
    trusted: Vec<String>,
    server_on_loopback: bool,
    lookup: Lookup,
}

impl GuardedResolver {
    pub(crate) fn new(trusted: Vec<String>, server_on_loopback: bool) -> Self {
        Self {
            trusted,
            server_on_loopback,
            lookup: system_lookup(),
        }
    }

    /// With another lookup than the system's (tests script DNS answers).
    pub(crate) fn with_lookup(mut self, lookup: Lookup) -> Self {
        self.lookup = lookup;
        self
    }
}

impl Resolve for GuardedResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let host = name.as_str().to_owned();
        let trusted = self.trusted.iter().any(|t| t.eq_ignore_ascii_case(&host));
        let server_on_loopback = self.server_on_loopback;
        let lookup = self.lookup.clone();
        Box::pin(async move {
            let found: Vec<SocketAddr> = lookup(host.clone()).await?;
            if trusted {
                return Ok(Box::new(found.into_iter()) as Addrs);
            }
            let (kept, refused): (Vec<SocketAddr>, Vec<SocketAddr>) = found
                .into_iter()
                .partition(|a| allowed(Restricted::of_ip(a.ip()), server_on_loopback));
            match (kept.is_empty(), refused.first()) {
                (true, Some(first)) => Err(Box::new(RefusedAddress {
                    host,
                    ip: first.ip(),
                })
                    as Box<dyn std::error::Error + Send + Sync>),
                _ => Ok(Box::new(kept.into_iter()) as Addrs),
            }
        })
    }
}

/// A name that resolved only to addresses a remote server may not send Lode to.
#[derive(Debug)]
pub(crate) struct RefusedAddress {
    pub(crate) host: String,
    pub(crate) ip: IpAddr,
}

impl std::fmt::Display for RefusedAddress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = Restricted::of_ip(self.ip).map_or("a refused address", Restricted::describe);
        write!(f, "{} resolves to {}, {kind}", self.host, self.ip)
    }
}

impl std::error::Error for RefusedAddress {}

/// The [`RefusedAddress`] somewhere in `error`'s chain, looking inside wrapped `io::Error`s
/// too (their `source()` skips the error they wrap).
pub(crate) fn refused_in(error: &(dyn std::error::Error + 'static)) -> Option<String> {
    crate::error_chain::find_in_chain::<RefusedAddress>(error).map(ToString::to_string)
}

/// The hosts of the proxies the environment names (reqwest uses them): they are resolved by
/// Lode, whatever their address, and resolve the target's name themselves.
pub(crate) fn proxy_hosts() -> Vec<String> {
    [
        "HTTPS_PROXY",
        "https_proxy",
        "HTTP_PROXY",
        "http_proxy",
        "ALL_PROXY",
        "all_proxy",
    ]
    .iter()
    .filter_map(|name| std::env::var(name).ok())
    .filter_map(|value| {
        let value = if value.contains("://") {
            value
        } else {
            format!("http://{value}")
        };
        url::Url::parse(&value).ok()?.host_str().map(str::to_owned)
    })
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(ip: &str) -> Option<Restricted> {
        Restricted::of_ip(ip.parse().expect("an IP"))
    }

    #[test]
    fn classifies_the_ranges_a_remote_server_may_not_name() {
        for ip in ["127.0.0.1", "127.9.9.9", "::1", "::ffff:127.0.0.1"] {
            assert_eq!(kind(ip), Some(Restricted::Loopback), "{ip}");
        }
        for ip in [
            "10.1.2.3",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "fc00::1",
            "fd12:3456::1",
            "fe80::1",
            "::",
            "::ffff:10.0.0.1",
            "::ffff:169.254.169.254",
        ] {
            assert_eq!(kind(ip), Some(Restricted::Private), "{ip}");
        }
        for ip in [
            "8.8.8.8",
            "172.32.0.1",
            "192.169.0.1",
            "2001:db8::1",
            "1.1.1.1",
        ] {
            assert_eq!(kind(ip), None, "{ip}");
        }
        assert_eq!(
            Restricted::of_name("LocalHost."),
            Some(Restricted::Loopback)
        );
        assert_eq!(
            Restricted::of_name("app.localhost"),
            Some(Restricted::Loopback)
        );
        assert_eq!(Restricted::of_name("localhost.evil.example"), None);
    }

    #[test]
    fn loopback_is_allowed_only_beside_a_loopback_server() {
        assert!(allowed(None, false));
        assert!(allowed(Some(Restricted::Loopback), true));
        assert!(!allowed(Some(Restricted::Loopback), false));
        assert!(!allowed(Some(Restricted::Private), true));
    }

    #[tokio::test]
    async fn a_name_that_resolves_to_loopback_is_refused_unless_trusted() {
        let resolver = GuardedResolver::new(vec!["trusted.localhost".into()], false);
        let name = |n: &str| n.parse::<Name>().expect("a name");
        let refused = resolver
            .resolve(name("localhost"))
            .await
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            refused.starts_with("localhost resolves to") && refused.contains("loopback"),
            "{refused}"
        );
        let beside_loopback = GuardedResolver::new(Vec::new(), true);
        assert!(beside_loopback.resolve(name("localhost")).await.is_ok());
    }
}
