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
    ///
    /// These are the window's preview reads, one resource at a time: a newer one cancels a read
    /// still running (its request is dropped, which tells the server; it ends `cancelled`). A
    /// server that floods `resources/updated` for the open resource so costs one read at a
    /// time, not a pile of them. With a `tag`, the read is followed
    /// ([`Lode::read_resource_followed`]): its progress reaches the window and Cancel stops it.
    pub async fn read_resource_in_pieces(
        &self,
        id: ConnectionId,
        uri: &str,
        tag: Option<&str>,
        piece_bytes: usize,
        mut deliver: impl FnMut(ReadPiece) -> LodeResult<()>,
    ) -> LodeResult<()> {
        let read = async {
            match tag {
                Some(tag) => self.read_resource_followed(id, uri, tag).await,
                None => self.read_resource(id, uri).await,
            }
        };
        let contents = self.preview_reads.newest(uri, read).await?;
        let checks = self.skill_checks(id, &contents).await;
        pieces::deliver_in_pieces(&contents, &checks, piece_bytes, &mut deliver)
    }
}
