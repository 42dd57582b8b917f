//! One crate's module tree, built from its root file by following `mod` items to their files,
//! and the resolution of each path its files write to the deepest module it names.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

use super::source::{parse, Binding, FileSyntax, PathRef};

/// A module that has a file of its own (inline modules belong to their file's module).
#[derive(Debug)]
pub struct Module {
    /// Its path from the crate root; empty for the root.
    pub path: Vec<String>,
    pub file: PathBuf,
    pub parent: Option<usize>,
    pub children: BTreeMap<String, usize>,
    pub syntax: FileSyntax,
}

/// A crate: `modules[0]` is its root.
#[derive(Debug)]
pub struct CrateTree {
    pub label: String,
    pub modules: Vec<Module>,
}

/// Reads a file's text; tests give a map of files instead of the disk.
pub type Reader<'a> = &'a dyn Fn(&Path) -> Option<String>;

impl CrateTree {
    /// Follows the `mod` items from `root` down. A declared module without a file is an error:
    /// the tree would silently miss it.
    pub fn load(label: &str, root: &Path, read: Reader) -> Result<CrateTree, String> {
        let mut tree = CrateTree {
            label: label.to_string(),
            modules: Vec::new(),
        };
        tree.add(Vec::new(), root.to_path_buf(), None, true, read)?;
        Ok(tree)
    }

    /// Adds the module in `file` and, depth first, its children.
    fn add(
        &mut self,
        path: Vec<String>,
        file: PathBuf,
        parent: Option<usize>,
        owns_dir: bool,
        read: Reader,
    ) -> Result<usize, String> {
        let text = read(&file).ok_or_else(|| format!("cannot read {}", file.display()))?;
        let syntax = parse(&text);
        let here = file.parent().map(Path::to_path_buf).unwrap_or_default();
        // Where `mod x;` looks for x.rs: beside a crate root, a mod.rs or a file reached by
        // #[path]; in a directory named after the file for any other (a/b.rs -> a/b/x.rs).
        let child_dir = if owns_dir || file.file_name().is_some_and(|n| n == "mod.rs") {
            here.clone()
        } else {
            here.join(file.file_stem().unwrap_or_default())
        };
        let decls: Vec<_> = syntax.mods.iter().filter(|d| !d.inline).cloned().collect();
        let id = self.modules.len();
        self.modules.push(Module {
            path: path.clone(),
            file: file.clone(),
            parent,
            children: BTreeMap::new(),
            syntax,
        });
        for decl in decls {
            let (child_file, by_attr) = match &decl.path_attr {
                Some(attr) if decl.within.is_empty() => (normalize(&here.join(attr)), true),
                Some(attr) => (
                    normalize(&child_dir.join(decl.within.join("/")).join(attr)),
                    true,
                ),
                None => {
                    let dir = child_dir.join(decl.within.join("/"));
                    let flat = dir.join(format!("{}.rs", decl.name));
                    let nested = dir.join(&decl.name).join("mod.rs");
                    let found = [&flat, &nested].into_iter().find(|f| read(f).is_some());
                    let found = found.ok_or_else(|| {
                        format!(
                            "{}: `mod {}` has no file {}",
                            file.display(),
                            decl.name,
                            flat.display()
                        )
                    })?;
                    (found.clone(), false)
                }
            };
            if !decl.within.is_empty() {
                // A file module inside an inline one: counted as the inline module's file's.
                continue;
            }
            let mut child_path = path.clone();
            child_path.push(decl.name.clone());
            let child = self.add(child_path, child_file, Some(id), by_attr, read)?;
            self.modules[id].children.insert(decl.name, child);
        }
        Ok(id)
    }

    /// `a::b` style name of a module; `crate` for the root.
    pub fn name(&self, id: usize) -> String {
        match self.modules[id].path.is_empty() {
            true => "crate".into(),
            false => self.modules[id].path.join("::"),
        }
    }

    /// The deepest module `reference`, written in module `from`, names: through child modules,
    /// then through the names `use` items bind (re-exports), as many as the path goes through.
    pub fn resolve(&self, from: usize, reference: &PathRef) -> Option<usize> {
        let mut module = from;
        let mut inline_depth = reference.depth;
        let mut rest = reference.segments.as_slice();
        match rest.first().map(String::as_str) {
            Some("crate") => module = 0,
            Some("self") if inline_depth > 0 => return Some(module),
            Some("self") => {}
            Some("super") => {
                while rest.first().map(String::as_str) == Some("super") {
                    if inline_depth > 0 {
                        inline_depth -= 1;
                    } else {
                        module = self.modules[module].parent?;
                    }
                    rest = &rest[1..];
                }
                // Still inside an inline module: an item of this file.
                if inline_depth > 0 {
                    return Some(module);
                }
                return Some(self.descend(module, rest, 0));
            }
            _ => return None,
        }
        Some(self.descend(module, &rest[1..], 0))
    }

    /// From `module`, follows `rest` through child modules and bound names.
    fn descend(&self, mut module: usize, mut rest: &[String], hops: usize) -> usize {
        while let Some(first) = rest.first() {
            if let Some(child) = self.modules[module].children.get(first) {
                module = *child;
                rest = &rest[1..];
                continue;
            }
            // Re-exports may chain (`crate::X` -> `transport::X` -> `transport::stdio::X`);
            // bounded so that a cycle of re-exports cannot loop.
            if hops < 8 {
                if let Some(target) = self.binding(module, first) {
                    let mut path = target.clone();
                    path.extend_from_slice(&rest[1..]);
                    if let Some(next) = self.binding_start(module, &path) {
                        return self.descend(next.0, next.1, hops + 1);
                    }
                }
            }
            break;
        }
        module
    }

    /// The target of the name `name` bound by a `use` in `module`'s file.
    fn binding(&self, module: usize, name: &str) -> Option<&Vec<String>> {
        let bindings: &[Binding] = &self.modules[module].syntax.bindings;
        bindings
            .iter()
            .find(|b| b.name.as_deref() == Some(name))
            .map(|b| &b.target)
    }

    /// Where a path written in `module`'s `use` starts: `crate`, `self`, `super` or one of its
    /// child modules. None for another crate's path.
    fn binding_start<'p>(
        &self,
        module: usize,
        path: &'p [String],
    ) -> Option<(usize, &'p [String])> {
        let first = path.first()?;
        match first.as_str() {
            "crate" => Some((0, &path[1..])),
            "self" => Some((module, &path[1..])),
            "super" => {
                let mut module = module;
                let mut rest = path;
                while rest.first().map(String::as_str) == Some("super") {
                    module = self.modules[module].parent?;
                    rest = &rest[1..];
                }
                Some((module, rest))
            }
            name if self.modules[module].children.contains_key(name) => Some((module, path)),
            _ => None,
        }
    }

    /// Whether `ancestor` is `module` or one of its ancestors.
    pub fn contains(&self, ancestor: usize, module: usize) -> bool {
        let prefix = &self.modules[ancestor].path;
        self.modules[module].path.starts_with(prefix)
    }
}

/// `a/b/../c` as `a/c`, so a file reached two ways is one file.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::ParentDir if out.file_name().is_some() => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}
