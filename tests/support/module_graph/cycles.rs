//! The graph among sibling modules at every level of a crate's tree (A -> B when anything in
//! A's subtree names anything in B's), and its cycles, each with one reference per edge.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fmt;
use std::path::Path;

use super::tree::CrateTree;

/// One reference that makes an edge: where it is written and what it says.
#[derive(Debug, Clone)]
pub struct Example {
    pub file: String,
    pub line: u32,
    pub path: String,
}

/// A cycle among siblings: `chain` starts and ends with the same module, and `examples[i]` is
/// a reference from `chain[i]`'s subtree into `chain[i + 1]`'s.
#[derive(Debug, Clone)]
pub struct Cycle {
    pub krate: String,
    pub chain: Vec<String>,
    pub examples: Vec<Example>,
}

impl fmt::Display for Cycle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}: {}", self.krate, self.chain.join(" -> "))?;
        for (pair, example) in self.chain.windows(2).zip(&self.examples) {
            writeln!(
                f,
                "    {} -> {}: {}:{} {}",
                pair[0], pair[1], example.file, example.line, example.path
            )?;
        }
        Ok(())
    }
}

/// The edges between siblings, by their parent: (from, to) -> the first reference seen.
type Levels = BTreeMap<usize, BTreeMap<(usize, usize), Example>>;

/// Every edge of every level of `tree`. A reference between a module and its own ancestor or
/// descendant makes none; any other makes one, between the two siblings under their closest
/// common ancestor.
pub fn edges(tree: &CrateTree, workspace: &Path) -> Levels {
    let mut levels = Levels::new();
    for (from, module) in tree.modules.iter().enumerate() {
        for reference in &module.syntax.refs {
            let Some(to) = tree.resolve(from, reference) else {
                continue;
            };
            if tree.contains(from, to) || tree.contains(to, from) {
                continue;
            }
            let (a, b) = (&tree.modules[from].path, &tree.modules[to].path);
            let common = a.iter().zip(b).take_while(|(x, y)| x == y).count();
            let file = module.file.strip_prefix(workspace).unwrap_or(&module.file);
            let example = Example {
                file: file.display().to_string(),
                line: reference.line,
                path: reference.segments.join("::"),
            };
            levels
                .entry(ancestor(tree, from, common))
                .or_default()
                .entry((
                    ancestor(tree, from, common + 1),
                    ancestor(tree, to, common + 1),
                ))
                .or_insert(example);
        }
    }
    levels
}

/// The ancestor of `module` (or itself) whose path has `depth` segments.
fn ancestor(tree: &CrateTree, mut module: usize, depth: usize) -> usize {
    while tree.modules[module].path.len() > depth {
        match tree.modules[module].parent {
            Some(parent) => module = parent,
            None => break,
        }
    }
    module
}

/// The cycles of every level: for each edge that lies on one, the shortest cycle through it,
/// so every edge to remove shows in at least one chain.
pub fn cycles(tree: &CrateTree, workspace: &Path) -> Vec<Cycle> {
    let mut found = Vec::new();
    for level in edges(tree, workspace).values() {
        let mut seen = BTreeSet::new();
        for &(a, b) in level.keys() {
            let Some(back) = shortest_path(level, b, a) else {
                continue;
            };
            let mut ring: Vec<usize> = std::iter::once(a).chain(back).collect();
            ring.pop();
            // One rotation of each ring, so a cycle found from each of its edges shows once.
            let start = (0..ring.len()).min_by_key(|&i| ring[i]).unwrap_or(0);
            ring.rotate_left(start);
            if !seen.insert(ring.clone()) {
                continue;
            }
            ring.push(ring[0]);
            found.push(Cycle {
                krate: tree.label.clone(),
                chain: ring.iter().map(|&m| tree.name(m)).collect(),
                examples: ring
                    .windows(2)
                    .map(|e| level[&(e[0], e[1])].clone())
                    .collect(),
            });
        }
    }
    found
}

/// The shortest path from `from` to `to` along `level`'s edges, both ends included.
fn shortest_path(
    level: &BTreeMap<(usize, usize), Example>,
    from: usize,
    to: usize,
) -> Option<Vec<usize>> {
    let mut came_from = BTreeMap::from([(from, from)]);
    let mut queue = VecDeque::from([from]);
    while let Some(node) = queue.pop_front() {
        if node == to {
            let mut path = vec![to];
            let mut at = to;
            while at != from {
                at = came_from[&at];
                path.push(at);
            }
            path.reverse();
            return Some(path);
        }
        for &(_, next) in level.keys().filter(|(x, _)| *x == node) {
            if let std::collections::btree_map::Entry::Vacant(slot) = came_from.entry(next) {
                slot.insert(node);
                queue.push_back(next);
            }
        }
    }
    None
}
