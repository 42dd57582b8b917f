//! The stdio side of `--discover`: every line from the client passes through
//! [`wire_answer`] before rmcp reads it, and the answers given on the wire are written to
//! stdout between rmcp's own lines, never inside one.

use rmcp::ServerHandler;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;

use crate::discover::{wire_answer, DiscoverAnswer, Wire};

/// Serves `handler` on stdin/stdout with `answer`'s way of answering `server/discover`.
pub async fn serve(handler: impl ServerHandler, answer: DiscoverAnswer) -> anyhow::Result<()> {
    let (to_rmcp, rmcp_in) = tokio::io::duplex(1024 * 1024);
    let (rmcp_out, from_rmcp) = tokio::io::duplex(1024 * 1024);
    let (lines_out, mut lines) = mpsc::channel::<Vec<u8>>(64);

    let answers = lines_out.clone();
    tokio::spawn(async move {
        let mut to_rmcp = to_rmcp;
        let mut input = BufReader::new(tokio::io::stdin());
        let mut line = Vec::new();
        // The input's end drops `to_rmcp`, which ends rmcp's input too.
        while matches!(input.read_until(b'\n', &mut line).await, Ok(n) if n > 0) {
            match wire_answer(answer, &line) {
                Wire::Answer(reply) => {
                    let _ = answers.send(format!("{reply}\n").into_bytes()).await;
                }
                Wire::Swallow => {}
                Wire::Pass | Wire::HttpError => {
                    if to_rmcp.write_all(&line).await.is_err() {
                        return;
                    }
                }
            }
            line.clear();
        }
    });
    tokio::spawn(async move {
        let mut output = BufReader::new(from_rmcp);
        let mut line = Vec::new();
        while matches!(output.read_until(b'\n', &mut line).await, Ok(n) if n > 0) {
            if lines_out.send(std::mem::take(&mut line)).await.is_err() {
                return;
            }
        }
    });
    tokio::spawn(async move {
        let mut stdout = tokio::io::stdout();
        while let Some(line) = lines.recv().await {
            if stdout.write_all(&line).await.is_err() || stdout.flush().await.is_err() {
                return;
            }
        }
    });
    lode_serve::plumbing::serve_until_input_ends(handler, rmcp_in, rmcp_out).await?;
    Ok(())
}
