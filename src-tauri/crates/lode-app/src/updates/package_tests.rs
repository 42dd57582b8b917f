use std::io::Write;

use super::*;

/// A `.deb` as dpkg-deb writes one: an `ar` archive of `debian-binary`, `control.tar.gz`
/// (holding `./control` with `version`) and `data.tar.gz`.
fn deb(version: &str) -> Vec<u8> {
    deb_with_control(version, "control.tar.gz")
}

fn deb_with_control(version: &str, control_name: &str) -> Vec<u8> {
    let control = format!(
        "Package: lode\nVersion: {version}\nArchitecture: amd64\nMaintainer: Lode <dev@lode.dev>\n\
         Description: Lode\n"
    );
    let mut tar = tar::Builder::new(Vec::new());
    let mut header = tar::Header::new_gnu();
    header.set_size(control.len() as u64);
    header.set_mode(0o644);
    header.set_cksum();
    tar.append_data(&mut header, "./control", control.as_bytes())
        .expect("a tar entry");
    let tar = tar.into_inner().expect("a tar");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&tar).expect("gzip");
    let control_tar_gz = gz.finish().expect("gzip");
    let data = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default())
        .finish()
        .expect("gzip");
    let mut ar = b"!<arch>\n".to_vec();
    for (name, body) in [
        ("debian-binary", b"2.0\n".to_vec()),
        (control_name, control_tar_gz),
        ("data.tar.gz", data),
    ] {
        ar.extend(
            format!(
                "{name:<16}{:<12}{:<6}{:<6}{:<8}{:<10}`\n",
                0,
                0,
                0,
                100644,
                body.len()
            )
            .as_bytes(),
        );
        ar.extend(&body);
        if body.len() % 2 == 1 {
            ar.push(b'\n');
        }
    }
    ar
}

/// An `.rpm`'s lead, an empty signature header, and a header with `VERSION` (and `EPOCH`).
fn rpm(version: &str, epoch: Option<u32>) -> Vec<u8> {
    let mut bytes = vec![0xED, 0xAB, 0xEE, 0xDB];
    bytes.resize(96, 0);
    let header = |entries: &[(u32, u32, Vec<u8>)]| {
        let mut index = Vec::new();
        let mut store: Vec<u8> = Vec::new();
        for (tag, kind, data) in entries {
            for field in [*tag, *kind, store.len() as u32, 1] {
                index.extend(field.to_be_bytes());
            }
            store.extend(data);
        }
        let mut out = vec![0x8E, 0xAD, 0xE8, 0x01, 0, 0, 0, 0];
        out.extend((entries.len() as u32).to_be_bytes());
        out.extend((store.len() as u32).to_be_bytes());
        out.extend(index);
        out.extend(store);
        out
    };
    // A signature header of 3 store bytes: the main header starts after padding to 8.
    let signature = header(&[(1000, 7, vec![1, 2, 3])]);
    bytes.extend(&signature);
    while !bytes.len().is_multiple_of(8) {
        bytes.push(0);
    }
    let mut version_text = version.as_bytes().to_vec();
    version_text.push(0);
    let mut entries = vec![
        (1000, 6, b"lode\0".to_vec()),
        (RPMTAG_VERSION, 6, version_text),
    ];
    if let Some(epoch) = epoch {
        // INT32 values are 4-byte aligned in the store.
        let len: usize = entries.iter().map(|(_, _, d)| d.len()).sum();
        let pad = (4 - len % 4) % 4;
        if let Some(last) = entries.last_mut() {
            last.2.extend(std::iter::repeat_n(0, pad));
        }
        entries.push((RPMTAG_EPOCH, 4, epoch.to_be_bytes().to_vec()));
    }
    bytes.extend(header(&entries));
    bytes.extend(b"payload");
    bytes
}

/// A minisign signature whose trusted comment names `version` (not a valid signature: only
/// its comment is read here, after the plugin verified the real one).
fn signature_naming(version: Option<&str>) -> String {
    let comment = match version {
        Some(v) => format!("timestamp:1700000000\tfile:Lode.AppImage\tversion:{v}"),
        None => "timestamp:1700000000\tfile:Lode.AppImage".to_owned(),
    };
    let text = format!("untrusted comment: x\nRUQ=\ntrusted comment: {comment}\nAAAA=\n");
    base64::engine::general_purpose::STANDARD.encode(text)
}

#[test]
fn the_version_is_read_inside_a_deb() {
    assert_eq!(
        package_version(&deb("0.2.0")).ok().flatten().as_deref(),
        Some("0.2.0")
    );
    assert_eq!(
        package_version(&deb("0:1.4.0-1")).ok().flatten().as_deref(),
        Some("1.4.0-1")
    );
    let epoch = package_version(&deb("1:0.0.1")).err().map(|e| e.code);
    assert_eq!(epoch, Some(ErrorCode::UpdateNotNewer));
    let xz = package_version(&deb_with_control("0.2.0", "control.tar.xz")).err();
    assert!(xz.is_some_and(|e| e.message.contains("control.tar.xz")));
    let cut = deb("0.2.0");
    let cut = package_version(&cut[..cut.len() / 2]).err().map(|e| e.code);
    assert_eq!(cut, Some(ErrorCode::UpdateNotNewer));
}

#[test]
fn the_version_is_read_inside_a_deb_made_by_dpkg_deb_when_there_is_one() {
    let Ok(dir) = tempfile::tempdir() else { return };
    let tree = dir.path().join("tree");
    let control = tree.join("DEBIAN");
    if std::fs::create_dir_all(&control).is_err() {
        return;
    }
    let text =
        "Package: lode\nVersion: 0.3.1\nArchitecture: amd64\nMaintainer: L <l@l>\nDescription: d\n";
    if std::fs::write(control.join("control"), text).is_err() {
        return;
    }
    let out = dir.path().join("lode.deb");
    // dpkg-deb where it exists (CI's Debian): gzip, as the package test repacks.
    let built = std::process::Command::new("dpkg-deb")
        .args(["--root-owner-group", "-Zgzip", "-b"])
        .arg(&tree)
        .arg(&out)
        .output();
    if !built.is_ok_and(|o| o.status.success()) {
        eprintln!("no dpkg-deb: skipped");
        return;
    }
    let bytes = std::fs::read(&out).unwrap_or_default();
    assert_eq!(
        package_version(&bytes).ok().flatten().as_deref(),
        Some("0.3.1")
    );
}

#[test]
fn the_version_is_read_inside_an_rpm() {
    assert_eq!(
        package_version(&rpm("0.2.0", None))
            .ok()
            .flatten()
            .as_deref(),
        Some("0.2.0")
    );
    assert_eq!(
        package_version(&rpm("0.2.0", Some(0)))
            .ok()
            .flatten()
            .as_deref(),
        Some("0.2.0")
    );
    let epoch = package_version(&rpm("0.0.1", Some(3)))
        .err()
        .map(|e| e.code);
    assert_eq!(epoch, Some(ErrorCode::UpdateNotNewer));
    let cut = rpm("0.2.0", None);
    let cut = package_version(&cut[..120]).err().map(|e| e.code);
    assert_eq!(cut, Some(ErrorCode::UpdateNotNewer));
}

#[test]
fn an_older_or_equal_package_is_refused_whatever_the_feed_announced() {
    let any = signature_naming(None);
    // The feed announces 0.2.0 and serves a signed 0.1.0 (older than the installed 0.1.5).
    let older = check_update_package(&deb("0.1.0"), &any, "0.2.0", "0.1.5").err();
    assert_eq!(
        older.as_ref().map(|e| e.code),
        Some(ErrorCode::UpdateNotNewer)
    );
    assert!(older.is_some_and(|e| e.message.contains("0.1.0") && e.message.contains("0.1.5")));
    let equal = check_update_package(&deb("0.1.5"), &any, "0.2.0", "0.1.5").err();
    assert_eq!(equal.map(|e| e.code), Some(ErrorCode::UpdateNotNewer));
    let older_rpm = check_update_package(&rpm("0.1.4", None), &any, "0.2.0", "0.1.5").err();
    assert_eq!(older_rpm.map(|e| e.code), Some(ErrorCode::UpdateNotNewer));
    // Newer, and what was announced: accepted.
    let newer = check_update_package(&deb("0.2.0"), &any, "0.2.0", "0.1.5").ok();
    assert_eq!(newer, Version::parse("0.2.0").ok());
    // Newer, but not what the dialog showed.
    let other = check_update_package(&deb("0.3.0"), &any, "0.2.0", "0.1.5").err();
    assert_eq!(other.map(|e| e.code), Some(ErrorCode::UpdateNotNewer));
}

#[test]
fn other_formats_need_a_signed_version() {
    let appimage = b"\x7fELF an AppImage".to_vec();
    let unsigned = check_update_package(&appimage, &signature_naming(None), "0.2.0", "0.1.0").err();
    assert_eq!(unsigned.map(|e| e.code), Some(ErrorCode::UpdateNotNewer));
    let old = check_update_package(
        &appimage,
        &signature_naming(Some("0.1.0")),
        "0.1.0",
        "0.1.0",
    )
    .err();
    assert_eq!(old.map(|e| e.code), Some(ErrorCode::UpdateNotNewer));
    let new = check_update_package(
        &appimage,
        &signature_naming(Some("0.2.0")),
        "0.2.0",
        "0.1.0",
    );
    assert!(new.is_ok(), "{new:?}");
}

#[test]
fn a_download_past_the_cap_is_refused() {
    assert!(check_download_size(0, None).is_ok());
    assert!(check_download_size(MAX_UPDATE_BYTES, Some(MAX_UPDATE_BYTES)).is_ok());
    let announced = check_download_size(0, Some(MAX_UPDATE_BYTES + 1)).err();
    assert_eq!(announced.map(|e| e.code), Some(ErrorCode::UpdateTooLarge));
    let streamed = check_download_size(MAX_UPDATE_BYTES + 1, None).err();
    assert_eq!(streamed.map(|e| e.code), Some(ErrorCode::UpdateTooLarge));
    assert!(check_size_within(11, None, 10).is_err());
}
