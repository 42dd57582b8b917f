//! `lode basket export NAME --format md|xml|json [--out FILE]`.

use lode_core::basket::ExportFormat;
use lode_core::LodeResult;

use super::args::{ExportArgs, Format};
use crate::connect::open_lode;
use crate::exit::Outcome;
use crate::render::{self, grouped};

pub async fn run(args: &ExportArgs) -> LodeResult<Outcome> {
    let lode = open_lode()?;
    let basket = lode.find_basket(&args.name)?;
    let format = match args.format {
        Format::Md => ExportFormat::Markdown,
        Format::Xml => ExportFormat::Xml,
        Format::Json => ExportFormat::Json,
    };
    match &args.out {
        Some(file) => {
            let written = lode.save_basket_bundle(basket.id, format, file).await?;
            crate::render::stderr_line(&format!(
                "lode: wrote {} ({} bytes, {} beside it)",
                written.document.display(),
                grouped(written.bytes),
                render::count(written.files.len(), "file")
            ));
        }
        None => {
            let exported = lode.export_basket(basket.id, format)?;
            render::text(&exported.text)?;
            if !exported.attachments.is_empty() {
                crate::render::stderr_line(&format!(
                    "lode: note: {} not printed; save a bundle with --out FILE to get them",
                    render::count(exported.attachments.len(), "binary content")
                ));
            }
        }
    }
    Ok(Outcome::Success)
}
