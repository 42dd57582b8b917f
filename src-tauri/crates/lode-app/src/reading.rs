//! Reading a resource for the window: in pieces small enough to cross IPC one at a time (so a
//! 10 MiB read neither stalls the window nor needs one giant message), and saving a blob to a
//! file the person picked.

mod base64;
mod pieces;
mod saving;

pub use base64::decode_base64;
pub use pieces::{split_pieces, ContentHead, ContentKind, ReadPiece, READ_PIECE_BYTES};
pub use saving::{suggested_file_name, write_blob};

use lode_core::{ConnectionId, LodeResult};

use crate::Lode;

impl Lode {
    /// Reads `uri` and hands it to `deliver` in order: [`ReadPiece::Started`] with the shape
    /// of every content, then each content's text or base64 in [`ReadPiece::Piece`]s of at
    /// most `piece_bytes` (never splitting a character), then [`ReadPiece::Done`]. An error
    /// from `deliver` (the window went away) stops the read.
    pub async fn read_resource_in_pieces(
        &self,
        id: ConnectionId,
        uri: &str,
        piece_bytes: usize,
        mut deliver: impl FnMut(ReadPiece) -> LodeResult<()>,
    ) -> LodeResult<()> {
        let contents = self.read_resource(id, uri).await?;
        pieces::deliver_in_pieces(&contents, piece_bytes, &mut deliver)
    }
}
