//! Tests of the basket: totals against the budget, the view the window gets, exports.

use super::*;
use crate::resource::{Annotations, ResourceContent, ResourceItem, Role};

fn item(n: i64, text: &str) -> BasketItem {
    let new = NewItem {
        kind: ItemKind::Resource,
        server: "Docs".into(),
        uri: format!("file:///notes/{n}.md"),
        name: format!("{n}.md"),
        title: Some(format!("Note {n}")),
        mime_type: Some("text/markdown".into()),
        annotations: Annotations {
            audience: Some(vec![Role::Assistant]),
            priority: Some(0.5),
            last_modified: Some("2026-11-01T10:00:00Z".into()),
        },
        contents: vec![ResourceContent::Text {
            uri: format!("file:///notes/{n}.md"),
            mime_type: Some("text/markdown".into()),
            text: text.into(),
            meta: None,
        }],
        fetched_at: "2026-11-22T09:00:00Z".into(),
        skill_frontmatter: None,
    };
    BasketItem {
        id: n,
        kind: new.kind,
        bytes: new.bytes(),
        tokens: new.tokens(),
        server: new.server,
        uri: new.uri,
        name: new.name,
        title: new.title,
        mime_type: new.mime_type,
        annotations: new.annotations,
        contents: new.contents,
        fetched_at: new.fetched_at,
        note: None,
        stale: false,
        skill_frontmatter: None,
    }
}

fn basket(items: Vec<BasketItem>) -> Basket {
    Basket {
        id: BasketId(1),
        name: "Release notes".into(),
        token_limit: Some(5),
        auto_refresh: false,
        revision: 1,
        items,
    }
}

#[test]
fn the_window_gets_a_basket_without_contents_but_with_the_totals_of_them() {
    let b = basket(vec![item(1, "hello world"), item(2, "one two three")]);
    let totals = b.totals();
    let view = BasketView::from(b);
    assert!(view.basket.items.iter().all(|i| i.contents.is_empty()));
    assert_eq!(
        view.totals, totals,
        "counted before the contents were dropped"
    );
    assert!(view.totals.tokens > 0);
    assert_eq!(view.basket.items[1].bytes, "one two three".len() as u64);
    assert_eq!(view.encoding, crate::tokens::TOKEN_ENCODING);
}

#[test]
fn totals_add_up_and_say_how_far_past_the_limit() {
    let b = basket(vec![
        item(1, "hello world"),
        item(2, "one two three four five six"),
    ]);
    let totals = b.totals();
    assert_eq!(totals.items, 2);
    assert_eq!(totals.bytes, 11 + 27);
    assert_eq!(totals.tokens, b.items[0].tokens + b.items[1].tokens);
    assert_eq!(totals.over_limit, totals.tokens.saturating_sub(5));
    assert!(totals.over_limit > 0, "{totals:?}");
    let unlimited = Basket {
        token_limit: None,
        ..b
    };
    assert_eq!(unlimited.totals().over_limit, 0);
}

#[test]
fn a_blob_counts_its_decoded_bytes_and_no_tokens() {
    let mut new_item = item(1, "");
    new_item.contents = vec![ResourceContent::Blob {
        uri: "x:1".into(),
        mime_type: Some("image/png".into()),
        blob: "AAECAw==".into(), // four bytes
        meta: None,
    }];
    let new = NewItem {
        kind: ItemKind::Resource,
        server: new_item.server,
        uri: new_item.uri,
        name: new_item.name,
        title: None,
        mime_type: None,
        annotations: Annotations::default(),
        contents: new_item.contents,
        fetched_at: new_item.fetched_at,
        skill_frontmatter: None,
    };
    assert_eq!((new.bytes(), new.tokens()), (4, 0));
}

#[test]
fn names_are_checked() {
    assert_eq!(check_basket_name("  ctx ").as_deref(), Ok("ctx"));
    assert!(check_basket_name(" ").is_err());
    assert!(check_basket_name("a/b").is_err());
    assert!(check_basket_name("a\nb").is_err());
    assert!(check_basket_name(&"x".repeat(101)).is_err());
}

#[test]
fn a_newer_listing_makes_an_item_stale_and_an_equal_or_unreadable_one_does_not() {
    let kept = item(1, "x");
    assert!(kept.is_older_than("2026-11-01T10:00:01Z"));
    assert!(kept.is_older_than("2026-11-01T11:00:00+00:30"));
    assert!(!kept.is_older_than("2026-11-01T10:00:00Z"));
    assert!(!kept.is_older_than("2026-11-01T12:00:00+03:00"));
    assert!(!kept.is_older_than("yesterday"));
}

#[test]
fn markdown_keeps_provenance_and_cannot_be_broken_out_of() {
    let mut hostile = item(1, "```\n# not a heading of ours\n```");
    hostile.title = Some("Evil\n## Injected".into());
    hostile.uri = "file:///a`b.md".into();
    hostile.note = Some("check\nthis".into());
    let text = export(
        &basket(vec![hostile]),
        ExportFormat::Markdown,
        "2026-11-22T10:00:00Z",
    )
    .text;
    assert!(text.starts_with("# Release notes\n"), "{text}");
    assert!(text.contains("## 1. Evil ## Injected\n"), "{text}");
    assert!(text.contains("- Server: `Docs`\n"), "{text}");
    assert!(text.contains("- URI: ``file:///a`b.md``\n"), "{text}");
    assert!(text.contains("- MIME type: `text/markdown`\n"), "{text}");
    assert!(
        text.contains("- Last modified: `2026-11-01T10:00:00Z`\n"),
        "{text}"
    );
    assert!(
        text.contains("- Fetched at: `2026-11-22T09:00:00Z`\n"),
        "{text}"
    );
    assert!(text.contains("- Note: check this\n"), "{text}");
    // The contents' own fence is three backticks, so ours is four.
    assert!(
        text.contains("\n````markdown\n```\n# not a heading of ours\n```\n````\n"),
        "{text}"
    );
}

#[test]
fn xml_escapes_server_strings_and_names_the_source() {
    let mut it = item(1, "a < b && c > \"d\" \u{0}");
    it.title = Some("<script>".into());
    let text = export(&basket(vec![it]), ExportFormat::Xml, "now").text;
    assert!(text.starts_with("<documents>\n<document index=\"1\" server=\"Docs\" source=\"file:///notes/1.md\" title=\"&lt;script&gt;\""), "{text}");
    assert!(
        text.contains("fetched-at=\"2026-11-22T09:00:00Z\""),
        "{text}"
    );
    assert!(text.contains("<document_content>\na &lt; b &amp;&amp; c &gt; &quot;d&quot; \u{FFFD}\n</document_content>"), "{text}");
    assert!(text.ends_with("</document>\n</documents>\n"), "{text}");
}

#[test]
fn binary_contents_become_files_beside_the_export() {
    let mut picture = item(2, "");
    picture.title = Some("Logo: big/small".into());
    picture.mime_type = Some("image/png".into());
    picture.contents = vec![ResourceContent::Blob {
        uri: "x:logo".into(),
        mime_type: Some("image/png".into()),
        blob: "AAEC".into(),
        meta: None,
    }];
    let b = basket(vec![item(1, "text"), picture]);
    let md = export(&b, ExportFormat::Markdown, "now");
    assert_eq!(md.attachments.len(), 1);
    assert_eq!(md.attachments[0].path, "files/2-Logo--big-small.png");
    assert_eq!(md.attachments[0].blob, "AAEC");
    assert!(
        md.text
            .contains("![Logo: big/small](<files/2-Logo--big-small.png>)"),
        "{}",
        md.text
    );
    let json: serde_json::Value =
        serde_json::from_str(&export(&b, ExportFormat::Json, "now").text).unwrap_or_default();
    assert_eq!(
        json["items"][1]["contents"][0]["file"],
        "files/2-Logo--big-small.png"
    );
    assert_eq!(json["items"][0]["contents"][0]["text"], "text");
    assert_eq!(json["items"][0]["server"], "Docs");
    assert_eq!(json["items"][0]["fetchedAt"], "2026-11-22T09:00:00Z");
    assert_eq!(json["encoding"], "o200k_base");
}

fn candidate(
    uri: &str,
    audience: Option<Vec<Role>>,
    priority: Option<f64>,
    modified: Option<&str>,
) -> ResourceItem {
    ResourceItem {
        server: "S".into(),
        uri: uri.into(),
        name: uri.into(),
        title: None,
        description: None,
        mime_type: None,
        size: None,
        annotations: Annotations {
            audience,
            priority,
            last_modified: modified.map(str::to_owned),
        },
        icons: None,
        meta: None,
    }
}

#[test]
fn fill_takes_the_assistant_first_by_priority_and_never_user_only_ones() {
    let a = Some(vec![Role::Assistant]);
    let both = Some(vec![Role::User, Role::Assistant]);
    let user = Some(vec![Role::User]);
    let candidates = vec![
        candidate("none-high", None, Some(0.9), None),
        candidate("assistant-low", a.clone(), Some(0.1), None),
        candidate("user-top", user, Some(1.0), None),
        candidate("both-high", both, Some(0.8), None),
        candidate("assistant-unrated", a.clone(), None, None),
        candidate(
            "assistant-low-newer",
            a,
            Some(0.1),
            Some("2026-11-02T00:00:00Z"),
        ),
    ];
    let order: Vec<&str> = fill_order(&candidates)
        .into_iter()
        .map(|i| candidates[i].uri.as_str())
        .collect();
    assert_eq!(
        order,
        [
            "both-high",
            "assistant-low-newer",
            "assistant-low",
            "assistant-unrated",
            "none-high"
        ]
    );
}
