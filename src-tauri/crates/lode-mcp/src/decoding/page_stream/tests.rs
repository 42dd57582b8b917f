//! Tests of decoding a listing page while it arrives, malformed items included.

use rmcp::model::ListResourcesResult;

use super::*;
use crate::decoding::lenient::check_page;

fn item(i: usize) -> String {
    format!(
        r#"{{"uri":"test://item/{i}","name":"item-{i}","description":"say \"hi\" \u00e9 {i}","mimeType":"text/plain","annotations":{{"audience":["user"],"priority":0.5,"lastModified":"2025-01-01T00:00:00Z"}}}}"#
    )
}

/// A page in the key order of the TypeScript SDK (result first) with a few bad items.
fn page_message(count: usize) -> String {
    let mut items: Vec<String> = (0..count).map(item).collect();
    items.push(r#"{"uri":"test://bad/priority","name":"p","annotations":{"priority":7}}"#.into());
    items.push(r#" { "uri" : "test://bad/audience", "name":"a", "annotations":{"audience":["robot","user"]} } "#.into());
    items.push(r#"{"name":"no uri"}"#.into());
    format!(
        "{{\"result\":{{\"resources\":[ {} ],\"nextCursor\":\"c2\",\"_meta\":{{\"k\":1}}}},\"jsonrpc\":\"2.0\",\"id\":12}}",
        items.join(",\n")
    )
}

/// The page as a whole-message parse reads it.
fn whole(message: &str) -> ListResourcesResult {
    let value: Value = serde_json::from_str(message).expect("json");
    let raw = value["result"].to_string();
    // As the decoder does: rules checked after a typed parse, the repair otherwise.
    match serde_json::from_str::<ListResourcesResult>(&raw) {
        Ok(mut page) => {
            check_page(&mut page);
            page
        }
        Err(_) => crate::decoding::lenient::repair_page(&raw).expect("a page"),
    }
}

/// The page streamed in chunks of `chunk` bytes, as a transport drives it.
fn streamed(message: &str, chunk: usize) -> Result<ListResourcesResult, String> {
    let bytes = message.as_bytes();
    let mut pending: Vec<u8> = Vec::new();
    let mut stream: Option<PageStream> = None;
    for piece in bytes.chunks(chunk) {
        pending.extend_from_slice(piece);
        if stream.is_none() {
            match find_resources(&pending) {
                Start::Found(at) => {
                    stream = Some(PageStream::new(&pending, at));
                    pending.drain(..at);
                }
                Start::NeedMore => continue,
                Start::NotAPage => return Err("not a page".into()),
            }
        }
        if let Some(stream) = stream.as_mut() {
            let used = stream.feed(&pending);
            pending.drain(..used);
        }
    }
    let done = stream.ok_or("never started")?.finish(&pending)?;
    let skeleton: Value = serde_json::from_slice(&done.skeleton).map_err(|e| e.to_string())?;
    assert_eq!(skeleton["id"], 12);
    let mut page: ListResourcesResult =
        serde_json::from_value(skeleton["result"].clone()).map_err(|e| e.to_string())?;
    check_page(&mut page);
    add_items(&mut page, done.resources, done.warnings);
    Ok(page)
}

#[test]
fn a_streamed_page_equals_the_page_read_whole_for_any_chunking() {
    let message = page_message(40);
    let expected = whole(&message);
    assert_eq!(
        expected.resources.len(),
        42,
        "the item without a URI is left out"
    );
    assert_eq!(expected.next_cursor.as_deref(), Some("c2"));
    for chunk in [1, 2, 3, 7, 64, 1000, message.len()] {
        assert_eq!(
            streamed(&message, chunk),
            Ok(expected.clone()),
            "chunk {chunk}"
        );
    }
}

#[test]
fn the_array_is_found_in_any_key_order_and_never_in_other_answers() {
    let rmcp_order = br#"{"jsonrpc":"2.0","id":3,"result":{"_meta":{"a":[1,{"b":"]"}]},"ttlMs":5,"resources":[{"uri""#;
    let at = rmcp_order.iter().position(|b| *b == b'[').map(|_| ());
    assert!(at.is_some());
    match find_resources(rmcp_order) {
        Start::Found(at) => assert_eq!(&rmcp_order[at - 13..at], br#""resources":["#),
        other => panic!("expected the array, got {other:?}"),
    }
    let not_pages: [&[u8]; 5] = [
        br#"{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"no"}}"#,
        br#"{"jsonrpc":"2.0","id":3,"result":{"contents":[{"uri":"x","text":"y"}]}}"#,
        br#"{"jsonrpc":"2.0","id":3,"result":{"resources":{}}}"#,
        br#"[{"jsonrpc":"2.0"}]"#,
        b"not json at all",
    ];
    for message in not_pages {
        assert_eq!(find_resources(message), Start::NotAPage, "{message:?}");
    }
    // Every prefix of a page is undecided, never refused; a number at the end may go on.
    let page = page_message(1);
    let array = match find_resources(page.as_bytes()) {
        Start::Found(at) => at,
        other => panic!("expected the array, got {other:?}"),
    };
    for cut in 0..array {
        assert_eq!(
            find_resources(&page.as_bytes()[..cut]),
            Start::NeedMore,
            "cut {cut}"
        );
    }
    assert_eq!(find_resources(br#"{"id":12"#), Start::NeedMore);
}

#[test]
fn malformed_or_truncated_arrays_fail_the_message() {
    let malformed = r#"{"result":{"resources":[{"uri":"a","name":"a"} {"uri":"b"}]},"id":1}"#;
    let error = streamed(malformed, 5).expect_err("two items without a comma");
    assert!(error.contains("after item 1"), "{error}");
    let not_json = r#"{"result":{"resources":[{"uri":"a","name":"a"},{"uri":nope}]},"id":1}"#;
    assert!(streamed(not_json, 4).is_err());
    let truncated = r#"{"result":{"resources":[{"uri":"a","name":"a"},{"uri":"b","#;
    let error = streamed(truncated, 8).expect_err("cut off");
    assert!(!error.is_empty());
}

#[test]
fn a_huge_incomplete_item_is_not_parsed_again_for_every_read() {
    let prefix = b"{\"result\":{\"resources\":[";
    assert_eq!(find_resources(prefix), Start::Found(prefix.len()));
    let mut stream = PageStream::new(prefix, prefix.len());
    let mut item = br#"{"uri":"a","name":"a","description":""#.to_vec();
    item.extend(std::iter::repeat_n(b'x', 200 * 1024));
    assert_eq!(stream.feed(&item), 0);
    assert_eq!(stream.retry_at, 2 * item.len());
    // More bytes, but not yet twice as many: not parsed (nothing could be consumed anyway).
    item.extend(std::iter::repeat_n(b'x', 1024));
    assert_eq!(stream.feed(&item), 0);
    item.extend_from_slice(br#""},"#);
    let done = stream
        .finish(&[&item[..], b"]}}"].concat())
        .expect("a page");
    assert_eq!(done.resources.len(), 1);
    assert_eq!(done.skeleton, b"{\"result\":{\"resources\":[]}}");
}

#[test]
fn a_streamed_item_nested_beyond_the_recursion_limit_is_left_out_and_the_page_kept() {
    let deep = "[".repeat(50_000) + &"]".repeat(50_000);
    let message = format!(
        r#"{{"result":{{"resources":[{},{{"uri":"x://deep","name":"d","_meta":{{"k":{deep}}}}},{}]}},"id":12}}"#,
        item(0),
        item(1)
    );
    for chunk in [4096, message.len()] {
        let page = streamed(&message, chunk).expect("the page survives its deep item");
        let uris: Vec<&str> = page.resources.iter().map(|r| r.uri.as_str()).collect();
        assert_eq!(uris, ["test://item/0", "test://item/1"], "chunk {chunk}");
        let warnings = crate::convert::item_warnings(page.meta.as_ref());
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert_eq!(warnings[0].item, "#1");
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 1000,
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// Pages of generated items, cut into chunks of any size: streamed as read whole.
    #[test]
    fn any_page_streams_as_it_reads_whole(
        names in proptest::collection::vec("\\PC{0,16}", 0..20),
        bad in proptest::collection::vec(0..20usize, 0..4),
        chunk in 1..300usize,
    ) {
        let items: Vec<String> = names
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let name = serde_json::to_string(name).unwrap_or_default();
                if bad.contains(&i) {
                    format!(r#"{{"uri":"x://{i}","name":{name},"annotations":{{"priority":"high"}}}}"#)
                } else {
                    format!(r#"{{"uri":"x://{i}","name":{name},"size":{i}}}"#)
                }
            })
            .collect();
        let message = format!(
            r#"{{"id":12,"result":{{"resources":[{}],"nextCursor":"n"}}}}"#,
            items.join(",")
        );
        proptest::prop_assert_eq!(streamed(&message, chunk), Ok(whole(&message)));
    }
}
