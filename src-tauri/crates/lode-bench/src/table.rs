//! The results as one Markdown table: medians per client, Lode's ratios to the floor and to TS,
//! and why a figure is missing.

use crate::bench::RUN_LIMIT;
use crate::clients::LIFTED_MAXBUF;
use crate::results::{Row, Series, Stop};
use crate::scenario::Op;

/// Lode's figure first, then what it is held against: the floor, then the peer.
const HEADER: &str = "| scenario | transport | Lode op ms | floor op ms | ratio (Lode/floor) \
| TS op ms | ratio (Lode/TS) | Lode connect ms | Lode peak RSS MB | Lode MB above data \
| floor peak RSS MB | TS peak RSS MB | notes |\n\
|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|\n";

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
    let floor_op = row.floor.op_ms(op);
    let ts_op = row.ts.op_ms(op);
    let ts_cell = match (&row.ts_default_failure, ts_op) {
        (Some(_), Some(ms)) => format!("fails · {} lifted", number(ms)),
        _ => figure(ts_op, &row.ts),
    };
    let cells = [
        row.scenario.name.to_string(),
        row.transport.label().to_string(),
        figure(lode_op, &row.lode),
        figure(floor_op, &row.floor),
        ratio(lode_op, floor_op),
        ts_cell,
        ratio(lode_op, ts_op),
        figure(row.lode.connect_ms(), &row.lode),
        optional(row.lode.rss_mb()),
        optional(row.lode.above_data_mb()),
        optional(row.floor.rss_mb()),
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
    notes.extend(stop_note("floor", &row.floor));
    notes.extend(stop_note("TS", &row.ts));
    let clients = [("Lode", &row.lode), ("floor", &row.floor), ("TS", &row.ts)];
    let amounts: Vec<(&str, u64)> = clients
        .iter()
        .filter_map(|(who, series)| Some((*who, series.amount()?)))
        .collect();
    if amounts.windows(2).any(|pair| pair[0].1 != pair[1].1) {
        let got: Vec<String> = amounts
            .iter()
            .map(|(who, n)| format!("{who} {n}"))
            .collect();
        notes.push(format!("results differ: {}", got.join(", ")));
    }
    if row.scenario.op == Op::Init {
        let totals: Vec<String> = clients
            .iter()
            .filter_map(|(who, series)| Some(format!("{who} {} ms", number(series.total_ms()?))))
            .collect();
        if !totals.is_empty() {
            notes.push(format!(
                "whole process: {} (TS: node start and SDK import included)",
                totals.join(", ")
            ));
        }
    }
    notes
}

/// Lode's figure over another's: below 1, Lode is faster.
fn ratio(lode: Option<f64>, other: Option<f64>) -> String {
    match (lode, other) {
        (Some(lode), Some(other)) if other > 0.0 => format!("{:.2}", lode / other),
        _ => "–".into(),
    }
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
            data_kb: Some(rss_kb / 2),
        })
    }

    #[test]
    fn a_row_shows_medians_both_ratios_and_a_lifted_peer() {
        let mut row = Row::new(SCENARIOS[1], Transport::Stdio);
        row.lode.record(1, sample(500.0, 51_200));
        row.floor.record(1, sample(400.0, 40_960));
        row.ts.record(1, sample(1000.0, 204_800));
        row.ts_default_failure = Some("McpError: Connection closed".into());
        let text = line(&row);
        assert!(text.starts_with("| list 100k, one page | stdio | 500 | 400 | 1.25 | fails · 1000 lifted | 0.50 | 10.0 | 50.0 | 25.0 | 40.0 | 200 |"), "{text}");
        assert!(text.contains("--maxbuf 67108864"), "{text}");
        assert!(!text.contains("results differ"), "{text}");
        let header = HEADER.lines().next().unwrap();
        assert_eq!(text.matches(" | ").count(), header.matches(" | ").count());
    }

    #[test]
    fn a_client_without_figures_shows_why() {
        let mut row = Row::new(SCENARIOS[0], Transport::Http);
        row.lode.record(1, sample(400.0, 1024));
        row.floor.record(1, Outcome::Failed("Error: boom".into()));
        row.ts.record(2, Outcome::TimedOut);
        let text = line(&row);
        assert!(text.contains("| 400 | fails | – | timeout | – |"), "{text}");
        assert!(text.contains("floor fails (run 1): Error: boom"), "{text}");
        assert!(text.contains("TS timeout after 120 s (run 2)"), "{text}");
    }

    #[test]
    fn different_results_and_whole_process_times_name_every_client() {
        let mut row = Row::new(SCENARIOS[4], Transport::Stdio);
        row.lode.record(1, sample(10.0, 1024));
        row.ts.record(1, sample(30.0, 1024));
        let mut short = sample(5.0, 1024);
        if let Outcome::Done(s) = &mut short {
            s.count = Some(3);
        }
        row.floor.record(1, short);
        let text = line(&row);
        assert!(
            text.contains("results differ: Lode 100003, floor 3, TS 100003"),
            "{text}"
        );
        assert!(
            text.contains("whole process: Lode 50.0 ms, floor 50.0 ms, TS 50.0 ms"),
            "{text}"
        );
    }
}
