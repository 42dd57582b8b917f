//! Measures `lode_core::tokens::count_tokens` and prints figures; asserts nothing.
//!
//!     cargo run --release -p lode-core --example token_bench [-- MIB]
//!
//! First the first call, which builds the `o200k_base` encoder from the compiled-in
//! vocabulary; then throughput on about MIB MiB (default 1) of mixed text, the files of
//! `tests/token_corpus/` repeated (prose in three scripts, code, JSON, Markdown, emoji,
//! whitespace), counted whole and per kind. Medians of several runs: the machine's load
//! inflates every figure.

use std::time::{Duration, Instant};

use lode_core::tokens::{count_tokens, TOKEN_ENCODING};

const RUNS: usize = 7;

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

/// Median time of counting `text`, and its token count.
fn measure(text: &str) -> (Duration, u64) {
    let mut tokens = 0;
    let samples = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            tokens = count_tokens(std::hint::black_box(text));
            start.elapsed()
        })
        .collect();
    (median(samples), tokens)
}

fn mb_per_s(bytes: usize, d: Duration) -> f64 {
    bytes as f64 / 1e6 / d.as_secs_f64()
}

fn main() {
    let mib: f64 = std::env::args()
        .nth(1)
        .map(|a| a.parse().expect("MIB is a number"))
        .unwrap_or(1.0);
    let target = (mib * 1024.0 * 1024.0) as usize;

    let start = Instant::now();
    let first = count_tokens("hello world");
    let first_call = start.elapsed();
    let start = Instant::now();
    count_tokens("hello world");
    let second_call = start.elapsed();
    println!("encoding: {TOKEN_ENCODING} (\"hello world\" = {first} tokens)");
    println!("first call (builds the encoder): {first_call:.2?}");
    println!("second call, same text:          {second_call:.2?}");

    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/token_corpus");
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .expect("tests/token_corpus")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    files.sort();

    let repeat = |text: &str, separator: &str| {
        let mut out = String::with_capacity(target + text.len());
        while out.len() < target {
            out.push_str(text);
            out.push_str(separator);
        }
        out
    };
    let all: String = files
        .iter()
        .map(|(_, t)| t.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    let mixed = repeat(&all, "\n");

    println!("\nthroughput, median of {RUNS} runs over ~{mib} MiB each:");
    println!(
        "{:<24} {:>10} {:>9} {:>10} {:>9} {:>11}",
        "text", "bytes", "tokens", "bytes/tok", "time", "MB/s"
    );
    let row = |name: &str, text: &str| {
        let (d, tokens) = measure(text);
        println!(
            "{:<24} {:>10} {:>9} {:>10.2} {:>9.1?} {:>11.2}",
            name,
            text.len(),
            tokens,
            text.len() as f64 / tokens.max(1) as f64,
            d,
            mb_per_s(text.len(), d)
        );
    };
    row("mixed (whole corpus)", &mixed);
    for (name, text) in &files {
        row(name, &repeat(text, "\n"));
    }
}
