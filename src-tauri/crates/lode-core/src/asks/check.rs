//! Whether an answer fits its form: the rules of each field (type, length, range, format,
//! options, required), as typed problems the window and the CLI put in their own words.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;

use super::fields::{ElicitationForm, FieldKind, FormField, TextFormat};

/// What is wrong with one field's value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(
    tag = "problem",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
#[ts(export)]
pub enum FieldProblem {
    Required,
    /// Not the field's type (text where a number goes...).
    WrongType,
    TooShort {
        min: u32,
    },
    TooLong {
        max: u32,
    },
    BelowMinimum {
        minimum: f64,
    },
    AboveMaximum {
        maximum: f64,
    },
    NotWhole,
    BadFormat {
        format: TextFormat,
    },
    NotAnOption,
    TooFew {
        min: u32,
    },
    TooMany {
        max: u32,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FieldError {
    pub field: String,
    #[serde(flatten)]
    pub problem: FieldProblem,
}

/// The content to send for `answer`: only the form's fields, an empty optional text left out;
/// or every field's problem.
pub fn accepted_content(
    form: &ElicitationForm,
    answer: &Map<String, Value>,
) -> Result<Map<String, Value>, Vec<FieldError>> {
    let mut content = Map::new();
    let mut errors = Vec::new();
    for field in &form.fields {
        let value = answer
            .get(&field.name)
            .filter(|v| !v.is_null() && v.as_str() != Some(""));
        match value {
            None if field.required => errors.push(FieldError {
                field: field.name.clone(),
                problem: FieldProblem::Required,
            }),
            None => {}
            Some(value) => match check_field(field, value) {
                Some(problem) => errors.push(FieldError {
                    field: field.name.clone(),
                    problem,
                }),
                None => {
                    content.insert(field.name.clone(), value.clone());
                }
            },
        }
    }
    if errors.is_empty() {
        Ok(content)
    } else {
        Err(errors)
    }
}

/// The first problem with `value` for `field`, if any (presence is the caller's concern).
pub(crate) fn check_field(field: &FormField, value: &Value) -> Option<FieldProblem> {
    match &field.kind {
        FieldKind::Text {
            format,
            min_length,
            max_length,
        } => {
            let Some(text) = value.as_str() else {
                return Some(FieldProblem::WrongType);
            };
            let length = u32::try_from(text.chars().count()).unwrap_or(u32::MAX);
            if let Some(min) = min_length.filter(|&min| length < min) {
                return Some(FieldProblem::TooShort { min });
            }
            if let Some(max) = max_length.filter(|&max| length > max) {
                return Some(FieldProblem::TooLong { max });
            }
            format
                .filter(|&format| !fits_format(format, text))
                .map(|format| FieldProblem::BadFormat { format })
        }
        FieldKind::Number {
            integer,
            minimum,
            maximum,
        } => {
            let Some(number) = value.as_f64() else {
                return Some(FieldProblem::WrongType);
            };
            if *integer && number.fract() != 0.0 {
                return Some(FieldProblem::NotWhole);
            }
            if let Some(minimum) = minimum.filter(|&min| number < min) {
                return Some(FieldProblem::BelowMinimum { minimum });
            }
            maximum
                .filter(|&max| number > max)
                .map(|maximum| FieldProblem::AboveMaximum { maximum })
        }
        FieldKind::Boolean => (!value.is_boolean()).then_some(FieldProblem::WrongType),
        FieldKind::Choice { options } => match value.as_str() {
            None => Some(FieldProblem::WrongType),
            Some(chosen) => {
                (!options.iter().any(|o| o.value == chosen)).then_some(FieldProblem::NotAnOption)
            }
        },
        FieldKind::MultiChoice {
            options,
            min_items,
            max_items,
        } => {
            let Some(chosen) = value.as_array() else {
                return Some(FieldProblem::WrongType);
            };
            for (i, item) in chosen.iter().enumerate() {
                let Some(item) = item.as_str() else {
                    return Some(FieldProblem::WrongType);
                };
                if !options.iter().any(|o| o.value == item)
                    || chosen[..i]
                        .iter()
                        .any(|earlier| earlier.as_str() == Some(item))
                {
                    return Some(FieldProblem::NotAnOption);
                }
            }
            let count = u32::try_from(chosen.len()).unwrap_or(u32::MAX);
            if let Some(min) = min_items.filter(|&min| count < min) {
                return Some(FieldProblem::TooFew { min });
            }
            max_items
                .filter(|&max| count > max)
                .map(|max| FieldProblem::TooMany { max })
        }
    }
}

fn fits_format(format: TextFormat, text: &str) -> bool {
    match format {
        TextFormat::Email => {
            let mut parts = text.split('@');
            matches!(
                (parts.next(), parts.next(), parts.next()),
                (Some(local), Some(domain), None)
                    if !local.is_empty() && domain.contains('.') && !domain.starts_with('.')
                        && !domain.ends_with('.')
            ) && !text.chars().any(char::is_whitespace)
        }
        TextFormat::Uri => match text.split_once(':') {
            Some((scheme, rest)) => {
                scheme.starts_with(|c: char| c.is_ascii_alphabetic())
                    && scheme
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
                    && !rest.is_empty()
                    && !text.chars().any(|c| c.is_whitespace() || c.is_control())
            }
            None => false,
        },
        TextFormat::Date => is_date(text),
        TextFormat::DateTime => match text.split_once(['T', 't']) {
            Some((date, time)) => is_date(date) && is_time(time),
            None => false,
        },
    }
}

fn digits(text: &str, len: usize) -> Option<u32> {
    (text.len() == len && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

/// `YYYY-MM-DD`, a day that exists in its month.
fn is_date(text: &str) -> bool {
    let mut parts = text.split('-');
    let (Some(y), Some(m), Some(d), None) = (
        parts.next().and_then(|p| digits(p, 4)),
        parts.next().and_then(|p| digits(p, 2)),
        parts.next().and_then(|p| digits(p, 2)),
        parts.next(),
    ) else {
        return false;
    };
    let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&d)
}

/// RFC 3339's `HH:MM:SS[.frac](Z|±HH:MM)`.
fn is_time(text: &str) -> bool {
    let (clock, zone) = if let Some(clock) = text.strip_suffix(['Z', 'z']) {
        (clock, None)
    } else {
        match text
            .len()
            .checked_sub(6)
            .and_then(|at| text.get(at..).map(|z| (at, z)))
        {
            Some((at, zone)) if zone.starts_with(['+', '-']) => (&text[..at], Some(&zone[1..])),
            _ => return false,
        }
    };
    if let Some(zone) = zone {
        let Some((h, m)) = zone.split_once(':') else {
            return false;
        };
        if !matches!((digits(h, 2), digits(m, 2)), (Some(h), Some(m)) if h < 24 && m < 60) {
            return false;
        }
    }
    let (whole, fraction) = clock.split_once('.').unwrap_or((clock, "0"));
    let mut parts = whole.split(':');
    matches!(
        (
            parts.next().and_then(|p| digits(p, 2)),
            parts.next().and_then(|p| digits(p, 2)),
            parts.next().and_then(|p| digits(p, 2)),
            parts.next(),
        ),
        (Some(h), Some(m), Some(s), None) if h < 24 && m < 60 && s <= 60
    ) && !fraction.is_empty()
        && fraction.bytes().all(|b| b.is_ascii_digit())
}
