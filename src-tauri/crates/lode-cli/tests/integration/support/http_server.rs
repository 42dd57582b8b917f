//! A test server binary of this workspace (the demo server, the hostile server) serving
//! Streamable HTTP on a free loopback port, ended when dropped.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

pub struct HttpServer {
    child: Child,
    pub url: String,
}

impl HttpServer {
    /// Starts `program http --port 0 ARGS` and reads the URL from its first line
    /// (`listening on <url>`).
    pub fn start(program: &Path, args: &[&str]) -> Self {
        let mut child = Command::new(program)
            .args(["http", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("start {} over HTTP: {e}", program.display()));
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("listening line");
        let url = line
            .trim()
            .strip_prefix("listening on ")
            .expect("listening on URL")
            .to_owned();
        Self { child, url }
    }

    /// Ends the server now (the server going away under a client).
    pub fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        self.stop();
    }
}
