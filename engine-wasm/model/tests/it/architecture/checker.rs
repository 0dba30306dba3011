//! Reads Rust sources as text and finds which module (file) names which: `use` trees and
//! `crate::`/`super::`/`self::` paths, resolved to the module they land in, re-exports
//! followed to where an item is defined. Then checks the house's two rules: no import
//! cycle between modules, and no room importing from one downstream of it.
//!
//! A parent naming its own children (`mod txg;` then `txg::TxgState`) is containment, not
//! an import between peers, so those edges are left out; everything else counts, tests
//! inside a file included.

use std::collections::{BTreeMap, BTreeSet};

/// The rooms, upstream first; any other module is the foundation, upstream of them all.
pub const ROOMS: [&str; 6] = ["evidence", "scenario", "sim", "report", "lesson", "advisor"];

/// A module path such as `sim::txg`; the crate root is the empty path.
pub type Module = String;

/// Which modules each module imports (the crate root and a module's own descendants left
/// out), with one example path per edge for messages.
pub type Graph = BTreeMap<Module, BTreeMap<Module, String>>;

/// The module a source file (relative to `src/`) defines: `lib.rs` the root, `a/mod.rs`
/// and `a.rs` both `a`.
pub fn module_of(file: &str) -> Module {
    let stem = file.trim_end_matches(".rs");
    let stem = stem.strip_suffix("/mod").unwrap_or(stem);
    if stem == "lib" {
        String::new()
    } else {
        stem.replace('/', "::")
    }
}

/// `src` with comments, string and character literals blanked, so that braces and paths in
/// them are not read as code. Lifetimes (`'a`) are kept.
pub fn code_only(src: &str) -> String {
    let chars: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r' && (i == 0 || !ident(chars[i - 1])) && matches!(next, Some('"' | '#')) {
            // A raw string: r"..." or r#"..."#, ended by a quote and as many hashes.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            while j < chars.len() && !(chars[j] == '"' && (0..hashes).all(|h| chars.get(j + 1 + h) == Some(&'#'))) {
                j += 1;
            }
            i = j + 1 + hashes;
            out.push_str("\"\"");
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' && (next == Some('\\') || chars.get(i + 2) == Some(&'\'')) {
            // A character literal ('x', '\n', '\u{b5}'); a lifetime has no closing quote.
            i += 2;
            while i < chars.len() && chars[i] != '\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// One source file, cleaned, with the module each byte of it is in (inline `mod x { }`
/// blocks nest inside the file's module).
struct Source {
    code: String,
    /// `(start, end, module)` of each inline module, innermost last.
    inline: Vec<(usize, usize, Module)>,
    module: Module,
}

impl Source {
    fn new(file: &str, text: &str) -> Source {
        let code = code_only(text);
        let module = module_of(file);
        let mut inline = Vec::new();
        // Each open brace, with the module it opens if it is `mod NAME {`.
        let mut open: Vec<(usize, Option<Module>)> = Vec::new();
        let toks = tokens(&code);
        for (k, &(at, tok)) in toks.iter().enumerate() {
            match tok {
                "{" => {
                    let inside = open.iter().rev().find_map(|(_, m)| m.clone()).unwrap_or_else(|| module.clone());
                    let name = (k >= 2 && toks[k - 2].1 == "mod").then(|| join(&inside, toks[k - 1].1));
                    open.push((at, name));
                }
                "}" => {
                    if let Some((start, Some(m))) = open.pop() {
                        inline.push((start, at, m));
                    }
                }
                _ => {}
            }
        }
        // Outermost first, so that the last block holding a position is the innermost.
        inline.sort_by_key(|(start, end, _)| (*start, std::cmp::Reverse(*end)));
        Source { code, inline, module }
    }

    fn module_at(&self, at: usize) -> &str {
        self.inline.iter().rev().find(|(s, e, _)| *s <= at && at <= *e).map_or(&self.module, |(_, _, m)| m)
    }
}

/// Identifiers, and each punctuation character on its own (`::` is two `:`), with their
/// byte offsets.
fn tokens(code: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in code.char_indices() {
        let word = c.is_alphanumeric() || c == '_';
        match (word, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, &code[s..i]));
                start = None;
            }
            _ => {}
        }
        if !word && !c.is_whitespace() {
            out.push((i, &code[i..i + c.len_utf8()]));
        }
    }
    if let Some(s) = start {
        out.push((s, &code[s..]));
    }
    out
}

fn join(module: &str, name: &str) -> Module {
    if module.is_empty() {
        name.to_string()
    } else {
        format!("{module}::{name}")
    }
}

/// The paths a `use` tree names (`a::{b, c::d as e}` gives `a::b` and `a::c::d`), each with
/// the name it binds (`None` for a glob).
fn use_paths(tree: &str) -> Vec<(Vec<String>, Option<String>)> {
    fn walk(tree: &str, prefix: &[String], out: &mut Vec<(Vec<String>, Option<String>)>) {
        let tree = tree.trim();
        if let Some(open) = tree.find('{') {
            let head: Vec<String> =
                tree[..open].split("::").map(str::trim).filter(|s| !s.is_empty()).map(String::from).collect();
            let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
            let mut depth = 0;
            let mut start = 0;
            let mut parts = Vec::new();
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        parts.push(&inner[start..i]);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            parts.push(&inner[start..]);
            let prefix: Vec<String> = prefix.iter().cloned().chain(head).collect();
            for part in parts.into_iter().filter(|p| !p.trim().is_empty()) {
                walk(part, &prefix, out);
            }
            return;
        }
        let (path, alias) = match tree.split_once(" as ") {
            Some((p, a)) => (p, Some(a.trim().to_string())),
            None => (tree, None),
        };
        let mut segments: Vec<String> = prefix.to_vec();
        segments.extend(path.split("::").map(str::trim).filter(|s| !s.is_empty()).map(String::from));
        if segments.last().is_some_and(|s| s == "self") {
            segments.pop();
        }
        let bound = if segments.last().is_some_and(|s| s == "*") {
            segments.pop();
            None
        } else {
            alias.or_else(|| segments.last().cloned())
        };
        out.push((segments, bound));
    }
    let mut out = Vec::new();
    walk(tree, &[], &mut out);
    out
}

/// The crate's modules and what each re-exports, from every source file.
pub struct Crate {
    sources: Vec<Source>,
    modules: BTreeSet<Module>,
    /// `(module, name)` to the absolute path of what `pub use` re-exports under that name.
    reexports: BTreeMap<(Module, String), Vec<String>>,
}

/// A `use` item: whether it is public, where it is, and its tree.
fn use_items(code: &str) -> Vec<(bool, usize, String)> {
    let toks = tokens(code);
    let mut out = Vec::new();
    for (k, &(at, word)) in toks.iter().enumerate() {
        if word != "use" || (k > 0 && toks[k - 1].1 == ".") {
            continue;
        }
        let public = toks[..k]
            .iter()
            .rev()
            .find(|(_, t)| !matches!(*t, "(" | ")" | "crate" | "super" | "in" | "self"))
            .is_some_and(|(_, t)| *t == "pub");
        let Some(end) = code[at..].find(';') else { continue };
        out.push((public, at, code[at + 3..at + end].to_string()));
    }
    out
}

impl Crate {
    /// `files` are `(path under src/, text)`.
    pub fn new(files: &[(String, String)]) -> Crate {
        let sources: Vec<Source> = files.iter().map(|(f, t)| Source::new(f, t)).collect();
        let mut modules: BTreeSet<Module> = BTreeSet::new();
        for s in &sources {
            modules.insert(s.module.clone());
            for (_, _, m) in &s.inline {
                modules.insert(m.clone());
            }
        }
        let mut krate = Crate { sources, modules, reexports: BTreeMap::new() };
        let mut reexports = BTreeMap::new();
        for s in &krate.sources {
            for (public, at, tree) in use_items(&s.code) {
                let here = s.module_at(at).to_string();
                for (path, bound) in use_paths(&tree) {
                    if let (true, Some(name), Some(abs)) = (public, bound, krate.absolute(&here, &path)) {
                        reexports.insert((here.clone(), name), abs);
                    }
                }
            }
        }
        krate.reexports = reexports;
        krate
    }

    /// `path` as seen from `here`, made absolute; `None` for another crate's (`std::`, `serde::`).
    fn absolute(&self, here: &str, path: &[String]) -> Option<Vec<String>> {
        let mut base: Vec<String> =
            if here.is_empty() { Vec::new() } else { here.split("::").map(String::from).collect() };
        let mut rest = path;
        match rest.first().map(String::as_str) {
            Some("crate") => {
                base.clear();
                rest = &rest[1..];
            }
            Some("self") => rest = &rest[1..],
            Some("super") => {
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop();
                    rest = &rest[1..];
                }
            }
            Some(first) if self.modules.contains(&join(here, first)) => {}
            _ => return None,
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// The module an absolute path lands in, following re-exports to the defining module.
    fn resolve(&self, path: &[String]) -> Module {
        let mut path = path.to_vec();
        for _ in 0..16 {
            let (module, next) = self.longest_module(&path);
            let Some(name) = next else { return module };
            match self.reexports.get(&(module.clone(), name)) {
                Some(target) if *target != path => path = target.clone(),
                _ => return module,
            }
        }
        self.longest_module(&path).0
    }

    /// The file a module is written in: inline modules (`mod tests { }`) belong to theirs,
    /// since a file is the unit of the rules.
    fn file_of(&self, module: &str) -> Module {
        self.sources
            .iter()
            .find(|s| s.module == module || s.inline.iter().any(|(_, _, m)| m == module))
            .map_or_else(|| module.to_string(), |s| s.module.clone())
    }

    fn longest_module(&self, path: &[String]) -> (Module, Option<String>) {
        for n in (0..=path.len()).rev() {
            let m = path[..n].join("::");
            if self.modules.contains(&m) {
                return (m, path.get(n).cloned());
            }
        }
        (String::new(), path.first().cloned())
    }

    /// Every import between modules: `use` trees and `crate::`/`super::`/`self::` paths.
    pub fn graph(&self) -> Graph {
        let mut graph = Graph::new();
        for s in &self.sources {
            graph.entry(s.module.clone()).or_default();
            let mut found: Vec<(usize, Vec<String>)> = Vec::new();
            for (_, at, tree) in use_items(&s.code) {
                found.extend(use_paths(&tree).into_iter().map(|(p, _)| (at, p)));
            }
            let toks = tokens(&s.code);
            // `::` is two adjacent `:` tokens (a lone `:` is a type annotation).
            let path_sep = |j: usize| toks[j].1 == ":" && toks[j + 1].1 == ":" && toks[j].0 + 1 == toks[j + 1].0;
            for k in 0..toks.len() {
                if !matches!(toks[k].1, "crate" | "super" | "self") || (k > 1 && path_sep(k - 2)) {
                    continue;
                }
                let mut path = vec![toks[k].1.to_string()];
                let mut j = k + 1;
                while j + 2 < toks.len() && path_sep(j) {
                    let seg = toks[j + 2].1;
                    if !(seg.starts_with(|c: char| c.is_alphabetic() || c == '_')) {
                        break;
                    }
                    path.push(seg.to_string());
                    j += 3;
                }
                if path.len() > 1 {
                    found.push((toks[k].0, path));
                }
            }
            for (at, path) in found {
                let here = s.module_at(at).to_string();
                let Some(abs) = self.absolute(&here, &path) else { continue };
                let from = s.module.clone();
                let to = self.file_of(&self.resolve(&abs));
                let descendant = to.starts_with(&format!("{from}::")) || (from.is_empty() && !to.is_empty());
                if to.is_empty() || to == from || descendant {
                    continue;
                }
                graph.entry(from).or_default().entry(to).or_insert_with(|| path.join("::"));
            }
        }
        graph
    }
}

/// The room of a module, as its rank upstream to downstream: 0 for the foundation.
pub fn rank(module: &str) -> usize {
    let first = module.split("::").next().unwrap_or("");
    ROOMS.iter().position(|r| *r == first).map_or(0, |i| i + 1)
}

fn room_name(module: &str) -> &'static str {
    match rank(module) {
        0 => "the foundation",
        r => ROOMS[r - 1],
    }
}

/// Every import that goes upstream against the pipe (a room importing from one downstream
/// of it, or the foundation importing a room), as messages.
pub fn downstream_imports(graph: &Graph) -> Vec<String> {
    let mut out = Vec::new();
    for (from, tos) in graph {
        for (to, example) in tos {
            if rank(to) > rank(from) {
                out.push(format!(
                    "{from} ({}) imports {to} ({}), which is downstream of it: `{example}`",
                    room_name(from),
                    room_name(to)
                ));
            }
        }
    }
    out
}

/// Every import cycle: the strongly connected components of more than one module (Tarjan).
pub fn cycles(graph: &Graph) -> Vec<Vec<Module>> {
    struct Tarjan<'a> {
        graph: &'a Graph,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        out: Vec<Vec<Module>>,
    }
    impl<'a> Tarjan<'a> {
        fn visit(&mut self, v: &'a str) {
            let i = self.index.len();
            self.index.insert(v, i);
            self.low.insert(v, i);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.graph.get(v).into_iter().flat_map(|tos| tos.keys()) {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let lw = self.low[w];
                    let lv = self.low.get_mut(v).expect("visited");
                    *lv = (*lv).min(lw);
                } else if self.on_stack.contains(w) {
                    let iw = self.index[w];
                    let lv = self.low.get_mut(v).expect("visited");
                    *lv = (*lv).min(iw);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    component.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.out.push(component);
                }
            }
        }
    }
    let mut t = Tarjan {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !t.index.contains_key(v.as_str()) {
            t.visit(v);
        }
    }
    t.out
}
