use lode_core::TransportSpec;
use lode_mcp::{ConnectOptions, McpClient};
use std::time::Instant;

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let spec = TransportSpec::stdio_from_command_line(&args[1]).expect("spec");
    let t0 = Instant::now();
    let c = McpClient::connect(&spec, ConnectOptions::new("b"))
        .await
        .expect("connect");
    let t1 = Instant::now();
    if args[0] == "list" {
        let items = c.list_resources().await.expect("list");
        println!(
            "connect {:?} list {:?} n={}",
            t1 - t0,
            t1.elapsed(),
            items.len()
        );
    } else {
        let r = c.read_resource(&args[2]).await.expect("read");
        println!(
            "connect {:?} read {:?} n={}",
            t1 - t0,
            t1.elapsed(),
            r.len()
        );
    }
}
