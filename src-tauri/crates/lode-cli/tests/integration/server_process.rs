//! What a local server Lode starts gets, and how long it lives: only the allow-listed part of
//! Lode's environment plus its own variables (all of it when the connection says so), and on
//! Linux, death with Lode even when Lode is killed with SIGKILL.

use std::path::Path;
use std::process::Stdio;

use crate::support::{demo_server, stderr, Cli};

/// A variable of Lode's environment that no server should see by default.
const CANARY: (&str, &str) = ("LODE_TEST_CANARY_TOKEN", "leaked-7f3a");

/// A `--stdio` line: a script that writes the server's environment to `out`, then becomes the
/// demo server.
fn env_reporting_server(dir: &Path, out: &Path) -> String {
    let script = dir.join("report-env.sh");
    std::fs::write(
        &script,
        format!("env > \"$1\"\nexec \"{}\" stdio\n", demo_server().display()),
    )
    .expect("write the script");
    format!("sh \"{}\" \"{}\"", script.display(), out.display())
}

fn lists(cli: &Cli, args: &[&str]) {
    let output = cli
        .command(args)
        .env(CANARY.0, CANARY.1)
        .env("LC_TIME", "C")
        .stdin(Stdio::null())
        .output()
        .expect("run lode");
    assert!(
        output.status.success(),
        "lode {args:?}: {}",
        stderr(&output)
    );
}

fn environment(out: &Path) -> String {
    std::fs::read_to_string(out).expect("the server wrote its environment")
}

#[test]
fn a_server_gets_the_allow_list_and_its_own_variables_unless_it_inherits() {
    let cli = Cli::new();
    let dir = tempfile::tempdir().expect("temp");
    let out = dir.path().join("env.txt");
    let line = env_reporting_server(dir.path(), &out);

    lists(&cli, &["ls", "--stdio", &line, "--env", "OWN_SETTING=mine"]);
    let env = environment(&out);
    assert!(!env.contains(CANARY.0), "Lode's environment leaked: {env}");
    assert!(!env.contains("LODE_DATA_DIR"), "{env}");
    for expected in ["PATH=", "HOME=", "LC_TIME=C", "OWN_SETTING=mine"] {
        assert!(
            env.lines().any(|l| l.starts_with(expected)),
            "{expected} missing: {env}"
        );
    }

    lists(&cli, &["ls", "--stdio", &line, "--inherit-env"]);
    assert!(environment(&out).contains("LODE_TEST_CANARY_TOKEN=leaked-7f3a"));

    // A saved connection keeps its own switch, and an edit turns it off again.
    lists(
        &cli,
        &[
            "connections",
            "add",
            "inherits",
            "--stdio",
            &line,
            "--inherit-env",
        ],
    );
    lists(&cli, &["ls", "inherits"]);
    assert!(environment(&out).contains(CANARY.0));
    lists(
        &cli,
        &["connections", "edit", "inherits", "--no-inherit-env"],
    );
    lists(&cli, &["ls", "inherits"]);
    assert!(!environment(&out).contains(CANARY.0));

    let misplaced = cli.run(&["ls", "inherits", "--inherit-env"]);
    assert_eq!(misplaced.status.code(), Some(1), "{}", stderr(&misplaced));
}

/// `lode watch` runs a server whose shell outlives the demo server (it sleeps after it), so
/// only the kernel's parent-death signal can end it once Lode is gone; then Lode is SIGKILLed.
#[cfg(target_os = "linux")]
#[test]
fn a_server_dies_with_lode_even_when_lode_is_killed() {
    use std::io::{BufRead, BufReader};
    use std::time::{Duration, Instant};
    let cli = Cli::new();
    let dir = tempfile::tempdir().expect("temp");
    let pid_file = dir.path().join("server.pid");
    let script = dir.path().join("stay.sh");
    std::fs::write(
        &script,
        format!(
            "echo $$ > \"$1\"\n\"{}\" stdio --update-interval-ms 100\nsleep 60\n",
            demo_server().display()
        ),
    )
    .expect("write the script");
    let line = format!("sh \"{}\" \"{}\"", script.display(), pid_file.display());
    let mut lode = cli
        .command(&["watch", "demo://clock/now", "--json", "--stdio", &line])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start lode watch");

    // The first update means the server runs and Lode is its parent.
    let stdout = lode.stdout.take().expect("stdout");
    let (tell, first) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = tell.send(line);
    });
    let update = first.recv_timeout(Duration::from_secs(30));
    let pid: u32 = std::fs::read_to_string(&pid_file)
        .expect("the server wrote its pid")
        .trim()
        .parse()
        .expect("a pid");
    assert!(
        update.is_ok_and(|line| line.contains("resourceUpdated")),
        "lode watch never printed an update"
    );

    lode.kill().expect("SIGKILL lode");
    let _ = lode.wait();
    let killed = Instant::now();
    while alive(pid) {
        if killed.elapsed() > Duration::from_secs(5) {
            // Not left running for the rest of the test run.
            let _ = std::process::Command::new("kill")
                .args(["-9", &pid.to_string()])
                .status();
            panic!("the server ({pid}) outlived Lode by 5 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Whether `pid` runs: present in /proc and not a zombie waiting for its new parent to reap it.
#[cfg(target_os = "linux")]
fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().next())
            .is_some_and(|state| state != "Z" && state != "X"),
        Err(_) => false,
    }
}
