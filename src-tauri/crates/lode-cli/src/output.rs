//! What the commands print: a readable table or text, or the documented JSON shapes.

use std::io::Write;

use lode_core::{ErrorCode, LodeError, LodeResult, ResourceContent, ResourceItem, Role};

pub fn resources(items: &[ResourceItem], json: bool) -> LodeResult<()> {
    if json {
        return print_json(items);
    }
    let mut out = String::new();
    for item in items {
        out.push_str(&format!(
            "{}\t{}\t{}\t{}\t{}\n",
            item.uri,
            item.display_name(),
            audience(item.annotations.audience.as_deref()),
            item.annotations
                .priority
                .map(|p| format!("{p:.2}"))
                .unwrap_or_else(|| "-".into()),
            item.annotations.last_modified.as_deref().unwrap_or("-"),
        ));
    }
    out.push_str(&format!("{} resources\n", items.len()));
    write_stdout(out.as_bytes())
}

pub fn contents(contents: &[ResourceContent], json: bool) -> LodeResult<()> {
    if json {
        return print_json(contents);
    }
    for content in contents {
        match content {
            ResourceContent::Text { text, .. } => write_stdout(text.as_bytes())?,
            ResourceContent::Blob {
                uri,
                mime_type,
                blob,
            } => write_stdout(
                format!(
                    "[{} blob, {} base64 characters: {uri}; use --json for the data]\n",
                    mime_type.as_deref().unwrap_or("binary"),
                    blob.len()
                )
                .as_bytes(),
            )?,
        }
    }
    Ok(())
}

fn audience(roles: Option<&[Role]>) -> &'static str {
    match roles {
        None | Some([]) => "-",
        Some(roles) => {
            match (
                roles.contains(&Role::User),
                roles.contains(&Role::Assistant),
            ) {
                (true, true) => "user+assistant",
                (true, false) => "user",
                _ => "assistant",
            }
        }
    }
}

fn print_json<T: serde::Serialize + ?Sized>(value: &T) -> LodeResult<()> {
    let mut text = serde_json::to_string_pretty(value)
        .map_err(|e| LodeError::new(ErrorCode::Internal, format!("could not encode JSON: {e}")))?;
    text.push('\n');
    write_stdout(text.as_bytes())
}

fn write_stdout(bytes: &[u8]) -> LodeResult<()> {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Ok(()) => Ok(()),
        // The reader went away (`lode ls | head`): not an error worth reporting.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(LodeError::new(
            ErrorCode::Internal,
            format!("could not write output: {e}"),
        )),
    }
}
