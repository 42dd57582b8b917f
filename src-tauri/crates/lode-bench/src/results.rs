//! The measured runs of one table row, kept per client until the table is drawn.

use crate::child::Outcome;
use crate::sample::{median, Sample};
use crate::scenario::{Op, Scenario, Transport};

/// Why a client stopped being run in a scenario: a failure or a hang repeats, so one is
/// enough, and a hang would cost the time limit on every run.
pub enum Stop {
    Failed { run: usize, error: String },
    TimedOut { run: usize },
}

#[derive(Default)]
pub struct Series {
    pub samples: Vec<Sample>,
    pub stop: Option<Stop>,
}

impl Series {
    pub fn active(&self) -> bool {
        self.stop.is_none()
    }

    pub fn record(&mut self, run: usize, outcome: Outcome) {
        match outcome {
            Outcome::Done(sample) => self.samples.push(sample),
            Outcome::Failed(error) => self.stop = Some(Stop::Failed { run, error }),
            Outcome::TimedOut => self.stop = Some(Stop::TimedOut { run }),
        }
    }

    /// The median of the figure the row compares: the connect time for connect-only rows.
    pub fn op_ms(&self, op: Op) -> Option<f64> {
        median(self.samples.iter().map(|s| match op {
            Op::Init => s.connect_ms,
            Op::List | Op::Read(_) => s.op_ms,
        }))
    }

    pub fn connect_ms(&self) -> Option<f64> {
        median(self.samples.iter().map(|s| s.connect_ms))
    }

    pub fn total_ms(&self) -> Option<f64> {
        median(self.samples.iter().map(|s| s.total_ms))
    }

    pub fn rss_mb(&self) -> Option<f64> {
        median(
            self.samples
                .iter()
                .filter_map(|s| s.self_maxrss_kb)
                .map(|kb| kb as f64 / 1024.0),
        )
    }

    /// Peak memory above the data the operation returned, for runs that measured both.
    pub fn above_data_mb(&self) -> Option<f64> {
        median(self.samples.iter().filter_map(|s| {
            let above = s.self_maxrss_kb?.checked_sub(s.data_kb?)?;
            Some(above as f64 / 1024.0)
        }))
    }

    /// What the client got (items listed, bytes read), from its first run.
    pub fn amount(&self) -> Option<u64> {
        self.samples.first().and_then(|s| s.count.or(s.bytes))
    }
}

pub struct Row {
    pub scenario: Scenario,
    pub transport: Transport,
    pub lode: Series,
    pub ts: Series,
    /// lode-bench-floor, the lower bound Lode's figures are held against.
    pub floor: Series,
    /// The TS client's error with its default 10 MiB stdio buffer, when the row's TS figures
    /// had to be taken with the buffer lifted.
    pub ts_default_failure: Option<String>,
    /// The row could not be measured at all (the HTTP server did not start).
    pub setup_error: Option<String>,
}

impl Row {
    pub fn new(scenario: Scenario, transport: Transport) -> Self {
        Self {
            scenario,
            transport,
            lode: Series::default(),
            ts: Series::default(),
            floor: Series::default(),
            ts_default_failure: None,
            setup_error: None,
        }
    }
}
