//! About and updates through the real commands on Tauri's mock runtime, against a loopback
//! update feed: each way a check or a download fails reaches the window as its own typed error
//! (a code, the step and the reason, which the window words), and nothing is installed (the
//! packages here never verify). Then the feed setting: a new URL is asked natively, and
//! `LODE_UPDATE_FEED` wins over it. One test, because the feed is given through the
//! environment, which the whole test process shares.

#[path = "support/ipc_harness.rs"]
mod support;

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{json, Value};
use support::{harness, invoke};

/// A minisign signature of other bytes, by a throwaway key that is not Lode's release key.
const FOREIGN_SIGNATURE: &str = "dW50cnVzdGVkIGNvbW1lbnQ6IHNpZ25hdHVyZSBmcm9tIHRhdXJpIHNlY3JldCBrZXkKUlVTKzZRaUo4eUFqNmxnMHpuM2ZCVGpoejlaelVPK2Z1MThlWVppKzNaWFhrOEczUzRRSkZQdkFFaXpJem1vc0NaVHVOU3dXMk1sbFd3elJWZ1NCL3dqNFMrQ3FVKzViRUFvPQp0cnVzdGVkIGNvbW1lbnQ6IHRpbWVzdGFtcDoxNzk1NjI2MDQxCWZpbGU6b3RoZXIKWTlVY0lzYUozMVdzR0hUNXUrZkFjN1JWQ3JGeGREeWxQRXFxQndHWTF3ZVlpVlJaVTdQSExmbUZzeTRwbWZFNW1lc3ZITHJkSnhJbFR0UXRtTSt1QkE9PQo=";

/// What the feed serves.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    /// An older release: no update.
    Older,
    /// 9.9.9 with notes; the package is whole but signed by another key.
    Offer,
    /// 9.9.9; the package announced with 1000 bytes, 500 sent, then the connection closes.
    Truncated,
    NotJson,
    /// A release with a package for no system Lode runs on.
    NoPackage,
    /// The request is read and never answered.
    Hang,
}

fn serve(mode: Arc<Mutex<Mode>>) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    let feed_base = base.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let mode = *mode.lock().expect("mode");
            let base = feed_base.clone();
            std::thread::spawn(move || answer(stream, mode, &base));
        }
    });
    format!("{base}/latest.json")
}

fn answer(mut stream: TcpStream, mode: Mode, base: &str) {
    let mut request = String::new();
    let mut reader = BufReader::new(stream.try_clone().expect("clone"));
    reader.read_line(&mut request).expect("request line");
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).unwrap_or(0) <= 2 {
            break;
        }
    }
    let path = request.split_whitespace().nth(1).unwrap_or("/").to_owned();
    let (status, body, length) = match (mode, path.as_str()) {
        (Mode::Hang, _) => {
            std::thread::sleep(Duration::from_secs(10));
            return;
        }
        (_, "/latest.json") => {
            let platform =
                json!({ "url": format!("{base}/package"), "signature": FOREIGN_SIGNATURE });
            let targets = [
                "linux-x86_64",
                "linux-aarch64",
                "darwin-x86_64",
                "darwin-aarch64",
                "windows-x86_64",
            ];
            let platforms: serde_json::Map<String, Value> = match mode {
                Mode::NoPackage => [("plan9-mips".to_owned(), platform)].into_iter().collect(),
                _ => targets
                    .iter()
                    .map(|t| ((*t).to_owned(), platform.clone()))
                    .collect(),
            };
            let version = if mode == Mode::Older {
                "0.0.1"
            } else {
                "9.9.9"
            };
            let release = json!({
                "version": version,
                "notes": "Faster listings.\n<b>not markup</b>",
                "pub_date": "2026-11-25T12:00:00Z",
                "platforms": platforms,
            });
            let body = if mode == Mode::NotJson {
                "<html>not a feed</html>".to_owned()
            } else {
                release.to_string()
            };
            let length = body.len();
            ("200 OK", body.into_bytes(), length)
        }
        (Mode::Truncated, "/package") => ("200 OK", vec![b'x'; 500], 1000),
        (_, "/package") => ("200 OK", b"not the package\n".to_vec(), 16),
        _ => ("404 Not Found", Vec::new(), 0),
    };
    let head =
        format!("HTTP/1.1 {status}\r\ncontent-length: {length}\r\nconnection: close\r\n\r\n");
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(&body);
    let _ = stream.flush();
}

fn code_and_message(error: &Value) -> (String, String) {
    (
        error["code"].as_str().unwrap_or_default().to_owned(),
        error["message"].as_str().unwrap_or_default().to_owned(),
    )
}

/// The code, step and reason of an update's failure.
fn sorted(error: &Value) -> (&str, &str, &str) {
    let facts = &error["facts"];
    assert_eq!(facts["kind"], "update", "{error}");
    (
        error["code"].as_str().unwrap_or_default(),
        facts["step"].as_str().unwrap_or_default(),
        facts["reason"].as_str().unwrap_or_default(),
    )
}

#[test]
fn about_and_every_way_an_update_can_fail() {
    let mode = Arc::new(Mutex::new(Mode::Older));
    let feed = serve(mode.clone());
    std::env::set_var("LODE_UPDATE_FEED", &feed);
    std::env::set_var("LODE_UPDATE_TIMEOUT_SECS", "1");
    let h = harness();
    let set = |next: Mode| *mode.lock().expect("mode") = next;
    let check = || invoke(&h.window, "check_for_updates", json!({}));
    let install = || {
        invoke(
            &h.window,
            "install_update",
            json!({ "onProgress": "__CHANNEL__:1" }),
        )
    };

    let about = invoke(&h.window, "about_lode", json!({})).expect("about");
    assert_eq!(about["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(about["updateFeed"]["url"], feed.as_str());
    assert_eq!(about["updateFeed"]["source"], "environment");
    assert_eq!(about["dataDir"], h.data.path().display().to_string());
    let commit = about["commit"].as_str().unwrap_or_default();
    assert!(
        commit == "unknown" || commit.chars().all(|c| c.is_ascii_hexdigit()),
        "{commit}"
    );
    assert_eq!(
        invoke(&h.window, "report_first_rows", json!({})),
        Ok(Value::Null)
    );

    assert_eq!(
        check(),
        Ok(json!({ "currentVersion": env!("CARGO_PKG_VERSION") }))
    );
    assert_eq!(
        invoke(&h.window, "pending_update", json!({})),
        Ok(Value::Null)
    );
    let nothing = install().expect_err("no update to install");
    assert_eq!(code_and_message(&nothing).0, "invalidInput");

    set(Mode::Offer);
    let offer = check().expect("an update");
    assert_eq!(offer["update"]["version"], "9.9.9");
    assert_eq!(
        offer["update"]["notes"],
        "Faster listings.\n<b>not markup</b>"
    );
    assert_eq!(offer["update"]["date"], "2026-11-25T12:00:00Z");
    assert_eq!(
        invoke(&h.window, "pending_update", json!({})),
        Ok(offer["update"].clone())
    );
    let foreign = install().expect_err("a foreign signature");
    assert_eq!(
        sorted(&foreign),
        ("updateSignature", "download", "signature")
    );
    assert_eq!(foreign["facts"]["version"], "9.9.9");

    set(Mode::Truncated);
    let short = install().expect_err("a download cut short");
    assert_eq!(
        sorted(&short),
        ("updateIncomplete", "download", "incomplete")
    );
    assert_eq!(
        (&short["facts"]["received"], &short["facts"]["total"]),
        (&json!(500), &json!(1000))
    );

    set(Mode::NotJson);
    let not_json = check().expect_err("not JSON");
    assert_eq!(sorted(&not_json), ("updateFeed", "check", "notJson"));
    assert_eq!(not_json["facts"]["feed"], feed.as_str());

    set(Mode::NoPackage);
    let no_package = check().expect_err("no package");
    assert_eq!(
        sorted(&no_package),
        ("updateNoPackage", "check", "noPackage")
    );
    assert!(no_package["facts"]["targets"]
        .as_array()
        .is_some_and(|targets| !targets.is_empty()));

    set(Mode::Hang);
    let hang = check().expect_err("no answer");
    assert_eq!(sorted(&hang), ("timeout", "check", "timeout"));
    assert_eq!(hang["facts"]["timeoutSecs"], 1.0);

    the_feed_setting_is_confirmed_and_the_environment_wins(&h, &feed);
}

fn the_feed_setting_is_confirmed_and_the_environment_wins(h: &support::Harness, feed: &str) {
    const MINE: &str = "https://mirror.example/lode/latest.json";
    let choose = |window, url: &str| {
        invoke(
            window,
            "set_update_feed",
            json!({ "choice": { "kind": "url", "url": url } }),
        )
    };
    // A page cannot slip in a feed the person did not accept.
    let declining = support::harness_confirming(lode_desktop::Confirmer::scripted(false));
    let declined = choose(&declining.window, MINE).expect_err("declined");
    assert_eq!(code_and_message(&declined).0, "declined");
    // Nor one Lode would not use, asked or not.
    let insecure = choose(&h.window, "http://mirror.example/latest.json").expect_err("http");
    assert_eq!(sorted(&insecure), ("updateFeed", "check", "insecure"));

    let saved = choose(&h.window, MINE).expect("accepted");
    assert_eq!(saved["source"], "environment");
    assert_eq!(saved["url"], feed);
    std::env::remove_var("LODE_UPDATE_FEED");
    let state = invoke(&h.window, "update_feed", json!({})).expect("state");
    assert_eq!(
        (&state["source"], &state["url"]),
        (&json!("setting"), &json!(MINE))
    );
    let declined_state = invoke(&declining.window, "update_feed", json!({})).expect("state");
    assert_eq!(declined_state["source"], "none");

    let off = invoke(
        &h.window,
        "set_update_feed",
        json!({ "choice": { "kind": "off" } }),
    );
    assert_eq!(off.map(|s| s["source"].clone()), Ok(json!("setting")));
    let (code, _) =
        code_and_message(&invoke(&h.window, "check_for_updates", json!({})).expect_err("off"));
    assert_eq!(code, "updatesOff");
    let reset = invoke(
        &h.window,
        "set_update_feed",
        json!({ "choice": { "kind": "default" } }),
    );
    assert_eq!(reset.map(|s| s["source"].clone()), Ok(json!("none")));
    let none = invoke(&h.window, "check_for_updates", json!({})).expect_err("no feed");
    assert_eq!(sorted(&none), ("updatesOff", "check", "noFeed"));
}
