//! The results as one Markdown table: medians per client, the ratio, and why a figure is missing.

use crate::bench::RUN_LIMIT;
use crate::clients::LIFTED_MAXBUF;
use crate::results::{Row, Series, Stop};
use crate::scenario::Op;

const HEADER: &str = "| scenario | transport | Lode op ms | TS op ms | ratio (Lode/TS) \
| Lode connect ms | Lode peak RSS MB | TS peak RSS MB | notes |\n\
|---|---|--:|--:|--:|--:|--:|--:|---|\n";

pub fn render(rows: &[Row]) -> String {
    let mut table = String::from(HEADER);
    for row in rows {
        table.push_str(&line(row));
        table.push('\n');
    }
    table
}

fn line(row: &Row) -> String {
    let op = row.scenario.op;
    let lode_op = row.lode.op_ms(op);
    let ts_op = row.ts.op_ms(op);
    let ts_cell = match (&row.ts_default_failure, ts_op) {
        (Some(_), Some(ms)) => format!("fails · {} lifted", number(ms)),
        _ => figure(ts_op, &row.ts),
    };
    let ratio = match (lode_op, ts_op) {
        (Some(lode), Some(ts)) if ts > 0.0 => format!("{:.2}", lode / ts),
        _ => "–".into(),
    };
    let cells = [
        row.scenario.name.to_string(),
        row.transport.label().to_string(),
        figure(lode_op, &row.lode),
        ts_cell,
        ratio,
        figure(row.lode.connect_ms(), &row.lode),
        optional(row.lode.rss_mb()),
        optional(row.ts.rss_mb()),
        notes(row).join("; "),
    ];
    let cells: Vec<String> = cells.iter().map(|c| c.replace('|', "\\|")).collect();
    format!("| {} |", cells.join(" | "))
}

fn notes(row: &Row) -> Vec<String> {
    let mut notes = Vec::new();
    if let Some(error) = &row.setup_error {
        notes.push(error.clone());
    }
    if let Some(error) = &row.ts_default_failure {
        notes.push(format!(
            "TS with its default 10 MiB stdio buffer fails: {error}; TS figures with --maxbuf {LIFTED_MAXBUF}"
        ));
    }
    notes.extend(stop_note("Lode", &row.lode));
    notes.extend(stop_note("TS", &row.ts));
    if let (Some(lode), Some(ts)) = (row.lode.amount(), row.ts.amount()) {
        if lode != ts {
            notes.push(format!("results differ: Lode got {lode}, TS {ts}"));
        }
    }
    if row.scenario.op == Op::Init {
        if let (Some(lode), Some(ts)) = (row.lode.total_ms(), row.ts.total_ms()) {
            notes.push(format!(
                "whole process: Lode {} ms, TS {} ms (node start and SDK import included)",
                number(lode),
                number(ts)
            ));
        }
    }
    notes
}

fn stop_note(who: &str, series: &Series) -> Option<String> {
    Some(match series.stop.as_ref()? {
        Stop::Failed { run, error } => format!("{who} fails (run {run}): {error}"),
        Stop::TimedOut { run } => {
            format!("{who} timeout after {} s (run {run})", RUN_LIMIT.as_secs())
        }
    })
}

/// A median, or why there is none.
fn figure(value: Option<f64>, series: &Series) -> String {
    match (value, &series.stop) {
        (Some(ms), _) => number(ms),
        (None, Some(Stop::TimedOut { .. })) => "timeout".into(),
        (None, Some(Stop::Failed { .. })) => "fails".into(),
        (None, None) => "–".into(),
    }
}

fn optional(value: Option<f64>) -> String {
    value.map_or_else(|| "–".into(), number)
}

/// Whole numbers from 100 on, one decimal below, where the decimal still means something.
fn number(value: f64) -> String {
    if value >= 100.0 {
        format!("{value:.0}")
    } else {
        format!("{value:.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::child::Outcome;
    use crate::sample::Sample;
    use crate::scenario::{Transport, SCENARIOS};

    fn sample(op_ms: f64, rss_kb: u64) -> Outcome {
        Outcome::Done(Sample {
            connect_ms: 10.0,
            op_ms,
            total_ms: 50.0,
            count: Some(100_003),
            bytes: None,
            self_maxrss_kb: Some(rss_kb),
        })
    }

    #[test]
    fn a_row_shows_medians_the_ratio_and_a_lifted_peer() {
        let mut row = Row::new(SCENARIOS[1], Transport::Stdio);
        row.lode.record(1, sample(500.0, 51_200));
        row.ts.record(1, sample(1000.0, 204_800));
        row.ts_default_failure = Some("McpError: Connection closed".into());
        let text = line(&row);
        assert!(text.starts_with("| list 100k, one page | stdio | 500 | fails · 1000 lifted | 0.50 | 10.0 | 50.0 | 200 |"), "{text}");
        assert!(text.contains("--maxbuf 67108864"), "{text}");
    }

    #[test]
    fn a_client_without_figures_shows_why() {
        let mut row = Row::new(SCENARIOS[0], Transport::Http);
        row.lode.record(1, sample(400.0, 1024));
        row.ts.record(2, Outcome::TimedOut);
        let text = line(&row);
        assert!(text.contains("| 400 | timeout | – |"), "{text}");
        assert!(text.contains("TS timeout after 120 s (run 2)"), "{text}");
    }
}
