//! The RFC 6570 grammar (§2): literals, and expressions of an optional operator followed by
//! comma-separated variable specs, each a dotted name with an optional `:n` or `*`. One pass,
//! linear in the template's length, with the character offset of any problem.

use super::{Part, TemplateError, TemplateOperator, TemplateVariable, MAX_TEMPLATE_CHARS};

/// The largest prefix length the RFC allows (`max-length = %x31-39 0*3DIGIT`).
const MAX_PREFIX: u16 = 9999;

pub(super) fn parts(template: &str) -> Result<Vec<Part>, TemplateError> {
    let chars: Vec<char> = template.chars().collect();
    if chars.len() > MAX_TEMPLATE_CHARS {
        return Err(TemplateError::TooLong { chars: chars.len() });
    }
    let mut parts = Vec::new();
    let mut literal = String::new();
    let mut at = 0;
    while at < chars.len() {
        match chars[at] {
            '{' => {
                let close = closing_brace(&chars, at)?;
                if !literal.is_empty() {
                    parts.push(Part::Literal(std::mem::take(&mut literal)));
                }
                parts.push(expression(&chars[at + 1..close], at)?);
                at = close + 1;
            }
            '}' => return Err(TemplateError::UnopenedBrace { offset: at }),
            c => {
                literal.push(c);
                at += 1;
            }
        }
    }
    if !literal.is_empty() {
        parts.push(Part::Literal(literal));
    }
    Ok(parts)
}

/// The `}` that ends the expression opened at `open`; another `{` first means this one is
/// never closed (expressions do not nest).
fn closing_brace(chars: &[char], open: usize) -> Result<usize, TemplateError> {
    for (at, c) in chars.iter().enumerate().skip(open + 1) {
        match c {
            '}' => return Ok(at),
            '{' => break,
            _ => {}
        }
    }
    Err(TemplateError::UnclosedBrace { offset: open })
}

/// The inside of `{…}`, which opened at `open`.
fn expression(body: &[char], open: usize) -> Result<Part, TemplateError> {
    let Some(&first) = body.first() else {
        return Err(TemplateError::EmptyExpression { offset: open });
    };
    let operator = match first {
        '+' => Some(TemplateOperator::Reserved),
        '#' => Some(TemplateOperator::Fragment),
        '.' => Some(TemplateOperator::Label),
        '/' => Some(TemplateOperator::Path),
        ';' => Some(TemplateOperator::PathParam),
        '?' => Some(TemplateOperator::Query),
        '&' => Some(TemplateOperator::Continuation),
        '=' | ',' | '!' | '@' | '|' => {
            return Err(TemplateError::ReservedOperator {
                offset: open + 1,
                operator: first,
            })
        }
        _ => None,
    };
    let skip = usize::from(operator.is_some());
    let operator = operator.unwrap_or(TemplateOperator::Simple);
    let mut variables = Vec::new();
    let mut start = open + 1 + skip;
    for spec in body[skip..].split(|&c| c == ',') {
        variables.push(variable(spec, start, operator)?);
        start += spec.len() + 1;
    }
    Ok(Part::Expression {
        operator,
        variables,
    })
}

/// One `varspec`: `name`, `name*` or `name:n`, starting at character `offset`.
fn variable(
    spec: &[char],
    offset: usize,
    operator: TemplateOperator,
) -> Result<TemplateVariable, TemplateError> {
    let name_len = spec
        .iter()
        .position(|&c| c == ':' || c == '*')
        .unwrap_or(spec.len());
    let name: String = spec[..name_len].iter().collect();
    if !is_varname(&spec[..name_len]) {
        return Err(TemplateError::BadVariableName { offset, name });
    }
    let modifier = &spec[name_len..];
    let mut variable = TemplateVariable {
        name,
        operator,
        explode: false,
        prefix: None,
    };
    match modifier {
        [] => {}
        ['*'] => variable.explode = true,
        [':', digits @ ..] => match prefix(digits) {
            Some(length) => variable.prefix = Some(length),
            None => {
                return Err(TemplateError::BadPrefix {
                    offset: offset + name_len,
                    name: variable.name,
                    prefix: digits.iter().collect(),
                })
            }
        },
        _ => {
            return Err(TemplateError::BadModifier {
                offset: offset + name_len,
                name: variable.name,
                modifier: modifier.iter().collect(),
            })
        }
    }
    Ok(variable)
}

/// `varname = varchar *( ["."] varchar )`, `varchar = ALPHA / DIGIT / "_" / pct-encoded`.
fn is_varname(name: &[char]) -> bool {
    let mut at = 0;
    // Whether the previous character was a dot (or nothing yet): a dot may not follow.
    let mut after_dot = true;
    while at < name.len() {
        match name[at] {
            c if c.is_ascii_alphanumeric() || c == '_' => at += 1,
            '%' if name.get(at + 1).is_some_and(char::is_ascii_hexdigit)
                && name.get(at + 2).is_some_and(char::is_ascii_hexdigit) =>
            {
                at += 3
            }
            '.' if !after_dot => {
                after_dot = true;
                at += 1;
                continue;
            }
            _ => return false,
        }
        after_dot = false;
    }
    !after_dot
}

/// `max-length = %x31-39 0*3DIGIT`: 1 to 9999 without a leading zero.
fn prefix(digits: &[char]) -> Option<u16> {
    if digits.is_empty() || digits.len() > 4 || digits.first() == Some(&'0') {
        return None;
    }
    if !digits.iter().all(char::is_ascii_digit) {
        return None;
    }
    let length: u16 = digits.iter().collect::<String>().parse().ok()?;
    (1..=MAX_PREFIX).contains(&length).then_some(length)
}
