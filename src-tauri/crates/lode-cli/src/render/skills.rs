//! Agent skills as text: a server's listing (one line per skill, then the entries left out),
//! one skill's details, and the checks of its files.

use lode_core::skills::{CheckedFile, FileCheck, Skill, SkillFiles, SkillListing};
use lode_core::LodeResult;

use super::{count, stderr_line, text};

/// `name  uri  N files, B bytes|dynamic`, then `  description`, per skill; each refused entry on
/// stderr.
pub fn listing(listing: &SkillListing) -> LodeResult<()> {
    let mut out = String::new();
    for skill in &listing.skills {
        out.push_str(&format!(
            "{}\t{}\t{}\n",
            skill.name,
            skill.uri,
            files(skill)
        ));
        out.push_str(&format!("  {}\n", skill.description));
    }
    out.push_str(&format!("{}\n", count(listing.skills.len(), "skill")));
    text(&out)?;
    for refused in &listing.refused {
        stderr_line(&format!(
            "lode: left out skill {}: {}",
            refused.uri.as_deref().unwrap_or("(no uri)"),
            refused.reason
        ));
    }
    Ok(())
}

/// A skill's name, URI, description, frontmatter and files.
pub fn skill(skill: &Skill) -> LodeResult<()> {
    let mut out = format!(
        "{}\t{}\n  {}\n  frontmatter: {}\n",
        skill.name, skill.uri, skill.description, skill.frontmatter
    );
    match &skill.files {
        SkillFiles::Listed(listed) => {
            for file in listed {
                out.push_str(&format!(
                    "  file {}\t{} bytes\t{}\n",
                    file.uri, file.size, file.digest
                ));
            }
        }
        SkillFiles::Dynamic => out.push_str("  files: dynamic (made by the server on request)\n"),
    }
    text(&out)
}

/// One line per file: `ok` or why not.
pub fn checks(skill: &Skill, checked: &[CheckedFile]) -> LodeResult<()> {
    let mut out = String::new();
    for file in checked {
        let said = match &file.check {
            FileCheck::Matches => "ok".to_owned(),
            FileCheck::Changed {
                listed,
                found,
                listed_size,
                found_size,
            } => format!(
                "CHANGED since listed: listed {listed} ({listed_size} bytes), read {found} ({found_size} bytes)"
            ),
            FileCheck::Unlisted => "not a file the skill lists".to_owned(),
            FileCheck::Unreadable => "could not be checked (its content did not decode)".to_owned(),
        };
        out.push_str(&format!("verify {}\t{said}\n", file.uri));
    }
    let good = checked
        .iter()
        .filter(|file| file.check == FileCheck::Matches)
        .count();
    out.push_str(&format!(
        "{} of {} verified for {}\n",
        good,
        count(checked.len(), "file"),
        skill.name
    ));
    text(&out)
}

fn files(skill: &Skill) -> String {
    match &skill.files {
        SkillFiles::Listed(listed) => {
            format!("{}, {} bytes", count(listed.len(), "file"), skill.bytes())
        }
        SkillFiles::Dynamic => "dynamic".to_owned(),
    }
}
