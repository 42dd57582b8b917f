//! What one source file says about modules: the `mod` items it declares, the paths it names
//! (`crate::…`, `super::…`, `self::…`, `use` trees flattened) and the names its top-level `use`
//! items bind, which paths through this module may go on through.

use super::lex::{tokens, Kind, Token};

/// A `mod name;` (or `mod name { … }`) item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModDecl {
    pub name: String,
    /// The string of a `#[path = "…"]` attribute on it.
    pub path_attr: Option<String>,
    /// The inline modules the item sits in, outermost first.
    pub within: Vec<String>,
    /// `mod name { … }`: its items belong to this file.
    pub inline: bool,
}

/// A path to something of this crate, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathRef {
    /// Starts with `crate`, `super` or `self`.
    pub segments: Vec<String>,
    pub line: u32,
    /// How many inline modules deep it is written: each is one `super` before the file's own.
    pub depth: usize,
}

/// A name a top-level `use` binds in this file's module (`use a::B as C` binds `C` to `a::B`),
/// or a glob (`use a::*`, with `name` None).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Binding {
    pub name: Option<String>,
    /// The path as written; may start with a child module's name (`pub use client::X`).
    pub target: Vec<String>,
}

#[derive(Debug, Default)]
pub struct FileSyntax {
    pub mods: Vec<ModDecl>,
    pub refs: Vec<PathRef>,
    pub bindings: Vec<Binding>,
}

/// Reads the modules, paths and bindings out of one file's text.
pub fn parse(source: &str) -> FileSyntax {
    let toks = tokens(source);
    let mut out = FileSyntax::default();
    // The braces we are inside: Some(name) for an inline module's, None for any other block.
    let mut frames: Vec<Option<String>> = Vec::new();
    let mut pending_inline: Option<String> = None;
    let mut i = 0;
    while i < toks.len() {
        let within: Option<Vec<String>> = frames.iter().cloned().collect();
        let depth = frames.iter().filter(|f| f.is_some()).count();
        match &toks[i].kind {
            Kind::Punct('{') => {
                frames.push(pending_inline.take());
                i += 1;
            }
            Kind::Punct('}') => {
                frames.pop();
                i += 1;
            }
            Kind::Ident(word) if word == "mod" => {
                let name = ident(&toks, i + 1);
                let after = toks.get(i + 2).map(|t| &t.kind);
                if let (Some(name), Some(within)) = (name, within.clone()) {
                    let inline = after == Some(&Kind::Punct('{'));
                    if inline || after == Some(&Kind::Punct(';')) {
                        out.mods.push(ModDecl {
                            name: name.clone(),
                            path_attr: path_attribute(&toks, i),
                            within,
                            inline,
                        });
                    }
                    if inline {
                        pending_inline = Some(name);
                    }
                }
                i += 2;
            }
            Kind::Ident(word)
                if word == "use" && toks.get(i + 1).map(|t| &t.kind) != Some(&Kind::Punct('<')) =>
            {
                let line = toks[i].line;
                let mut tree = UseTree {
                    toks: &toks,
                    at: i + 1,
                    leaves: Vec::new(),
                };
                tree.parse(Vec::new());
                i = tree.at;
                for (segments, name) in tree.leaves {
                    let glob = segments.last().is_some_and(|s| s == "*");
                    let target: Vec<String> = if glob {
                        segments[..segments.len() - 1].to_vec()
                    } else {
                        segments
                    };
                    if within.as_ref().is_some_and(|w| w.is_empty()) {
                        out.bindings.push(Binding {
                            name: if glob { None } else { name },
                            target: target.clone(),
                        });
                    }
                    if target.first().is_some_and(|s| is_anchor(s)) {
                        out.refs.push(PathRef {
                            segments: target,
                            line,
                            depth,
                        });
                    }
                }
            }
            Kind::Ident(word) if is_anchor(word) && !after_path_sep(&toks, i) => {
                let (segments, next) = path_at(&toks, i);
                if segments.len() > 1 {
                    out.refs.push(PathRef {
                        segments,
                        line: toks[i].line,
                        depth,
                    });
                }
                i = next;
            }
            _ => i += 1,
        }
    }
    out
}

/// The words a path to this crate's own items starts with.
fn is_anchor(word: &str) -> bool {
    matches!(word, "crate" | "super" | "self")
}

fn ident(toks: &[Token], at: usize) -> Option<String> {
    match toks.get(at).map(|t| &t.kind) {
        Some(Kind::Ident(name)) => Some(name.clone()),
        _ => None,
    }
}

fn after_path_sep(toks: &[Token], at: usize) -> bool {
    at > 0 && toks[at - 1].kind == Kind::PathSep
}

/// `a::b::c` from `at`, stopping before `::<`, `::{` or `::*`; the segments and the index after.
fn path_at(toks: &[Token], at: usize) -> (Vec<String>, usize) {
    let mut segments = Vec::new();
    let mut i = at;
    while let Some(name) = ident(toks, i) {
        segments.push(name);
        if toks.get(i + 1).map(|t| &t.kind) == Some(&Kind::PathSep) && ident(toks, i + 2).is_some()
        {
            i += 2;
        } else {
            return (segments, i + 1);
        }
    }
    (segments, i)
}

/// The `#[path = "…"]` among the attributes before the `mod` at `at`, skipping a visibility.
fn path_attribute(toks: &[Token], at: usize) -> Option<String> {
    let mut j = at;
    if j > 0 && toks[j - 1].kind == Kind::Punct(')') {
        j = opening(toks, j - 1, '(', ')')?;
    }
    if ident(toks, j.checked_sub(1)?).as_deref() == Some("pub") {
        j -= 1;
    }
    while j > 0 && toks[j - 1].kind == Kind::Punct(']') {
        let open = opening(toks, j - 1, '[', ']')?;
        let inside: Vec<&Kind> = toks[open + 1..j - 1].iter().map(|t| &t.kind).collect();
        if let [Kind::Ident(word), Kind::Punct('='), Kind::Str(path)] = inside.as_slice() {
            if word == "path" {
                return Some(path.clone());
            }
        }
        j = open.checked_sub(1)?;
        if toks[j].kind != Kind::Punct('#') {
            return None;
        }
    }
    None
}

/// The index of the `open` matching the `close` at `at`, searching backwards.
fn opening(toks: &[Token], at: usize, open: char, close: char) -> Option<usize> {
    let mut depth = 0usize;
    for j in (0..=at).rev() {
        if toks[j].kind == Kind::Punct(close) {
            depth += 1;
        } else if toks[j].kind == Kind::Punct(open) {
            depth -= 1;
            if depth == 0 {
                return Some(j);
            }
        }
    }
    None
}

/// A `use` tree flattened into its leaves: each full path and the name it binds
/// (`a::{self, b::C as D, e::*}` gives `a` as a, `a::b::C` as D and the glob `a::e::*`).
struct UseTree<'a> {
    toks: &'a [Token],
    at: usize,
    leaves: Vec<(Vec<String>, Option<String>)>,
}

impl UseTree<'_> {
    fn kind(&self) -> Option<&Kind> {
        self.toks.get(self.at).map(|t| &t.kind)
    }

    /// One tree after `prefix`; stops at the `,`, `}` or `;` that ends it.
    fn parse(&mut self, mut prefix: Vec<String>) {
        if self.kind() == Some(&Kind::PathSep) {
            // `use ::name`: another crate.
            prefix.push("::".into());
            self.at += 1;
        }
        loop {
            match self.kind().cloned() {
                Some(Kind::Punct('{')) => {
                    self.at += 1;
                    while !matches!(self.kind(), None | Some(Kind::Punct('}'))) {
                        self.parse(prefix.clone());
                        if self.kind() == Some(&Kind::Punct(',')) {
                            self.at += 1;
                        }
                    }
                    self.at += 1;
                    break;
                }
                Some(Kind::Punct('*')) => {
                    self.at += 1;
                    prefix.push("*".into());
                    self.leaves.push((prefix, None));
                    break;
                }
                Some(Kind::Ident(name)) => {
                    self.at += 1;
                    if self.kind() == Some(&Kind::PathSep) {
                        self.at += 1;
                        prefix.push(name);
                        continue;
                    }
                    let mut bound = name.clone();
                    if name != "self" {
                        prefix.push(name);
                    } else if let Some(last) = prefix.last() {
                        bound = last.clone();
                    }
                    if ident(self.toks, self.at).as_deref() == Some("as") {
                        bound = ident(self.toks, self.at + 1).unwrap_or_default();
                        self.at += 2;
                    }
                    let name = (bound != "_" && !bound.is_empty()).then_some(bound);
                    self.leaves.push((prefix, name));
                    break;
                }
                _ => break,
            }
        }
        // Past the leaf to the separator that ends it (`;` ends the whole item).
        while let Some(kind) = self.kind() {
            match kind {
                Kind::Punct(',') | Kind::Punct('}') => return,
                Kind::Punct(';') => {
                    self.at += 1;
                    return;
                }
                _ => self.at += 1,
            }
        }
    }
}
