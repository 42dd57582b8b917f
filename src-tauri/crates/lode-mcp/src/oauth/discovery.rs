//! Finds the authorization server of an MCP server: its protected resource metadata
//! (RFC 9728) names the server, whose own metadata (RFC 8414, or OpenID Connect discovery)
//! names the endpoints. Servers from before RFC 9728 (MCP 2025-03-26) have neither: their
//! origin is taken as the authorization server. Every URL followed passes the sign-in's
//! [`UrlPolicy`]: the server's own origin, then the authorization server it declares.

use lode_core::{ErrorCode, LodeError, LodeResult};
use serde::Deserialize;
use url::Url;

use super::challenge;
use super::http::OAuthHttp;
use super::policy::UrlPolicy;
use crate::http_failure::display_url;

/// RFC 9728 protected resource metadata, the fields Lode uses.
#[derive(Deserialize)]
struct ProtectedResource {
    #[serde(default)]
    resource: Option<String>,
    #[serde(default)]
    authorization_servers: Vec<String>,
    #[serde(default)]
    scopes_supported: Option<Vec<String>>,
}

/// RFC 8414 authorization server metadata, the fields Lode uses.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct AuthServer {
    pub(crate) issuer: String,
    pub(crate) authorization_endpoint: String,
    pub(crate) token_endpoint: String,
    #[serde(default)]
    pub(crate) registration_endpoint: Option<String>,
    #[serde(default)]
    pub(crate) code_challenge_methods_supported: Option<Vec<String>>,
    #[serde(default)]
    pub(crate) token_endpoint_auth_methods_supported: Option<Vec<String>>,
    #[serde(default)]
    pub(crate) client_id_metadata_document_supported: bool,
}

/// What the sign-in needs to know before it starts.
pub(crate) struct Discovered {
    pub(crate) server: AuthServer,
    /// The scopes to ask for: the challenge's, else all the resource supports, else none.
    pub(crate) scope: Option<String>,
}

/// Finds the authorization server; `policy` learns which one the resource declared.
pub(crate) async fn discover(
    http: &OAuthHttp,
    resource: &Url,
    policy: &mut UrlPolicy,
) -> LodeResult<Discovered> {
    let challenge = http.challenge(resource).await?;
    let param = |name| {
        challenge
            .as_deref()
            .and_then(|c| challenge::parameter(c, name))
    };
    let protected = protected_resource(http, resource, param("resource_metadata"), policy).await?;
    let declared = protected
        .as_ref()
        .and_then(|p| p.authorization_servers.first());
    let server = match declared {
        Some(issuer) => {
            let issuer = parse_issuer(issuer)?;
            policy.declare_authorization_server(&issuer)?;
            authorization_server(http, &issuer, policy).await?
        }
        None => {
            let origin = origin(resource);
            policy.declare_authorization_server(&origin)?;
            legacy_authorization_server(http, &origin, policy).await?
        }
    };
    let scope = param("scope").or_else(|| {
        protected
            .and_then(|p| p.scopes_supported)
            .filter(|scopes| !scopes.is_empty())
            .map(|scopes| scopes.join(" "))
    });
    Ok(Discovered { server, scope })
}

/// The resource's metadata: at the challenge's `resource_metadata` URL if it gave one, else
/// at the path-aware well-known URL, else at the root one. `None` when there is none.
async fn protected_resource(
    http: &OAuthHttp,
    resource: &Url,
    from_challenge: Option<String>,
    policy: &UrlPolicy,
) -> LodeResult<Option<ProtectedResource>> {
    let mut candidates = Vec::new();
    if let Some(url) = from_challenge {
        candidates.push(policy.endpoint(&url, "protected resource metadata")?);
    }
    candidates.extend(well_known(resource, "oauth-protected-resource", policy)?);
    for url in candidates {
        let found: Option<ProtectedResource> = http
            .metadata(&url, "reading protected resource metadata")
            .await?;
        if let Some(found) = found {
            check_resource(&found, resource)?;
            return Ok(Some(found));
        }
    }
    Ok(None)
}

/// RFC 9728 §3.3: the metadata must be about this server, or tokens could be obtained for
/// (and sent to) another one. Accepted: the same URL or a parent of it on the same origin.
fn check_resource(found: &ProtectedResource, resource: &Url) -> LodeResult<()> {
    let Some(claimed) = &found.resource else {
        return Ok(());
    };
    let covers = Url::parse(claimed).is_ok_and(|claimed| {
        let parent = claimed.path().trim_end_matches('/');
        let path = resource.path().trim_end_matches('/');
        claimed.origin() == resource.origin()
            && (path == parent || path.starts_with(&format!("{parent}/")))
    });
    if covers {
        Ok(())
    } else {
        Err(LodeError::new(
            ErrorCode::Protocol,
            format!(
                "the protected resource metadata of {} is about another server ({})",
                display_url(resource.as_str()),
                display_url(claimed)
            ),
        ))
    }
}

/// The authorization server's metadata, at the URLs MCP 2025-11-25 lists for its issuer (see
/// [`metadata_urls`]); its `issuer` must be the one asked for (RFC 8414 §3.3).
async fn authorization_server(
    http: &OAuthHttp,
    issuer: &Url,
    policy: &UrlPolicy,
) -> LodeResult<AuthServer> {
    for url in metadata_urls(issuer, policy)? {
        let found: Option<AuthServer> = http
            .metadata(&url, "reading authorization server metadata")
            .await?;
        if let Some(found) = found {
            check_issuer(&found, issuer)?;
            check_pkce(&found)?;
            return Ok(found);
        }
    }
    Err(LodeError::new(
        ErrorCode::Protocol,
        format!(
            "no OAuth authorization server metadata at {}: the server does not support \
             signing in with OAuth",
            display_url(issuer.as_str())
        ),
    ))
}

/// Where an issuer's metadata is (MCP 2025-11-25, "Authorization Server Metadata Discovery"):
/// with a path, RFC 8414's inserted URL, OpenID Connect's inserted one, then OpenID Connect's
/// appended one — never the origin's root, which is another issuer's document; without a path,
/// the two root URLs.
fn metadata_urls(issuer: &Url, policy: &UrlPolicy) -> LodeResult<Vec<Url>> {
    let path = issuer.path().trim_end_matches('/');
    let paths = if path.is_empty() {
        vec![
            "/.well-known/oauth-authorization-server".to_owned(),
            "/.well-known/openid-configuration".to_owned(),
        ]
    } else {
        vec![
            format!("/.well-known/oauth-authorization-server{path}"),
            format!("/.well-known/openid-configuration{path}"),
            format!("{path}/.well-known/openid-configuration"),
        ]
    };
    paths
        .into_iter()
        .map(|path| at_path(issuer, &path, policy))
        .collect()
}

/// A server without protected resource metadata follows MCP 2025-03-26: the authorization
/// server is on the MCP server's origin, its metadata at the root well-known URL (naming any
/// issuer on that origin, e.g. `/oauth`), and without metadata the endpoints are the default
/// `/authorize`, `/token` and `/register` there.
async fn legacy_authorization_server(
    http: &OAuthHttp,
    origin: &Url,
    policy: &UrlPolicy,
) -> LodeResult<AuthServer> {
    for url in metadata_urls(origin, policy)? {
        let found: Option<AuthServer> = http
            .metadata(&url, "reading authorization server metadata")
            .await?;
        if let Some(found) = found {
            check_same_origin(&found, origin)?;
            check_pkce(&found)?;
            return Ok(found);
        }
    }
    Ok(default_endpoints(origin))
}

/// MCP 2025-03-26's fallback for a server with no metadata at all. PKCE S256 is what that
/// revision requires of every server, so it is assumed.
fn default_endpoints(origin: &Url) -> AuthServer {
    let at = |path: &str| {
        let mut url = origin.clone();
        url.set_path(path);
        url.to_string()
    };
    AuthServer {
        issuer: origin.to_string(),
        authorization_endpoint: at("/authorize"),
        token_endpoint: at("/token"),
        registration_endpoint: Some(at("/register")),
        code_challenge_methods_supported: Some(vec!["S256".to_owned()]),
        token_endpoint_auth_methods_supported: None,
        client_id_metadata_document_supported: false,
    }
}

/// The legacy metadata may name an issuer with a path, but only on the server's own origin.
fn check_same_origin(found: &AuthServer, origin: &Url) -> LodeResult<()> {
    let same = Url::parse(&found.issuer).is_ok_and(|issuer| issuer.origin() == origin.origin());
    if same {
        Ok(())
    } else {
        Err(LodeError::new(
            ErrorCode::Protocol,
            format!(
                "the authorization server metadata at {} names an issuer on another origin ({})",
                display_url(origin.as_str()),
                display_url(&found.issuer)
            ),
        ))
    }
}

fn check_issuer(found: &AuthServer, issuer: &Url) -> LodeResult<()> {
    if found.issuer.trim_end_matches('/') == issuer.as_str().trim_end_matches('/') {
        Ok(())
    } else {
        Err(LodeError::new(
            ErrorCode::Protocol,
            format!(
                "the authorization server metadata at {} names another issuer ({})",
                display_url(issuer.as_str()),
                display_url(&found.issuer)
            ),
        ))
    }
}

/// MCP requires PKCE S256; a server that does not advertise it cannot be trusted to check it.
fn check_pkce(found: &AuthServer) -> LodeResult<()> {
    let s256 = found
        .code_challenge_methods_supported
        .as_ref()
        .is_some_and(|methods| methods.iter().any(|m| m == "S256"));
    if s256 {
        Ok(())
    } else {
        Err(LodeError::new(
            ErrorCode::Protocol,
            format!(
                "the authorization server {} does not advertise PKCE S256, which MCP requires",
                display_url(&found.issuer)
            ),
        ))
    }
}

/// `/.well-known/<name><path>` (when the URL has a path) then `/.well-known/<name>`: where
/// protected resource metadata is (RFC 9728 §3.1, then MCP's root fallback).
fn well_known(url: &Url, name: &str, policy: &UrlPolicy) -> LodeResult<Vec<Url>> {
    let path = url.path().trim_end_matches('/');
    let mut paths = Vec::new();
    if !path.is_empty() {
        paths.push(format!("/.well-known/{name}{path}"));
    }
    paths.push(format!("/.well-known/{name}"));
    paths
        .into_iter()
        .map(|path| at_path(url, &path, policy))
        .collect()
}

/// `url` with its path replaced, query and fragment dropped, checked against `policy`.
fn at_path(url: &Url, path: &str, policy: &UrlPolicy) -> LodeResult<Url> {
    let mut candidate = url.clone();
    candidate.set_path(path);
    candidate.set_query(None);
    candidate.set_fragment(None);
    policy.check(&candidate, "metadata URL")?;
    Ok(candidate)
}

fn parse_issuer(raw: &str) -> LodeResult<Url> {
    Url::parse(raw).map_err(|e| {
        LodeError::new(
            ErrorCode::Protocol,
            format!(
                "the authorization server `{}` is not a valid URL: {e}",
                display_url(raw)
            ),
        )
    })
}

/// The server's origin as an issuer URL (the pre-RFC 9728 fallback).
fn origin(resource: &Url) -> Url {
    let mut origin = resource.clone();
    origin.set_path("/");
    origin.set_query(None);
    origin.set_fragment(None);
    origin
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(s: &str) -> Url {
        Url::parse(s).expect("test URL")
    }

    #[test]
    fn well_known_urls_are_path_aware_first() {
        let policy = UrlPolicy::for_server(&url("https://h.example/api/mcp"));
        let found = well_known(
            &url("https://h.example/api/mcp?x=1"),
            "oauth-protected-resource",
            &policy,
        )
        .expect("https");
        let found: Vec<&str> = found.iter().map(Url::as_str).collect();
        assert_eq!(
            found,
            [
                "https://h.example/.well-known/oauth-protected-resource/api/mcp",
                "https://h.example/.well-known/oauth-protected-resource",
            ]
        );
        let root = well_known(
            &url("https://h.example/"),
            "oauth-authorization-server",
            &policy,
        )
        .expect("https");
        assert_eq!(root.len(), 1);
    }

    #[test]
    fn metadata_about_another_server_is_refused() {
        let about = |resource: &str| ProtectedResource {
            resource: Some(resource.to_owned()),
            authorization_servers: Vec::new(),
            scopes_supported: None,
        };
        let server = url("https://h.example/mcp");
        assert!(check_resource(&about("https://h.example/mcp"), &server).is_ok());
        assert!(check_resource(&about("https://h.example/"), &server).is_ok());
        assert!(check_resource(&about("https://evil.example/mcp"), &server).is_err());
        assert!(check_resource(&about("https://h.example/other"), &server).is_err());
    }

    fn paths(urls: &[Url]) -> Vec<&str> {
        urls.iter().map(Url::path).collect()
    }

    #[test]
    fn an_issuer_with_a_path_is_never_looked_up_at_the_root() {
        let policy = UrlPolicy::for_server(&url("https://h.example/mcp"));
        let tenant = metadata_urls(&url("https://h.example/tenant1"), &policy).expect("https");
        assert_eq!(
            paths(&tenant),
            [
                "/.well-known/oauth-authorization-server/tenant1",
                "/.well-known/openid-configuration/tenant1",
                "/tenant1/.well-known/openid-configuration",
            ]
        );
        let root = metadata_urls(&url("https://h.example/"), &policy).expect("https");
        assert_eq!(
            paths(&root),
            [
                "/.well-known/oauth-authorization-server",
                "/.well-known/openid-configuration",
            ]
        );
    }

    fn server(issuer: &str) -> AuthServer {
        AuthServer {
            issuer: issuer.into(),
            ..default_endpoints(&url("https://h.example/"))
        }
    }

    #[test]
    fn a_2025_03_26_server_may_name_an_issuer_with_a_path_on_its_own_origin_only() {
        let origin = url("https://h.example/");
        assert!(check_same_origin(&server("https://h.example/oauth"), &origin).is_ok());
        assert!(check_same_origin(&server("https://evil.example/oauth"), &origin).is_err());
        assert!(check_same_origin(&server("http://h.example/oauth"), &origin).is_err());
    }

    #[test]
    fn without_any_metadata_the_2025_03_26_default_endpoints_are_used() {
        let fallback = default_endpoints(&url("http://127.0.0.1:8/"));
        assert_eq!(
            fallback.authorization_endpoint,
            "http://127.0.0.1:8/authorize"
        );
        assert_eq!(fallback.token_endpoint, "http://127.0.0.1:8/token");
        assert_eq!(
            fallback.registration_endpoint.as_deref(),
            Some("http://127.0.0.1:8/register")
        );
        assert!(check_pkce(&fallback).is_ok());
    }
}
