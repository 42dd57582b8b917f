//! What one client run reports: the JSON line both clients print, read with the same code.

use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
pub struct Sample {
    pub connect_ms: f64,
    pub op_ms: f64,
    pub total_ms: f64,
    pub count: Option<u64>,
    /// The peer calls it `chars`; for this ASCII text and base64 they are the same number.
    #[serde(alias = "chars")]
    pub bytes: Option<u64>,
    pub self_maxrss_kb: Option<u64>,
    /// What the result occupies in the heap (Lode's client only).
    #[serde(default)]
    pub data_kb: Option<u64>,
}

/// The report line: the last line of stdout that parses, so a stray log line above it does
/// not break the run.
pub fn from_stdout(stdout: &str) -> Option<Sample> {
    stdout
        .lines()
        .rev()
        .filter(|line| line.trim_start().starts_with('{'))
        .find_map(|line| serde_json::from_str(line).ok())
}

/// The median, the mean of the middle two for an even count; None when there is nothing.
pub fn median(values: impl IntoIterator<Item = f64>) -> Option<f64> {
    let mut values: Vec<f64> = values.into_iter().collect();
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let mid = values.len() / 2;
    Some(if values.len().is_multiple_of(2) {
        (values[mid - 1] + values[mid]) / 2.0
    } else {
        values[mid]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_peer_line_and_its_chars_as_bytes() {
        let out = "noise\n{\"client\":\"ts-sdk-1.x\",\"op\":\"read\",\"boot_ms\":1,\"connect_ms\":2.5,\
                   \"chars\":10,\"op_ms\":3,\"close_ms\":1,\"total_ms\":9,\"self_maxrss_kb\":100}\n";
        let sample = from_stdout(out).unwrap();
        assert_eq!(sample.bytes, Some(10));
        assert_eq!(sample.op_ms, 3.0);
        assert_eq!(sample.self_maxrss_kb, Some(100));
    }

    #[test]
    fn a_null_rss_and_missing_counts_are_accepted() {
        let out = r#"{"client":"lode","op":"init","connect_ms":1,"op_ms":0,"total_ms":2,"self_maxrss_kb":null}"#;
        let sample = from_stdout(out).unwrap();
        assert_eq!(sample.self_maxrss_kb, None);
        assert_eq!(sample.count, None);
        assert!(from_stdout("no json here").is_none());
    }

    #[test]
    fn median_of_odd_even_and_empty() {
        assert_eq!(median([3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median([4.0, 1.0, 2.0, 3.0]), Some(2.5));
        assert_eq!(median([]), None);
    }
}
