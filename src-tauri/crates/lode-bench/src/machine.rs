//! The machine a table was measured on: figures from another machine are not comparable.

use std::process::Command;

pub struct Machine {
    pub date: String,
    pub system: String,
    pub cpu: String,
    pub cores: String,
    pub load: String,
    pub rustc: String,
    pub node: String,
    /// The commit measured, `-dirty` when the working tree had changes.
    pub revision: String,
}

impl Machine {
    pub fn probe() -> Self {
        Self {
            date: output("date", &["-u", "+%Y-%m-%d %H:%M UTC"]),
            system: output("uname", &["-srm"]),
            cpu: cpu_model().unwrap_or_else(|| "unknown".into()),
            cores: std::thread::available_parallelism()
                .map_or_else(|_| "unknown".into(), |n| n.to_string()),
            // Shared machines are noisy; the load at the start says how noisy this run was.
            load: std::fs::read_to_string("/proc/loadavg")
                .ok()
                .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
                .unwrap_or_else(|| "unknown".into()),
            rustc: output("rustc", &["--version"]),
            node: output("node", &["--version"]),
            revision: output(
                "git",
                &[
                    "-C",
                    env!("CARGO_MANIFEST_DIR"),
                    "describe",
                    "--always",
                    "--dirty",
                ],
            ),
        }
    }
}

fn output(program: &str, args: &[&str]) -> String {
    Command::new(program)
        .args(args)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown".into())
}

fn cpu_model() -> Option<String> {
    let info = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    model_in(&info)
}

fn model_in(cpuinfo: &str) -> Option<String> {
    cpuinfo
        .lines()
        .find(|line| line.starts_with("model name"))
        .and_then(|line| line.split_once(':'))
        .map(|(_, model)| model.trim().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_model_name_is_read_from_cpuinfo() {
        let info = "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7B13\n";
        assert_eq!(model_in(info).as_deref(), Some("AMD EPYC 7B13"));
        assert_eq!(model_in("processor : 0\n"), None);
    }
}
