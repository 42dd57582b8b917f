//! The URI tree: server → scheme → authority → path segments, with the number of matching
//! resources in every folder, each server's templates and its unparseable URIs in folders of
//! their own. Grouped by kind, a kind's folder (resources, apps, skills, templates) comes first
//! and holds the servers' trees of that kind. Built from the current answer (so a search keeps
//! the ancestors of its matches), flattened by what is expanded, and served in windows like the
//! list.

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::query::{Filters, IndexRow, Query, ResourceKind, SortKey};
use super::search::{Hit, Search};
use super::uri_path::{self, UriPath};
use super::ResourceIndex;
use crate::listing::ResourceTemplate;

/// Separates the labels of a folder's id; never part of a URI (control characters make a URI
/// unparsed) so ids cannot collide.
const SEPARATOR: char = '\u{1f}';
/// Starts the id label of folders that are not part of a URI (templates, unparsed).
const SPECIAL: char = '\u{1e}';

/// A question to the tree: the list's question plus which folders are open.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
#[ts(export)]
pub struct TreeQuery {
    #[serde(flatten)]
    pub query: Query,
    /// Ids of the expanded folders.
    pub expanded: Vec<String>,
    /// Every folder open (while searching, to show where the matches are).
    pub expand_all: bool,
    /// What the top folders are: servers, or kinds.
    pub group: TreeGroup,
    /// Servers whose templates are not shown (their connection hides them by default).
    pub hidden_templates: Vec<String>,
}

/// What the tree's top folders are.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum TreeGroup {
    /// Each server, then its URIs and its templates.
    #[default]
    Server,
    /// Each kind (resources, apps, skills, then templates), then each server, then its URIs.
    Kind,
}

/// The label of the templates folder, and of the templates' kind folder (the window names both
/// in its language).
const TEMPLATES: &str = "templates";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum FolderKind {
    /// A kind's folder when grouped by kind: its label is the kind (`resource`, `app`,
    /// `skill`); the templates' is a `Templates` folder.
    Kind,
    Server,
    Scheme,
    Authority,
    Path,
    Templates,
    Unparsed,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
#[ts(export)]
pub enum TreeNode {
    Folder {
        label: String,
        kind: FolderKind,
        /// Matching resources (or templates) below it.
        count: u32,
        expanded: bool,
    },
    Resource {
        row: IndexRow,
    },
    Template {
        template: ResourceTemplate,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TreeRow {
    /// Stable across answers: folders by their path, resources by server and URI.
    pub id: String,
    pub depth: u32,
    pub node: TreeNode,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TreeResult {
    /// Visible rows (folders open or closed, and the resources of open folders).
    #[ts(type = "number")]
    pub total: usize,
    /// Resources that match the question.
    #[ts(type = "number")]
    pub matches: usize,
    #[ts(type = "number")]
    pub indexed: usize,
    #[ts(type = "number")]
    pub offset: usize,
    pub rows: Vec<TreeRow>,
}

struct Folder {
    id: String,
    label: String,
    kind: FolderKind,
    count: u32,
    folders: Vec<usize>,
    by_label: HashMap<String, usize>,
    leaves: Vec<Hit>,
    /// For a templates folder: its server.
    templates_of: Option<String>,
    /// The `inode/directory` resource this folder stands for, when a server listed one.
    directory: Option<Hit>,
}

#[derive(Clone, Copy)]
enum Visible {
    Folder(usize, u32),
    Leaf(Hit, u32),
    Template(usize, usize, u32),
}

/// The tree of one answer, and its last flattening.
pub(super) struct Cached {
    generation: u64,
    text: String,
    filters: Filters,
    sort: SortKey,
    group: TreeGroup,
    hidden_templates: Vec<String>,
    folders: Vec<Folder>,
    roots: Vec<usize>,
    flat: Option<(Vec<String>, bool, Vec<Visible>)>,
}

impl ResourceIndex {
    /// The visible rows of the tree for `question`, and the window of them it asks for.
    pub fn tree(&mut self, question: &TreeQuery) -> TreeResult {
        let query = &question.query;
        let search = Search::parse(&query.text);
        self.order(query, search.as_ref());
        // The tree places every hit: all of them in order.
        self.sort_up_to(usize::MAX);
        let sort = self.ordered.as_ref().map_or(query.sort, |o| o.sort);
        let fresh = self.tree.as_ref().is_some_and(|tree| {
            tree.generation == self.generation
                && tree.sort == sort
                && tree.text == query.text
                && tree.filters == query.filters
                && tree.group == question.group
                && tree.hidden_templates == question.hidden_templates
        });
        if !fresh {
            self.tree = Some(self.build_tree(question, sort, search.is_some()));
        }
        let Some(tree) = self.tree.as_mut() else {
            return self.empty_tree(query.offset);
        };
        let reuse = tree.flat.as_ref().is_some_and(|(expanded, all, _)| {
            *expanded == question.expanded && *all == question.expand_all
        });
        if !reuse {
            let open: HashSet<&str> = question.expanded.iter().map(String::as_str).collect();
            let flat = flatten(&tree.folders, &tree.roots, &open, question.expand_all);
            tree.flat = Some((question.expanded.clone(), question.expand_all, flat));
        }
        let Some(tree) = self.tree.as_ref() else {
            return self.empty_tree(query.offset);
        };
        let visible = tree.flat.as_ref().map_or(&[][..], |(_, _, flat)| flat);
        let window = super::window(visible, query.offset, query.limit);
        let mut matcher = nucleo_matcher::Matcher::new(nucleo_matcher::Config::DEFAULT);
        let rows = window
            .iter()
            .map(|visible| self.tree_row(tree, *visible, question, search.as_ref(), &mut matcher))
            .collect();
        TreeResult {
            total: visible.len(),
            matches: self.ordered_hits().len(),
            indexed: self.entries.len(),
            offset: query.offset,
            rows,
        }
    }

    /// The answer when there is no tree (never after `tree` built one; typed, not a panic).
    fn empty_tree(&self, offset: usize) -> TreeResult {
        TreeResult {
            total: 0,
            matches: 0,
            indexed: self.entries.len(),
            offset,
            rows: Vec::new(),
        }
    }

    fn tree_row(
        &self,
        tree: &Cached,
        visible: Visible,
        question: &TreeQuery,
        search: Option<&Search>,
        matcher: &mut nucleo_matcher::Matcher,
    ) -> TreeRow {
        match visible {
            Visible::Folder(at, depth) => {
                let folder = &tree.folders[at];
                TreeRow {
                    id: folder.id.clone(),
                    depth,
                    node: TreeNode::Folder {
                        label: folder.label.clone(),
                        kind: folder.kind,
                        count: folder.count,
                        expanded: question.expand_all || question.expanded.contains(&folder.id),
                    },
                }
            }
            Visible::Leaf(hit, depth) => {
                let row = self.row(hit, search, matcher);
                TreeRow {
                    id: format!("{}\u{0}{}", row.item.server, row.item.uri),
                    depth,
                    node: TreeNode::Resource { row },
                }
            }
            Visible::Template(folder, at, depth) => {
                let server = tree.folders[folder]
                    .templates_of
                    .as_deref()
                    .unwrap_or_default();
                let template = self.templates[server][at].clone();
                TreeRow {
                    id: format!(
                        "{}{SEPARATOR}{}",
                        tree.folders[folder].id, template.uri_template
                    ),
                    depth,
                    node: TreeNode::Template { template },
                }
            }
        }
    }

    fn build_tree(&self, question: &TreeQuery, sort: SortKey, searching: bool) -> Cached {
        let query = &question.query;
        let mut builder = Builder::default();
        // The folder of each directory part of a URI (up to its last `/`) met so far: most
        // resources share their directory with others, and one lookup then replaces parsing
        // the URI and walking every folder above it.
        let mut directories: HashMap<(usize, &str), usize> = HashMap::new();
        for &hit in self.ordered_hits() {
            let entry = &self.entries[hit.entry as usize];
            let item = &entry.item;
            let root = match question.group {
                TreeGroup::Server => builder.root(&item.server),
                TreeGroup::Kind => {
                    let kind = builder.kind_root(kind_label(entry.kind), FolderKind::Kind);
                    builder.child(kind, &item.server, FolderKind::Server)
                }
            };
            // A directory resource is the folder of its path, not a leaf beside it.
            if is_directory(item.mime_type.as_deref()) && builder.directory(root, hit, &item.uri) {
                continue;
            }
            let split = item
                .uri
                .rfind('/')
                .map(|slash| item.uri.split_at(slash + 1));
            let known = split.and_then(|(directory, leaf)| {
                let plain = !leaf.is_empty() && !uri_path::is_hostile(leaf);
                plain
                    .then(|| directories.get(&(root, directory)).copied())
                    .flatten()
            });
            let folder = match known {
                Some(folder) => folder,
                None => {
                    let folder = builder.folder_of(root, &item.uri);
                    if let Some((directory, leaf)) = split {
                        if !leaf.is_empty() && builder.folders[folder].kind != FolderKind::Unparsed
                        {
                            directories.insert((root, directory), folder);
                        }
                    }
                    folder
                }
            };
            builder.folders[folder].leaves.push(hit);
        }
        // Templates are not searched: they show with the servers' folders when nothing is.
        if !searching {
            for (server, templates) in &self.templates {
                let shown = super::shows_server(server, &query.filters)
                    && !question.hidden_templates.contains(server);
                if !shown {
                    continue;
                }
                let folder = match question.group {
                    TreeGroup::Server => {
                        let root = builder.root(server);
                        builder.child(root, TEMPLATES, FolderKind::Templates)
                    }
                    TreeGroup::Kind => {
                        let kind = builder.kind_root(TEMPLATES, FolderKind::Templates);
                        builder.child(kind, server, FolderKind::Server)
                    }
                };
                builder.folders[folder].templates_of = Some(server.clone());
                builder.folders[folder].count = templates.len() as u32;
            }
        }
        builder.finish(self, question, sort)
    }
}

#[derive(Default)]
struct Builder {
    folders: Vec<Folder>,
    roots: HashMap<String, usize>,
}

impl Builder {
    fn root(&mut self, server: &str) -> usize {
        if let Some(&at) = self.roots.get(server) {
            return at;
        }
        let at = self.add(server.to_owned(), server, FolderKind::Server);
        self.roots.insert(server.to_owned(), at);
        at
    }

    /// The top folder of a kind (`kind` is `Kind`, or `Templates` for the templates'). Its id
    /// starts with `SPECIAL`, which no server's folder id does unless the server's name does.
    fn kind_root(&mut self, label: &str, kind: FolderKind) -> usize {
        let id = format!("{SPECIAL}{label}");
        if let Some(&at) = self.roots.get(&id) {
            return at;
        }
        let at = self.add(id.clone(), label, kind);
        self.roots.insert(id, at);
        at
    }

    /// The folder `uri` belongs in, below the server folder `root`.
    fn folder_of(&mut self, root: usize, uri: &str) -> usize {
        let mut at = root;
        match UriPath::parse(uri) {
            UriPath::Parsed {
                folders, authority, ..
            } => {
                for (depth, label) in folders.into_iter().enumerate() {
                    let kind = match depth {
                        0 => FolderKind::Scheme,
                        1 if authority => FolderKind::Authority,
                        _ => FolderKind::Path,
                    };
                    at = self.child(at, label, kind);
                }
            }
            UriPath::Unparsed => at = self.child(at, "unparsed", FolderKind::Unparsed),
        }
        at
    }

    /// Makes the resource `hit` (an `inode/directory` at `uri`) the folder of its own path,
    /// below the server folder `root`; false when its URI has no path to be a folder of.
    fn directory(&mut self, root: usize, hit: Hit, uri: &str) -> bool {
        let UriPath::Parsed { leaf, .. } = UriPath::parse(uri) else {
            return false;
        };
        let parent = self.folder_of(root, uri);
        if uri_path::is_hostile(leaf) || self.folders[parent].kind == FolderKind::Unparsed {
            return false;
        }
        let folder = self.child(parent, leaf, FolderKind::Path);
        self.folders[folder].directory.get_or_insert(hit);
        true
    }

    fn child(&mut self, parent: usize, label: &str, kind: FolderKind) -> usize {
        let special = matches!(kind, FolderKind::Templates | FolderKind::Unparsed);
        // Looked up without allocating: this runs for every folder above every resource.
        let found = if special {
            self.folders[parent]
                .by_label
                .get(&format!("{SPECIAL}{label}"))
        } else {
            self.folders[parent].by_label.get(label)
        };
        if let Some(&at) = found {
            return at;
        }
        let key = if special {
            format!("{SPECIAL}{label}")
        } else {
            label.to_owned()
        };
        let id = format!("{}{SEPARATOR}{key}", self.folders[parent].id);
        let at = self.add(id, label, kind);
        self.folders[parent].folders.push(at);
        self.folders[parent].by_label.insert(key, at);
        at
    }

    fn add(&mut self, id: String, label: &str, kind: FolderKind) -> usize {
        self.folders.push(Folder {
            id,
            label: label.to_owned(),
            kind,
            count: 0,
            folders: Vec::new(),
            by_label: HashMap::new(),
            leaves: Vec::new(),
            templates_of: None,
            directory: None,
        });
        self.folders.len() - 1
    }

    /// Counts every folder's resources, and orders folders: by label, ignoring case, with
    /// the templates and unparsed folders last.
    fn finish(mut self, index: &ResourceIndex, question: &TreeQuery, sort: SortKey) -> Cached {
        let query = &question.query;
        let mut roots: Vec<usize> = self.roots.values().copied().collect();
        sort_folders(&self.folders, &mut roots);
        for &root in &roots {
            count(&mut self.folders, root);
        }
        for at in 0..self.folders.len() {
            let mut children = std::mem::take(&mut self.folders[at].folders);
            sort_folders(&self.folders, &mut children);
            self.folders[at].folders = children;
        }
        Cached {
            generation: index.generation,
            text: query.text.clone(),
            filters: query.filters.clone(),
            sort,
            group: question.group,
            hidden_templates: question.hidden_templates.clone(),
            folders: self.folders,
            roots,
            flat: None,
        }
    }
}

fn count(folders: &mut [Folder], at: usize) -> u32 {
    let children = folders[at].folders.clone();
    // A server's count is of resources: its templates folder counts templates, apart. (The
    // templates' kind folder, grouped by kind, counts the templates of its servers.)
    let mut below = 0;
    for child in children {
        let counted = count(folders, child);
        if folders[child].kind != FolderKind::Templates {
            below += counted;
        }
    }
    let folder = &mut folders[at];
    if folder.templates_of.is_none() {
        // A directory resource counts once, as its folder: the count stays the matches'.
        folder.count = below + folder.leaves.len() as u32 + u32::from(folder.directory.is_some());
    }
    folder.count
}

/// The label of the folder of resources of `kind`, grouped by kind.
fn kind_label(kind: ResourceKind) -> &'static str {
    match kind {
        ResourceKind::Resource => "resource",
        ResourceKind::App => "app",
        ResourceKind::Skill => "skill",
    }
}

/// By label, ignoring case, with the templates and unparsed folders last; kinds' folders in
/// the order of `ResourceKind::ALL` (a label's order would change with the window's language).
fn sort_folders(folders: &[Folder], order: &mut [usize]) {
    order.sort_by_cached_key(|&at| {
        let folder = &folders[at];
        let last = matches!(folder.kind, FolderKind::Templates | FolderKind::Unparsed);
        let kind = ResourceKind::ALL
            .iter()
            .position(|&kind| folder.kind == FolderKind::Kind && kind_label(kind) == folder.label)
            .unwrap_or(0);
        (
            last,
            kind,
            folder.label.to_lowercase(),
            folder.label.clone(),
        )
    });
}

fn flatten(
    folders: &[Folder],
    roots: &[usize],
    open: &HashSet<&str>,
    expand_all: bool,
) -> Vec<Visible> {
    let mut visible = Vec::new();
    for &root in roots {
        flatten_into(
            folders,
            root,
            0,
            &mut |folder| expand_all || open.contains(folder),
            &mut visible,
        );
    }
    visible
}

/// Depth first: a folder, then (when open) its sub-folders, then its resources. Recursion is
/// bounded by `uri_path::MAX_FOLDERS`.
fn flatten_into(
    folders: &[Folder],
    at: usize,
    depth: u32,
    is_open: &mut dyn FnMut(&str) -> bool,
    visible: &mut Vec<Visible>,
) {
    visible.push(Visible::Folder(at, depth));
    let folder = &folders[at];
    if !is_open(&folder.id) {
        return;
    }
    for &child in &folder.folders {
        flatten_into(folders, child, depth + 1, is_open, visible);
    }
    push_leaves(folder, at, depth + 1, visible);
}

fn push_leaves(folder: &Folder, at: usize, depth: u32, visible: &mut Vec<Visible>) {
    visible.extend(folder.leaves.iter().map(|&hit| Visible::Leaf(hit, depth)));
    if folder.templates_of.is_some() {
        visible.extend((0..folder.count as usize).map(|t| Visible::Template(at, t, depth)));
    }
}

/// The media type of a directory (`inode/directory`, as `file --mime-type` and the
/// freedesktop shared MIME database name it), with any parameters, in any case.
pub(super) fn is_directory(mime_type: Option<&str>) -> bool {
    mime_type.is_some_and(|mime| {
        mime.split(';')
            .next()
            .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("inode/directory"))
    })
}
