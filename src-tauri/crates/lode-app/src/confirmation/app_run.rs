//! The question before an app runs the first time, or again after its declaration changed: what
//! it may reach and ask for, shown whole with hidden characters revealed. The window's review
//! pane shows the same; this is the one a compromised page cannot answer.

use lode_core::apps::{AppDeclaration, FrameCsp};
use lode_core::import::reveal;

use super::{elided, listed, Confirmation, ADDRESS_CHARS, NAME_CHARS};

/// The most origins listed per line.
const ORIGINS: usize = 6;

/// The question before running app `uri` of connection `server`, declared as `declaration`
/// (its frame's policy `frame_csp`); `again` when an earlier yes was for another declaration.
pub fn for_running_app(
    server: &str,
    uri: &str,
    declaration: Option<&AppDeclaration>,
    frame_csp: &FrameCsp,
    again: bool,
) -> Confirmation {
    let shown = |text: &str| elided(&reveal(text).text, ADDRESS_CHARS);
    let origins = |list: &[String]| -> String {
        if list.is_empty() {
            return "nowhere".to_owned();
        }
        listed(
            list.iter().map(|o| shown(o)).collect(),
            ORIGINS,
            "addresses",
        )
        .join(", ")
    };
    let csp = declaration.and_then(|d| d.csp.clone()).unwrap_or_default();
    let mut lines = vec![
        format!(
            "{} offers the app {}.{}",
            elided(&reveal(server).text, NAME_CHARS),
            shown(uri),
            if again {
                " Its declaration changed since you last ran it."
            } else {
                ""
            }
        ),
        String::new(),
        "It runs in a frame apart from Lode, and may:".to_owned(),
        format!("  • connect to: {}", origins(&csp.connect_domains)),
        format!(
            "  • load scripts, styles and media from: {}",
            origins(&csp.resource_domains)
        ),
        format!("  • show frames from: {}", origins(&csp.frame_domains)),
    ];
    if !csp.base_uri_domains.is_empty() {
        lines.push(format!(
            "  • set its base address to: {}",
            origins(&csp.base_uri_domains)
        ));
    }
    let permissions = declaration.and_then(|d| d.permissions).unwrap_or_default();
    let asked: Vec<&str> = [
        (permissions.camera, "camera"),
        (permissions.microphone, "microphone"),
        (permissions.geolocation, "location"),
        (permissions.clipboard_write, "writing to the clipboard"),
    ]
    .into_iter()
    .filter_map(|(asked, name)| asked.then_some(name))
    .collect();
    if !asked.is_empty() {
        lines.push(format!(
            "  • ask for: {} (Lode grants none of these)",
            asked.join(", ")
        ));
    }
    if !frame_csp.refused.is_empty() {
        let refused: Vec<String> = frame_csp.refused.iter().map(|r| shown(&r.source)).collect();
        lines.push(format!(
            "  • not allowed (not an address Lode accepts): {}",
            listed(refused, ORIGINS, "addresses").join(", ")
        ));
    }
    lines.push(String::new());
    lines.push(
        "It can call this server's tools (each asked as usual) and read its resources. Lode \
         remembers your choice until the app's declaration changes."
            .to_owned(),
    );
    Confirmation {
        title: "Run this app?".to_owned(),
        message: lines.join("\n"),
        accept: "Run".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use lode_core::apps::{frame_csp, AppCsp, AppPermissions};

    use super::*;

    #[test]
    fn the_question_names_what_the_app_may_reach_revealed() {
        let declaration = AppDeclaration {
            csp: Some(AppCsp {
                connect_domains: vec![
                    "https://api.example\u{200b}.com".into(),
                    "'unsafe-eval'".into(),
                ],
                ..AppCsp::default()
            }),
            permissions: Some(AppPermissions {
                camera: true,
                ..AppPermissions::default()
            }),
            ..AppDeclaration::default()
        };
        let policy = frame_csp(declaration.csp.as_ref());
        let question = for_running_app(
            "Weather",
            "ui://w/app.html",
            Some(&declaration),
            &policy,
            false,
        );
        assert_eq!(question.title, "Run this app?");
        assert_eq!(question.accept, "Run");
        assert!(
            question
                .message
                .contains("connect to: https://api.example⟨U+200B⟩.com"),
            "{}",
            question.message
        );
        assert!(
            question.message.contains("ask for: camera"),
            "{}",
            question.message
        );
        assert!(question.message.contains("not allowed (not an address Lode accepts): https://api.example⟨U+200B⟩.com, 'unsafe-eval'"), "{}", question.message);
        assert!(question.message.contains("show frames from: nowhere"));
        assert!(!question.message.contains("changed since"));
        let again = for_running_app("Weather", "ui://w/app.html", None, &frame_csp(None), true);
        assert!(again
            .message
            .contains("Its declaration changed since you last ran it."));
        assert!(again.message.contains("connect to: nowhere"));
    }
}
