//! Small SVG icons carried inline as `data:` URIs, so clients can render them
//! without fetching anything from the network.

use base64::Engine;
use rmcp::model::Icon;

/// What a resource looks like in a list.
#[derive(Debug, Clone, Copy)]
pub enum Glyph {
    Document,
    Code,
    Data,
    Config,
    Image,
    Table,
    Agent,
    Clock,
    Note,
}

impl Glyph {
    fn svg(self) -> String {
        let (colour, mark) = match self {
            Glyph::Document => ("#2f6fde", "<path d='M5 5h6M5 8h6M5 11h4' stroke='#fff'/>"),
            Glyph::Code => ("#7a3fd1", "<path d='M6 5 3 8l3 3M10 5l3 3-3 3' stroke='#fff' fill='none'/>"),
            Glyph::Data => ("#1f9d6b", "<path d='M4 12V8M8 12V4M12 12V6' stroke='#fff'/>"),
            Glyph::Config => ("#6b7385", "<circle cx='8' cy='8' r='3' stroke='#fff' fill='none'/>"),
            Glyph::Image => ("#d97a1f", "<path d='M3 12l3-4 2 2 2-3 3 5z' fill='#fff'/>"),
            Glyph::Table => ("#0f7fa8", "<path d='M3 6h10M3 9h10M7 3v10' stroke='#fff'/>"),
            Glyph::Agent => ("#c2410c", "<circle cx='8' cy='6' r='2' fill='#fff'/><path d='M4 13c1-3 7-3 8 0' stroke='#fff' fill='none'/>"),
            Glyph::Clock => ("#b91c1c", "<circle cx='8' cy='8' r='5' stroke='#fff' fill='none'/><path d='M8 5v3h2' stroke='#fff'/>"),
            Glyph::Note => ("#ca8a04", "<path d='M4 4h8v8H4z' stroke='#fff' fill='none'/>"),
        };
        format!(
            "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><rect width='16' height='16' rx='3' fill='{colour}'/>{mark}</svg>"
        )
    }

    /// The icon as MCP describes it: a `src` plus its MIME type and sizes.
    pub fn icon(self) -> Icon {
        let encoded = base64::engine::general_purpose::STANDARD.encode(self.svg());
        Icon::new(format!("data:image/svg+xml;base64,{encoded}"))
            .with_mime_type("image/svg+xml")
            .with_sizes(vec!["any".to_owned()])
    }
}
