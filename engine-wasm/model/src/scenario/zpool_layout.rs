//! A pool's layout as a user has it at hand: the `zpool create` line that made it, or the
//! `config:` section of its `zpool status`. Either gives the normal class's top-level vdevs,
//! the log vdevs and the special class's; cache devices and spares are read and set aside (they do not take
//! part in writes), and whatever else is refused naming its word or line.
//!
//! The vdev grammar is `zpool(8)`'s (`cmd/zpool/zpool_vdev.c`, `construct_spec()`): a type
//! keyword (`mirror`, `raidz`, `raidz1`..`raidz3`) takes the devices after it up to the next
//! keyword; a device outside a group is a top-level vdev of its own; `log`, `special`,
//! `cache`, `spare` and `dedup` start a class. As `zpool create` does, a mirror needs two
//! devices, RAID-Z with parity p needs p + 1, and a log vdev is a disk or a mirror.

use super::pool::{Draid, TopVdev};
use crate::messages::shown;
use crate::schema::{Id, MAX_LEAVES};

/// Leaves in one top-level vdev at most (RAID-Z's own limit is 255).
pub const MAX_CHILDREN: u32 = 64;
/// Top-level vdevs in one class at most.
pub const MAX_TOPS: usize = 64;

/// What a layout text describes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Layout {
    pub data: Vec<TopVdev>,
    pub log: Vec<TopVdev>,
    pub special: Vec<TopVdev>,
    /// What was read and is not modelled (cache devices, spares, `-o ashift`), said plainly.
    pub notes: Vec<String>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Data,
    Log,
    Special,
    Cache,
    Spare,
}

/// Reads a `zpool create` line (with or without `zpool create [options] POOL`) or a
/// `zpool status` listing, whichever the text is.
pub fn parse(text: &str) -> Result<Layout, String> {
    let is_status = text.lines().any(|l| {
        let mut w = l.split_whitespace();
        matches!((w.next(), w.next()), (Some("NAME"), Some("STATE")))
    });
    let layout = if is_status { from_status(text, 1, &mut None)? } else { from_create(text)? };
    check(&layout)?;
    Ok(layout)
}

/// Reads a `zpool status` listing pasted as evidence, whose first line is line
/// `first_line` of the paste: a top-level vdev it cannot take (a cut paste's last mirror
/// with one disk) is left out, with what is wrong with it, and the rest kept.
pub fn parse_status_evidence(text: &str, first_line: usize) -> Result<(Layout, Vec<String>), String> {
    let mut left_out = Some(Vec::new());
    let layout = from_status(text, first_line, &mut left_out)?;
    if layout.data.is_empty() {
        let why = left_out.unwrap_or_default().join("; ");
        return Err(if why.is_empty() { "zpool status: no data vdev".to_string() } else { why });
    }
    check(&layout)?;
    Ok((layout, left_out.unwrap_or_default()))
}

/// A group's type keyword: its parity (0 for a mirror) and, for dRAID, what its
/// keyword says of the layout.
#[derive(Clone, Copy, Debug)]
struct Group {
    parity: u32,
    draid: Option<DraidWords>,
}

/// `draid[parity][:<data>d][:<children>c][:<spares>s]`.
#[derive(Clone, Copy, Debug, Default)]
struct DraidWords {
    data: Option<u32>,
    children: Option<u32>,
    spares: u32,
}

/// The type keyword's group, or `None` for a device.
fn group(word: &str) -> Result<Option<Group>, String> {
    let plain = |parity| Ok(Some(Group { parity, draid: None }));
    match word {
        "mirror" => plain(0),
        "raidz" | "raidz1" => plain(1),
        "raidz2" => plain(2),
        "raidz3" => plain(3),
        w if w.starts_with("draid") => draid_words(w).map(Some),
        w if w.starts_with("raidz") => Err(format!("'{}': RAID-Z has parity 1, 2 or 3", shown(w))),
        _ => Ok(None),
    }
}

/// `draid_config_by_type()`'s reading of a dRAID keyword.
fn draid_words(word: &str) -> Result<Group, String> {
    let bad = |why: &str| format!("'{}': {why}", shown(word));
    let mut parts = word["draid".len()..].split(':');
    let parity = match parts.next().unwrap_or("") {
        "" => 1,
        p => p.parse::<u32>().ok().filter(|p| (1..=3).contains(p)).ok_or_else(|| bad("dRAID has parity 1, 2 or 3"))?,
    };
    let mut d = DraidWords::default();
    for part in parts {
        let (number, suffix) = part.split_at(part.len().saturating_sub(1));
        let n = number.parse::<u32>().map_err(|_| bad("expected <n>d, <n>c or <n>s after a colon"))?;
        match suffix {
            "d" => d.data = Some(n),
            "c" => d.children = Some(n),
            "s" => d.spares = n,
            _ => return Err(bad("expected <n>d, <n>c or <n>s after a colon")),
        }
    }
    Ok(Group { parity, draid: Some(d) })
}

fn class_of(word: &str) -> Result<Option<Class>, String> {
    Ok(match word {
        "log" | "logs" => Some(Class::Log),
        "cache" => Some(Class::Cache),
        "spare" | "spares" => Some(Class::Spare),
        "special" => Some(Class::Special),
        "dedup" => {
            return Err("'dedup': the dedup allocation class is not modelled; leave it out to run without it".into())
        }
        _ => None,
    })
}

/// Adds a disk (`group` None) or a group of `children` leaves to its class, checked as
/// `zpool create` checks it.
fn add(layout: &mut Layout, class: Class, children: u32, group: Option<Group>, name: &str) -> Result<(), String> {
    let parity = group.map_or(0, |g| g.parity);
    let draid = match group.and_then(|g| g.draid) {
        Some(d) => Some(draid_layout(d, children, parity).map_err(|e| format!("{name}: {e}"))?),
        None => None,
    };
    let kind = if parity == 0 { "a mirror".to_string() } else { format!("raidz{parity}") };
    let min = if parity == 0 { 2 } else { parity + 1 };
    if group.is_some() && draid.is_none() && children < min {
        return Err(format!("{name}: {kind} needs at least {min} devices, it has {children}"));
    }
    if children > MAX_CHILDREN {
        return Err(format!("{name}: {children} devices; the lab models at most {MAX_CHILDREN} in a top-level vdev"));
    }
    let vdev = TopVdev { children, parity, draid };
    match class {
        Class::Data => layout.data.push(vdev),
        Class::Log if parity > 0 => {
            return Err(format!("{name}: a log vdev is a disk or a mirror, not RAID-Z or dRAID"))
        }
        Class::Log => layout.log.push(vdev),
        Class::Special => layout.special.push(vdev),
        Class::Cache => layout.notes.push(format!("cache device(s) {name}: L2ARC takes no part in writes")),
        Class::Spare => layout.notes.push(format!("spare(s) {name}: idle until a disk fails")),
    }
    Ok(())
}

/// `draid_config_by_type()`: the data disks default to 8, or what the children less the
/// spares and parity leave; the keyword's children must be the devices given.
fn draid_layout(d: DraidWords, children: u32, parity: u32) -> Result<Draid, String> {
    if let Some(c) = d.children.filter(|&c| c != children) {
        return Err(format!("invalid number of dRAID children; {c} required but {children} provided"));
    }
    let spares = d.spares;
    let data = match d.data {
        Some(data) => data,
        None if children > spares + parity => (children - spares - parity).min(8),
        None => {
            return Err(format!("{children} devices leave none for data beside {spares} spares and parity {parity}"))
        }
    };
    if data == 0 || data + parity > children.saturating_sub(spares) {
        return Err(format!(
            "{data} data disks and parity {parity} do not fit the {} devices left beside the spares",
            children.saturating_sub(spares)
        ));
    }
    if spares > 100 || spares > children - (data + parity) {
        return Err(format!("{spares} distributed spares are more than the devices beyond one group"));
    }
    Ok(Draid { data, spares })
}

fn from_create(text: &str) -> Result<Layout, String> {
    let words: Vec<&str> = text.split_whitespace().filter(|w| *w != "\\").collect();
    let mut layout = Layout::default();
    let mut i = 0;
    if words.first() == Some(&"zpool") {
        if words.get(1) != Some(&"create") {
            return Err("a zpool line here is 'zpool create [options] POOL VDEV...'".into());
        }
        i = 2;
        while let Some(w) = words.get(i).filter(|w| w.starts_with('-')) {
            i += 1;
            // -m, -o, -O, -R and -t take an argument, also at the end of a cluster (-fo).
            if w.ends_with(['m', 'o', 'O', 'R', 't']) {
                if let Some(arg) = words.get(i) {
                    if arg.starts_with("ashift=") && *arg != "ashift=12" {
                        layout.notes.push(format!("{}: the lab writes 4 KiB sectors (ashift=12)", shown(arg)));
                    }
                }
                i += 1;
            }
        }
        if words.get(i).is_none() {
            return Err("'zpool create' without a pool name".into());
        }
        i += 1; // The pool's name.
    }
    let mut class = Class::Data;
    // The open group: (its keyword, devices so far, its keyword's word number).
    let mut open: Option<(Group, u32, usize)> = None;
    let close = |layout: &mut Layout, class, open: &mut Option<(Group, u32, usize)>| -> Result<(), String> {
        if let Some((group, n, at)) = open.take() {
            add(layout, class, n, Some(group), &format!("word {}", at + 1))?;
        }
        Ok(())
    };
    for (n, &w) in words.iter().enumerate().skip(i) {
        let at = |e: String| format!("word {} {e}", n + 1);
        if let Some(c) = class_of(w).map_err(at)? {
            close(&mut layout, class, &mut open)?;
            class = c;
        } else if let Some(g) = group(w).map_err(at)? {
            close(&mut layout, class, &mut open)?;
            open = Some((g, 0, n));
        } else if w.starts_with('-') {
            return Err(format!("word {} '{}': an option goes before the pool's name", n + 1, shown(w)));
        } else if let Some((_, count, _)) = open.as_mut() {
            *count += 1;
        } else {
            add(&mut layout, class, 1, None, &format!("word {} '{}'", n + 1, shown(w)))?;
        }
    }
    close(&mut layout, class, &mut open)?;
    Ok(layout)
}

/// An entry of the `config:` tree: its indent, name and line number.
struct Entry<'a> {
    indent: usize,
    name: &'a str,
    line: usize,
}

/// The `config:` tree's layout; line numbers count from `first_line`. With `left_out`, a
/// top-level vdev `zpool create` would refuse is said there and left out, not an error.
fn from_status(text: &str, first_line: usize, left_out: &mut Option<Vec<String>>) -> Result<Layout, String> {
    let mut entries = Vec::new();
    let mut started = false;
    for (n, l) in text.lines().enumerate() {
        let mut words = l.split_whitespace();
        let Some(name) = words.next() else { continue };
        if !started {
            started = name == "NAME" && words.next() == Some("STATE");
            continue;
        }
        if name == "errors:" || name.ends_with(':') {
            break; // The next section, or the next pool's listing.
        }
        // Tabs to eight columns, as a terminal shows them.
        let indent = l.chars().take_while(|c| c.is_whitespace()).map(|c| if c == '\t' { 8 } else { 1 }).sum();
        entries.push(Entry { indent, name, line: n + first_line });
    }
    let Some(pool) = entries.first() else { return Err("zpool status: no pool under NAME STATE".into()) };
    let mut layout = Layout::default();
    let mut class = Class::Data;
    let mut top: Option<StatusTop> = None;
    let mut top_indent = None;
    let mut finish = |layout: &mut Layout, class, top: &mut Option<StatusTop>| {
        let added = match top.take() {
            Some(StatusTop { group: Some(g), children, name, .. }) => add(layout, class, children, Some(g), &name),
            Some(t) => add(layout, class, 1, None, &t.name),
            None => Ok(()),
        };
        match (added, left_out.as_mut()) {
            (Err(e), Some(list)) => {
                list.push(format!("{e}: left out"));
                Ok(())
            }
            (added, _) => added,
        }
    };
    for e in &entries[1..] {
        if e.indent <= pool.indent {
            let Some(c) = class_of(e.name).map_err(|m| format!("line {} {m}", e.line))? else {
                return Err(format!(
                    "line {} '{}': expected a vdev under the pool or logs/cache/spares",
                    e.line,
                    shown(e.name)
                ));
            };
            finish(&mut layout, class, &mut top)?;
            class = c;
            top_indent = None;
            continue;
        }
        let indent = *top_indent.get_or_insert(e.indent);
        if e.indent <= indent {
            finish(&mut layout, class, &mut top)?;
            // `mirror-0`, `raidz2-1`: a group; anything else is a disk.
            let kind = e.name.rsplit_once('-').filter(|(_, i)| i.parse::<u32>().is_ok()).map_or(e.name, |(k, _)| k);
            let group = group(kind).map_err(|m| format!("line {} {m}", e.line))?;
            let name = format!("line {} '{}'", e.line, shown(e.name));
            top = Some(StatusTop { group, name, child_indent: None, children: 0 });
        } else if let Some(t) = top.as_mut() {
            if t.group.is_none() {
                return Err(format!("line {} '{}': under a disk, which has no children", e.line, shown(e.name)));
            }
            // Children of `replacing-N` or `spare-N` are one child of the group.
            if e.indent <= *t.child_indent.get_or_insert(e.indent) {
                t.children += 1;
            }
        }
    }
    finish(&mut layout, class, &mut top)?;
    Ok(layout)
}

/// The top-level vdev `zpool status` is listing.
struct StatusTop {
    /// A mirror, RAID-Z or dRAID (else a disk).
    group: Option<Group>,
    /// Its name and line, for messages.
    name: String,
    child_indent: Option<usize>,
    children: u32,
}

impl Layout {
    /// The lab's settings for this layout (`top_level_vdevs`, `mirror`, `raidz`, `slog`):
    /// they describe top-level vdevs alike and a log of one SSD or a mirror of two, so a
    /// layout mixing others is refused, naming what to use instead.
    pub fn lab_settings(&self) -> Result<Vec<(Id, u64)>, String> {
        let first = self.data[0];
        if first.draid.is_some() {
            return Err(
                "dRAID: the lab's controls take disks, mirrors and RAID-Z; a scenario file's pool.layout takes dRAID"
                    .into(),
            );
        }
        if let Some(other) = self.data.iter().find(|v| **v != first) {
            return Err(format!(
                "this pool mixes {} of {} disks with {} of {}: the lab's controls take top-level vdevs alike; a scenario file's pool.layout takes any mix",
                first.kind(), first.children, other.kind(), other.children
            ));
        }
        let slog = match self.log.as_slice() {
            [] => 0,
            [TopVdev { children: 1, .. }] => 1,
            [TopVdev { children: 2, .. }] => 2,
            _ => {
                return Err(
                    "the lab's slog is one SSD or a mirror of two; a scenario file's pool.layout takes any log".into()
                )
            }
        };
        let special = match self.special.as_slice() {
            [] => 0,
            [TopVdev { children: 2, .. }] => 1,
            _ => {
                return Err(
                    "the lab's special class is a mirror of two SSDs; a scenario file's pool.layout takes any".into()
                )
            }
        };
        Ok(vec![
            (Id::TopLevelVdevs, self.data.len() as u64),
            (Id::Mirror, u64::from(first.children)),
            (Id::Raidz, u64::from(first.parity)),
            (Id::Slog, slog),
            (Id::Special, special),
        ])
    }
}

/// Limits of the whole pool.
fn check(layout: &Layout) -> Result<(), String> {
    if layout.data.is_empty() {
        return Err("no top-level vdev in the normal class".into());
    }
    if [&layout.data, &layout.log, &layout.special].iter().any(|c| c.len() > MAX_TOPS) {
        return Err(format!("more than {MAX_TOPS} top-level vdevs in a class"));
    }
    let leaves: u32 = layout.data.iter().chain(&layout.log).chain(&layout.special).map(|v| v.children).sum();
    if leaves > MAX_LEAVES {
        return Err(format!("{leaves} devices; the lab models at most {MAX_LEAVES}"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn v(children: u32, parity: u32) -> TopVdev {
        TopVdev::new(children, parity)
    }

    #[test]
    fn a_zpool_create_line_gives_its_vdevs_by_class() {
        let l = parse("zpool create -f -o ashift=12 -O compression=lz4 tank raidz2 a b c d e f raidz2 g h i j k l log mirror n1 n2 cache n3 spare m").unwrap();
        assert_eq!(l.data, vec![v(6, 2), v(6, 2)]);
        assert_eq!(l.log, vec![v(2, 0)]);
        assert_eq!(l.notes.len(), 2, "{:?}", l.notes);
        // Without the command: the vdev spec alone; bare disks are a stripe.
        assert_eq!(parse("sda sdb sdc").unwrap().data, vec![v(1, 0); 3]);
        assert_eq!(parse("mirror a b c raidz a b").unwrap().data, vec![v(3, 0), v(2, 1)]);
        assert_eq!(parse("zpool create -o ashift=9 p a").unwrap().notes.len(), 1);
    }

    #[test]
    fn a_zpool_create_line_is_refused_as_zpool_refuses_it() {
        let e = |t: &str| parse(t).unwrap_err();
        assert!(e("mirror a").contains("at least 2"), "{}", e("mirror a"));
        assert!(e("raidz3 a b c").contains("word 1"));
        assert!(e("a log raidz b c").contains("log vdev is a disk or a mirror"));
        assert!(e("a dedup mirror b c").contains("dedup allocation class is not modelled"));
        assert_eq!(parse("a special mirror b c").unwrap().special, vec![v(2, 0)]);
        assert!(e("draid2:4d a b c").contains("do not fit"), "{}", e("draid2:4d a b c"));
        assert!(e("draid2:4d:8c a b c d e f g").contains("8 required but 7 provided"));
        assert!(e("draid5 a b c d e f g").contains("parity 1, 2 or 3"));
        assert!(e("draid2:4x a b c d e f g").contains("<n>d"));
        assert!(e("a log draid a b c").contains("not RAID-Z or dRAID"));
        assert!(e("raidz4 a b c d e").contains("parity 1, 2 or 3"));
        assert!(e("log a").contains("no top-level vdev"));
        assert!(e("zpool destroy tank").contains("zpool create"));
        assert!(e("zpool create").contains("pool name"));
        assert!(e("a -f b").contains("word 2"));
        assert!(e(&"x ".repeat(65)).contains("64"));
    }

    #[test]
    fn a_layout_of_vdevs_alike_sets_the_lab_and_a_mix_is_refused() {
        let l = parse("zpool create tank raidz2 a b c d e f raidz2 g h i j k l log mirror m n").unwrap();
        let set = l.lab_settings().unwrap();
        assert_eq!(set, vec![(Id::TopLevelVdevs, 2), (Id::Mirror, 6), (Id::Raidz, 2), (Id::Slog, 2), (Id::Special, 0)]);
        let e = parse("mirror a b raidz c d e").unwrap().lab_settings().unwrap_err();
        assert!(e.contains("mirror of 2") && e.contains("raidz1 of 3") && e.contains("scenario file"), "{e}");
        assert!(parse("a log b c").unwrap().lab_settings().is_err());
    }

    #[test]
    fn a_draid_keyword_gives_its_groups_and_spares_as_zpool_reads_it() {
        let d = |data, spares| Some(Draid { data, spares });
        let l = parse("zpool create tank draid2:4d:1s:12c a b c d e f g h i j k l").unwrap();
        assert_eq!(l.data, vec![TopVdev { children: 12, parity: 2, draid: d(4, 1) }]);
        // Without a data count: 8, or what the devices leave.
        assert_eq!(parse("draid a b c d e f g h i j k l").unwrap().data[0].draid, d(8, 0));
        assert_eq!(parse("draid3:2s a b c d e f g").unwrap().data[0].draid, d(2, 2));
        assert_eq!(l.data[0].data_disks(), 9);
        let status = "NAME STATE\ntank ONLINE\n  draid2:4d:6c:0s-0 ONLINE\n    a\n    b\n    c\n    d\n    e\n    f\n";
        assert_eq!(parse(status).unwrap().data[0].draid, d(4, 0));
    }

    #[test]
    fn zpool_status_gives_the_same_layout() {
        let text = "  pool: tank\n state: ONLINE\nconfig:\n\n\tNAME        STATE     READ WRITE CKSUM\n\ttank        ONLINE       0     0     0\n\t  mirror-0  ONLINE       0     0     0\n\t    sdc     ONLINE       0     0     0\n\t    sdd     ONLINE       0     0     0\n\t  raidz2-1  ONLINE 0 0 0\n\t    a ONLINE\n\t    replacing-1 DEGRADED\n\t      old UNAVAIL\n\t      new ONLINE (resilvering)\n\t    c ONLINE\n\t  sde       ONLINE\n\tlogs\n\t  mirror-2  ONLINE       0     0     0\n\t    sda3    ONLINE       0     0     0\n\t    sdb3    ONLINE       0     0     0\n\tcache\n\t  sda4      ONLINE       0     0     0\n\nerrors: No known data errors\n";
        let l = parse(text).unwrap();
        assert_eq!(l.data, vec![v(2, 0), v(3, 2), v(1, 0)]);
        assert_eq!(l.log, vec![v(2, 0)]);
        assert_eq!(l.notes.len(), 1);
        let bad = "NAME STATE\ntank ONLINE\n  draid2:4d:8c:1s-0 ONLINE\n";
        assert!(parse(bad).unwrap_err().contains("line 3"));
        assert!(parse("NAME STATE\n").unwrap_err().contains("no pool"));
    }
}
