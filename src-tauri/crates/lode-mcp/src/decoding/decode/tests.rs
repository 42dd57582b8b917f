//! The decoder against rmcp's own decoding, and every fault it answers.

use super::*;
use rmcp::model::{
    ClientRequest, PaginatedRequestParams, ReadResourceRequestParams, ReadResourceResult,
    ResourceContents,
};
use serde_json::json;

fn decoder_waiting_for(requests: &[(i64, ClientRequest)]) -> Decoder {
    let mut decoder = Decoder::default();
    for (id, request) in requests {
        decoder.sent(&ClientJsonRpcMessage::request(
            request.clone(),
            RequestId::Number(*id),
        ));
    }
    decoder
}

fn list_request() -> ClientRequest {
    ClientRequest::ListResourcesRequest(rmcp::model::ListResourcesRequest {
        method: Default::default(),
        params: Some(PaginatedRequestParams::default()),
        extensions: Default::default(),
    })
}

fn read_request() -> ClientRequest {
    ClientRequest::ReadResourceRequest(rmcp::model::ReadResourceRequest::new(
        ReadResourceRequestParams::new("x://a"),
    ))
}

fn decode(decoder: &mut Decoder, text: &str) -> Vec<ServerJsonRpcMessage> {
    let mut out = VecDeque::new();
    decoder.decode(text.as_bytes(), &mut out);
    out.into()
}

fn fault_of(message: &ServerJsonRpcMessage) -> (Fault, String) {
    match message {
        JsonRpcMessage::Error(error) => {
            let (fault, _) = Fault::of(&error.error).expect("a Lode fault");
            (fault, error.error.message.to_string())
        }
        other => panic!("expected an error, got {other:?}"),
    }
}

/// A page shaped like the bench server's, with every field a resource can have.
fn bench_page(count: usize) -> serde_json::Value {
    let audiences = [
        json!(["user"]),
        json!(["assistant"]),
        json!(["user", "assistant"]),
    ];
    let resources: Vec<_> = (0..count)
        .map(|i| {
            json!({
                "uri": format!("bench://item/{i:06}"),
                "name": format!("item-{i:06}"),
                "title": format!("Item {i}"),
                "description": format!("Synthetic resource \"{i}\" \u{e9}"),
                "mimeType": "text/plain",
                "size": 60 + i,
                "icons": [{"src": "data:image/png;base64,AA==", "sizes": ["16x16"]}],
                "_meta": {"k": i},
                "annotations": {
                    "audience": audiences[i % 3],
                    "priority": (i % 11) as f64 / 10.0,
                    "lastModified": format!("2025-01-01T00:{:02}:00.000Z", i % 60),
                },
            })
        })
        .collect();
    json!({"resources": resources, "nextCursor": "100", "ttlMs": 5, "cacheScope": "public"})
}

#[test]
fn fast_path_gives_what_rmcps_decoding_gives() {
    let line = json!({"result": bench_page(50), "jsonrpc": "2.0", "id": 3}).to_string();
    // Alone, the page is parsed in one pass; with a read also waiting, in two (envelope,
    // then result). Both must give exactly what rmcp's own decoding gives.
    for waiting in [
        vec![(3, list_request())],
        vec![(3, list_request()), (4, read_request())],
    ] {
        let slow: ServerJsonRpcMessage = serde_json::from_str(&line).unwrap();
        let mut decoder = decoder_waiting_for(&waiting);
        let fast = decode(&mut decoder, &line);
        let (JsonRpcMessage::Response(slow), [JsonRpcMessage::Response(fast)]) =
            (slow, fast.as_slice())
        else {
            panic!("both are responses");
        };
        let (ServerResult::ListResourcesResult(slow), ServerResult::ListResourcesResult(fast)) =
            (slow.result, &fast.result)
        else {
            panic!("both are resource pages");
        };
        assert_eq!(&slow, fast);
        assert_eq!(fast.resources.len(), 50);
        assert_eq!(
            decoder.outstanding(),
            waiting.len() - 1,
            "the answered id is forgotten"
        );
    }
}

#[test]
fn the_one_pass_path_leaves_everything_else_to_the_general_one() {
    // A notification, a stray answer and a malformed page while a listing waits.
    let mut decoder = decoder_waiting_for(&[(1, list_request())]);
    let note = r#"{"jsonrpc":"2.0","method":"notifications/resources/list_changed"}"#;
    assert!(matches!(
        decode(&mut decoder, note).as_slice(),
        [JsonRpcMessage::Notification(_)]
    ));
    let stray = r#"{"jsonrpc":"2.0","id":7,"result":{"resources":[]}}"#;
    assert!(decode(&mut decoder, stray).is_empty());
    assert_eq!(decoder.outstanding(), 1);
    let bad = r#"{"result":{"resources":[{"uri":"x://a","name":"a","size":"big"}]},"id":1}"#;
    let out = decode(&mut decoder, bad);
    let [JsonRpcMessage::Response(response)] = out.as_slice() else {
        panic!("repaired, not failed: {out:?}");
    };
    let ServerResult::ListResourcesResult(page) = &response.result else {
        panic!("a page");
    };
    assert_eq!(page.resources[0].size, None);
    assert_eq!(crate::convert::item_warnings(page.meta.as_ref()).len(), 1);
}

#[test]
fn fast_path_read_and_other_results_match_rmcp() {
    let read = json!({"jsonrpc": "2.0", "id": 4, "result": {"contents": [
        {"uri": "x://a", "mimeType": "text/plain", "text": "hello"},
        {"uri": "x://b", "blob": "AAEC"},
    ]}})
    .to_string();
    let ping = json!({"jsonrpc": "2.0", "id": "5", "result": {}}).to_string();
    let mut decoder = decoder_waiting_for(&[
        (4, read_request()),
        (5, ClientRequest::PingRequest(Default::default())),
    ]);
    for line in [&read, &ping] {
        let slow: ServerJsonRpcMessage = serde_json::from_str(line).unwrap();
        let fast = decode(&mut decoder, line);
        assert_eq!(fast.len(), 1);
        // `"5"` answers request 5: the id comes back as Lode sent it.
        let slow = serde_json::to_value(&slow).unwrap();
        let fast = serde_json::to_value(&fast[0]).unwrap();
        assert_eq!(slow["result"], fast["result"]);
    }
}

#[test]
fn unknown_ids_are_dropped_and_known_ones_still_answered() {
    let mut decoder = decoder_waiting_for(&[(1, read_request())]);
    let wrong = r#"{"jsonrpc":"2.0","id":99,"result":{"contents":[]}}"#;
    assert!(decode(&mut decoder, wrong).is_empty());
    let right = r#"{"jsonrpc":"2.0","id":1,"result":{"contents":[]}}"#;
    assert!(matches!(
        decode(&mut decoder, right).as_slice(),
        [JsonRpcMessage::Response(_)]
    ));
    // Answered once: a second answer is a stray.
    assert!(decode(&mut decoder, right).is_empty());
}

#[test]
fn a_cancelled_request_is_no_longer_waited_for() {
    let mut decoder = decoder_waiting_for(&[(1, read_request())]);
    let cancel = ClientJsonRpcMessage::notification(ClientNotification::CancelledNotification(
        rmcp::model::CancelledNotification::new(rmcp::model::CancelledNotificationParam::new(
            Some(RequestId::Number(1)),
            None,
        )),
    ));
    decoder.sent(&cancel);
    assert_eq!(decoder.outstanding(), 0);
}

#[test]
fn faults_fail_every_outstanding_request_with_a_specific_error() {
    let cases = [
        (
            r#"{"jsonrpc":"2.0","id":1,"result":{"#,
            Fault::MalformedJson,
            "malformed JSON",
        ),
        (
            r#"{"jsonrpc":"2.0","id":{},"result":{}}"#,
            Fault::NotJsonRpc,
            "not JSON-RPC",
        ),
        (
            r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Session gone"}}"#,
            Fault::UnattributedError,
            "Session gone (code -32600)",
        ),
        (
            r#"{"jsonrpc":"2.0","error":{"code":-32000,"message":"no id at all"}}"#,
            Fault::UnattributedError,
            "no id at all",
        ),
        (r#"{"hello":1}"#, Fault::NotJsonRpc, "not JSON-RPC"),
    ];
    for (line, fault, fragment) in cases {
        let mut decoder = decoder_waiting_for(&[(1, read_request()), (2, list_request())]);
        let out = decode(&mut decoder, line);
        assert_eq!(out.len(), 2, "{line}");
        for message in &out {
            let (got, text) = fault_of(message);
            assert_eq!(got, fault, "{line}");
            assert!(text.contains(fragment), "{text:?} lacks {fragment:?}");
        }
        assert_eq!(decoder.outstanding(), 0);
    }
}

#[test]
fn bad_utf8_fails_only_the_request_it_answers_when_the_id_is_readable() {
    let mut decoder = decoder_waiting_for(&[(1, read_request()), (2, list_request())]);
    let mut line =
        br#"{"jsonrpc":"2.0","id":1,"result":{"contents":[{"uri":"x://a","text":""#.to_vec();
    line.extend(b"\xff\xfe");
    line.extend(br#""}]}}"#);
    let mut out = VecDeque::new();
    decoder.decode(&line, &mut out);
    assert_eq!(out.len(), 1);
    let (fault, text) = fault_of(&out[0]);
    assert_eq!(fault, Fault::NotUtf8);
    assert!(text.contains("not UTF-8 (at byte 69)"), "{text}");
    assert_eq!(decoder.outstanding(), 1, "request 2 still waits");
}

#[test]
fn a_result_of_the_wrong_shape_names_the_method() {
    let mut decoder = decoder_waiting_for(&[(1, read_request())]);
    let out = decode(&mut decoder, r#"{"jsonrpc":"2.0","id":1,"result":{"x":1}}"#);
    let (fault, text) = fault_of(&out[0]);
    assert_eq!(fault, Fault::MalformedResult);
    assert!(
        text.contains("answer to resources/read is malformed: missing field `contents`"),
        "{text}"
    );
}

#[test]
fn batches_and_server_requests_are_decoded() {
    let mut decoder = decoder_waiting_for(&[(1, read_request())]);
    let batch = r#"[{"jsonrpc":"2.0","id":1,"result":{"contents":[]}},
        {"jsonrpc":"2.0","method":"notifications/resources/list_changed"},
        {"jsonrpc":"2.0","id":"s1","method":"ping"}]"#;
    let out = decode(&mut decoder, batch);
    assert!(matches!(
        out.as_slice(),
        [
            JsonRpcMessage::Response(_),
            JsonRpcMessage::Notification(_),
            JsonRpcMessage::Request(_)
        ]
    ));
}

#[test]
fn excerpts_are_cut_at_a_character_boundary() {
    let long = "é".repeat(300);
    let cut = excerpt(&long);
    assert_eq!(cut.chars().count(), EXCERPT_CHARS + 1);
    assert!(cut.ends_with('…'));
}

/// The `resources/read` result as Lode parses it and as rmcp does.
fn read_both_ways(result: &serde_json::Value) -> (ReadResourceResult, ReadResourceResult) {
    let text = result.to_string();
    let ours = serde_json::from_str::<read::ReadResult>(&text).expect("Lode reads it");
    let rmcps = serde_json::from_str::<ReadResourceResult>(&text).expect("rmcp reads it");
    (ours.0, rmcps)
}

fn texts_of(result: &ReadResourceResult) -> Vec<&String> {
    result
        .contents
        .iter()
        .filter_map(|content| match content {
            ResourceContents::TextResourceContents { text, .. } => Some(text),
            _ => None,
        })
        .collect()
}

#[test]
fn a_read_result_is_what_rmcp_makes_of_it() {
    let results = [
        json!({"contents": []}),
        json!({"contents": [{"uri": "x://a", "text": "hello"}]}),
        json!({
            "resultType": "complete",
            "ttlMs": 60000,
            "cacheScope": "private",
            "_meta": {"dev.lode/k": [1, {"x": null}]},
            "nextCursor": "ignored",
            "contents": [
                {
                    "uri": "x://a",
                    "mimeType": "text/plain",
                    "text": "line \"one\"\n\ttab \\ slash / nul \u{0} é 😀 \u{7f}\n",
                    "_meta": {"k": "v"},
                    "annotations": {"audience": ["user"]},
                },
                {"uri": "x://b", "mimeType": "application/octet-stream", "blob": "AAEC/w=="},
                {"uri": "x://c", "text": "", "blob": null, "size": 3},
                {"uri": "x://d", "text": null, "blob": ""},
            ],
        }),
        // rmcp's leniencies: a negative ttl is 0, an empty scope is none.
        json!({"ttlMs": -5, "cacheScope": "", "contents": []}),
        json!({"ttlMs": null, "cacheScope": null, "_meta": null, "contents": []}),
    ];
    for result in results {
        let (ours, rmcps) = read_both_ways(&result);
        assert_eq!(ours, rmcps, "{result}");
    }
}

#[test]
fn an_absent_result_type_stays_absent() {
    let (ours, _) = read_both_ways(&json!({"contents": []}));
    assert_eq!(ours.result_type, None);
    let (ours, _) = read_both_ways(&json!({"resultType": "complete", "contents": []}));
    assert!(ours.result_type.is_some_and(|kind| kind.is_complete()));
}

#[test]
fn escapes_are_decoded_including_surrogate_pairs_and_nul() {
    // Written by hand: serde_json would not escape `/`, `é` or the emoji.
    let result = r#"{"contents":[{"uri":"x://a","text":"a\"b\\c\/d\be\ff\ng\rh\ti \u0000 \u00e9 \ud83d\ude00 \uD834\uDD1E"}]}"#;
    let ours = serde_json::from_str::<read::ReadResult>(result).unwrap().0;
    assert_eq!(
        texts_of(&ours),
        ["a\"b\\c/d\u{8}e\u{c}f\ng\rh\ti \0 é 😀 𝄞"]
    );
    assert_eq!(ours, serde_json::from_str(result).unwrap());
}

#[test]
fn a_blob_with_escaped_slashes_is_decoded() {
    let result = r#"{"contents":[{"uri":"x://b","blob":"AA\/B+w=="}]}"#;
    let ours = serde_json::from_str::<read::ReadResult>(result).unwrap().0;
    let [ResourceContents::BlobResourceContents { blob, .. }] = ours.contents.as_slice() else {
        panic!("one blob: {ours:?}");
    };
    assert_eq!(blob, "AA/B+w==");
    assert_eq!(blob.capacity(), blob.len());
}

#[test]
fn a_text_is_allocated_once_at_its_exact_length() {
    let line = "the quick brown fox \"jumps\"\tover the lazy dog\n";
    let result = json!({"contents": [
        {"uri": "x://a", "text": line.repeat(1000)},
        {"uri": "x://b", "text": "no escapes at all"},
    ]});
    let (ours, rmcps) = read_both_ways(&result);
    assert_eq!(ours, rmcps);
    for text in texts_of(&ours) {
        assert_eq!(text.capacity(), text.len());
    }
}

#[test]
fn a_content_needs_exactly_one_of_text_and_blob() {
    let cases = [
        (
            json!({"uri": "x://a", "mimeType": "text/plain"}),
            "the contents of `x://a` have neither `text` nor `blob`",
        ),
        (
            json!({"uri": "x://a", "text": null}),
            "the contents of `x://a` have neither `text` nor `blob`",
        ),
        (
            json!({"uri": "x://a", "text": "t", "blob": "AA=="}),
            "the contents of `x://a` have both `text` and `blob`",
        ),
        (
            json!({"uri": "x://a", "text": 5}),
            "the `text` of `x://a` is not a string",
        ),
        (json!({"text": "t"}), "missing field `uri`"),
    ];
    for (content, fragment) in cases {
        let result = json!({"contents": [{"uri": "x://ok", "text": ""}, content]}).to_string();
        let error = serde_json::from_str::<read::ReadResult>(&result)
            .err()
            .expect("an error")
            .to_string();
        assert!(error.contains(fragment), "{error:?} lacks {fragment:?}");
    }
}

#[test]
fn a_lone_surrogate_fails_the_read_as_it_does_in_rmcp() {
    let result = r#"{"contents":[{"uri":"x://a","text":"\ud83d"}]}"#;
    let error = serde_json::from_str::<read::ReadResult>(result)
        .err()
        .expect("an error")
        .to_string();
    assert!(
        error.contains("the `text` of `x://a` has half a UTF-16 surrogate pair"),
        "{error}"
    );
    assert!(serde_json::from_str::<ReadResourceResult>(result).is_err());
}

/// A read alone is parsed in one pass (`speculate`); with a listing sent after it, in two.
fn both_paths() -> [Vec<(i64, ClientRequest)>; 2] {
    [
        vec![(2, list_request()), (1, read_request())],
        vec![(1, read_request()), (2, list_request())],
    ]
}

#[test]
fn both_paths_read_what_rmcp_reads() {
    let result = json!({"ttlMs": 5, "_meta": {"k": 1}, "contents": [
        {"uri": "x://a", "mimeType": "text/plain", "text": "a \"b\"\n\t\u{0} é 😀\n", "extra": 1},
        {"uri": "x://b", "blob": "AAEC"},
    ]});
    let line = json!({"jsonrpc": "2.0", "id": 1, "result": result}).to_string();
    for waiting in both_paths() {
        let mut decoder = decoder_waiting_for(&waiting);
        let out = decode(&mut decoder, &line);
        let [JsonRpcMessage::Response(response)] = out.as_slice() else {
            panic!("a response: {out:?}");
        };
        let ServerResult::ReadResourceResult(read) = &response.result else {
            panic!("a read: {response:?}");
        };
        assert_eq!(read, &read_both_ways(&result).1);
        assert_eq!(decoder.outstanding(), 1, "only the read is answered");
    }
}

#[test]
fn a_bad_read_fails_its_request_and_only_it() {
    let line = r#"{"jsonrpc":"2.0","id":1,"result":{"contents":[{"uri":"x://a"}]}}"#;
    for waiting in both_paths() {
        let mut decoder = decoder_waiting_for(&waiting);
        let out = decode(&mut decoder, line);
        let [message] = out.as_slice() else {
            panic!("one answer: {out:?}");
        };
        let (fault, text) = fault_of(message);
        assert_eq!(fault, Fault::MalformedResult);
        assert!(
            text.contains(
                "answer to resources/read is malformed: the contents of `x://a` have neither"
            ),
            "{text}"
        );
        assert_eq!(decoder.outstanding(), 1, "request 2 still waits");
    }
}

#[test]
fn a_content_with_both_text_and_blob_still_reads_as_rmcp_reads_it() {
    // rmcp's untagged `ResourceContents` tries the text variant first and ignores `blob`;
    // Lode's own parse refuses it, and the fallback to rmcp's decoding gives the same.
    let line = r#"{"jsonrpc":"2.0","id":1,"result":{"contents":[{"uri":"x://a","text":"t","blob":"AA=="}]}}"#;
    let mut decoder = decoder_waiting_for(&[(1, read_request())]);
    let out = decode(&mut decoder, line);
    let [JsonRpcMessage::Response(response)] = out.as_slice() else {
        panic!("a response: {out:?}");
    };
    let ServerResult::ReadResourceResult(read) = &response.result else {
        panic!("a read: {response:?}");
    };
    assert_eq!(texts_of(read), ["t"]);
}
