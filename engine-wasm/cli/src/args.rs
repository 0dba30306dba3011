//! Command-line arguments: what the user asked for, before any of it is evaluated.

use lexopt::prelude::*;

pub const USAGE: &str = "\
throttle-lab: the OpenZFS write-throttle model on the command line

USAGE:
  throttle-lab delay --dirty <AMOUNT> [--set NAME=VALUE]... [--json]
      The write delay (dmu_tx_delay) in ns for that much dirty data.
  throttle-lab async-writes --dirty <AMOUNT> [--set NAME=VALUE]... [--json]
      Async writes allowed per leaf vdev (vdev_queue_max_async_writes).
  throttle-lab tunables [--json]
      The schema: every tunable with its default, range and meaning.
  throttle-lab link [--set NAME=VALUE]...
      The share-link query string for these settings.
  throttle-lab run [SCENARIO.json | --preset NAME] [--fio JOB.fio] [--models legacy|openzfs]
                   [--set NAME=VALUE]... [--seed N] [--until-steady] [--histograms] [--vdevs] [--json | --out FILE]
      Simulates the scenario; prints a summary, or the full JSON report. --models runs the
      same workload and seed under the legacy (2008-2013) or the OpenZFS throttle and scheduler.
      --fio takes the workloads (and a runtime) from a fio job file instead of the scenario's;
      what fio options the lab reads otherwise or ignores goes to stderr.
      --histograms adds DTrace quantize() text, the zpool iostat -w table and the
      dmu_tx_assign kstat. --vdevs adds the zpool iostat -v table: operations and bandwidth
      per vdev, counted as the chosen release counts them. Summaries cover the time after steady state (SNIA range and slope over a window of report intervals,
      a quorum of metrics) once it is reached; --until-steady stops the run one window after
      it, or at the duration or budget, and says which happened.
  throttle-lab run --link <LINK> [--pinned] [--fio JOB.fio] [--set NAME=VALUE]... [--until-steady] [--histograms] [--vdevs] [--json | --out FILE]
      Simulates what the app's share link shows (its '#' part, else its '?' part, else the
      whole text, as the app reads its own address):
      the configuration being edited, or with --pinned the pinned configuration A.
      --fio sets the lab's workload from a fio job file on that system, as a paste in the
      app does (--set applies after it).
  throttle-lab presets
      The built-in scenarios, and the app's starting points with the symptom each shows
      and its source.
  throttle-lab lessons [--json]
      The guided lessons: name, steps, title (--json: as their files hold them).
  throttle-lab lessons check [NAME | LESSON.json]
      Walks one lesson (a shipped one, or a lesson file being written), or all, without a
      person: for each step, runs its start and its start with the step's solution applied,
      as the app would run those links, and prints each condition of its check with the
      figure measured. A step that acts must fail at its start and pass with its solution;
      one that only looks must pass at its start.
  throttle-lab drives
      The named drives a scenario's device can start from (pool.device.preset): each
      one's source, and what its data sheet gives beside what its model measures.
  throttle-lab releases [--diff <A> <B>]
      The OpenZFS releases a scenario can follow (models.release, the app's release
      setting) and their behaviour; with --diff, what differs between two of them.
  throttle-lab import FILE... [--set NAME=VALUE]... [--json] [--scenario OUT.json]
      Reads a customer's evidence (zpool iostat, the txgs, dmu_tx, dmu_tx_assign and
      arcstats kstats, a parameters dump, zpool status, zfs get, zfs version, fio output,
      DTrace histograms, dbgmsg; '-' is stdin), recognised by content, and prints what was
      read, every line it could not read, the settings it implies with where each came
      from, and the share link of that lab. --set overrides an implied value; --json prints
      all of it section by section; --scenario writes the lab's scenario as a file.
  throttle-lab export --os linux|freebsd|illumos [--release R] [--link LINK] [--set NAME=VALUE]...
      The settings to apply on that OS: the tunables changed from the release's defaults
      (the link's release, or R), as modprobe.d and /sys lines, loader.conf and sysctl.conf
      lines, or /etc/system lines, each with its unit and what it changes and costs.
  throttle-lab export --ticket --link LINK
      A ticket-ready Markdown summary of the link's A/B comparison (it needs a pinned A):
      what changed, what got better, what got worse, with figures.
  throttle-lab advise --link <LINK> --symptom NAME [--guard NAME[:PCT]]... [--span N]
                      [--set NAME=VALUE]... [--json]
      The tuning advisor: sweeps the tunables that bear on the symptom, one run of the
      link's lab per candidate (each alone over a grid around its value, then added to the
      best so far, then refined), and proposes the setting that best improves the symptom
      while each guard gets at most PCT% (default 10) worse than the settings as given;
      prints every candidate, the proposal with what it costs, and its links. Symptoms:
      write-stalls (client write p99.9), fast-then-slow (first second over sustained
      writes), reads-during-syncs and scan-hurts-reads (client read p99), low-throughput
      (sustained client writes). Guards: write-throughput, write-latency, read-latency,
      scan-rate, sync-write-latency, txg-sync (the longest txg sync); without --guard the
      symptom's own (--guard none: no guard). --span sets the grid's steps each side of a value (1 to 4, default 3).
  throttle-lab bench [--json]
      The engine's speed beside a bare event loop, and its cost per simulated I/O.

AMOUNT is bytes (3221225472), a size (3G, 1536M, 1.5GiB; binary units), or a percent of
zfs_dirty_data_max (85%, 60.5%), floored to whole bytes. At or above zfs_dirty_data_max the
delay is the zfs_delay_max_ns cap (a real writer first waits for dirty data to drain;
--json says so with \"hard_limit\": true). --set takes any tunable by its OpenZFS name, with units
(--set zfs_dirty_data_max=1G --set zfs_delay_scale=1ms); repeat it for several.
Progress lines go to stderr when it is a terminal; warnings and notices always do.
Exit status: 0 on success, 1 when lessons check finds a step that fails, 2 on bad input
(the message names the problem).
";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    Delay,
    AsyncWrites,
    Tunables,
    Link,
    Run,
    Presets,
    Drives,
    Releases,
    Bench,
    Import,
    Export,
    Lessons,
    Advise,
    Help,
    Version,
}

#[derive(Debug)]
pub struct Args {
    pub command: Command,
    pub dirty: Option<String>,
    pub sets: Vec<String>,
    pub json: bool,
    pub file: Option<String>,
    pub preset: Option<String>,
    pub seed: Option<u64>,
    pub out: Option<String>,
    pub models: Option<String>,
    pub histograms: bool,
    /// `run --vdevs`: print the `zpool iostat -v` table.
    pub vdevs: bool,
    pub link: Option<String>,
    pub pinned: bool,
    pub until_steady: bool,
    /// `releases --diff A B`: the two releases.
    pub diff: Vec<String>,
    /// `run --fio JOB`: a fio job file as the workloads.
    pub fio: Option<String>,
    /// `import FILE...`: the evidence files (`-` is stdin).
    pub files: Vec<String>,
    /// `import --scenario OUT`: where to write the scenario.
    pub scenario_out: Option<String>,
    /// `export --os`.
    pub os: Option<String>,
    /// `export --release`.
    pub release: Option<String>,
    /// `export --ticket`: the Markdown of the link's A/B comparison.
    pub ticket: bool,
    /// `lessons check`: walk the lessons rather than list them.
    pub check: bool,
    /// `lessons check NAME`: the one lesson to walk.
    pub lesson: Option<String>,
    /// `advise --symptom`.
    pub symptom: Option<String>,
    /// `advise --guard NAME[:PCT]`, each.
    pub guards: Vec<String>,
    /// `advise --span`: grid steps each side.
    pub span: Option<u32>,
}

/// Reads the arguments; an error message names what was wrong, cut to a readable length
/// (lexopt's quote a stray argument whole, and an argument can be a page long).
pub fn parse(args: impl IntoIterator<Item = std::ffi::OsString>) -> Result<Args, String> {
    read(args).map_err(|e| throttle_model::messages::bounded(&e, throttle_model::messages::MAX_MESSAGE - 1))
}

fn read(args: impl IntoIterator<Item = std::ffi::OsString>) -> Result<Args, String> {
    let mut parser = lexopt::Parser::from_args(args);
    let mut out = Args {
        command: Command::Help,
        dirty: None,
        sets: Vec::new(),
        json: false,
        file: None,
        preset: None,
        seed: None,
        out: None,
        models: None,
        histograms: false,
        vdevs: false,
        link: None,
        pinned: false,
        until_steady: false,
        diff: Vec::new(),
        fio: None,
        files: Vec::new(),
        scenario_out: None,
        os: None,
        release: None,
        ticket: false,
        check: false,
        lesson: None,
        symptom: None,
        guards: Vec::new(),
        span: None,
    };
    let mut command = None;
    // Every option as given, to check once the command is known: an option the command
    // does not read would otherwise be dropped without a word.
    let mut given: Vec<String> = Vec::new();
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        if let Long(name) = &arg {
            given.push(name.to_string());
        }
        match arg {
            Long("dirty") => out.dirty = Some(text(parser.value())?),
            Long("set") => out.sets.push(text(parser.value())?),
            Long("json") => out.json = true,
            Long("histograms") => out.histograms = true,
            Long("vdevs") => out.vdevs = true,
            Long("link") => out.link = Some(text(parser.value())?),
            Long("pinned") => out.pinned = true,
            Long("until-steady") => out.until_steady = true,
            Long("preset") => out.preset = Some(text(parser.value())?),
            Long("out") => out.out = Some(text(parser.value())?),
            Long("models") => out.models = Some(text(parser.value())?),
            Long("fio") => out.fio = Some(text(parser.value())?),
            Long("seed") => out.seed = Some(whole("seed", &text(parser.value())?)?),
            Long("scenario") => out.scenario_out = Some(text(parser.value())?),
            Long("os") => out.os = Some(text(parser.value())?),
            Long("release") => out.release = Some(text(parser.value())?),
            Long("ticket") => out.ticket = true,
            Long("symptom") => out.symptom = Some(text(parser.value())?),
            Long("guard") => out.guards.push(text(parser.value())?),
            Long("span") => out.span = Some(whole("span", &text(parser.value())?)?),
            Value(word) if command == Some(Command::Import) => out.files.push(text(Ok(word))?),
            Value(word) if command == Some(Command::Lessons) && !out.check => match text(Ok(word))?.as_str() {
                "check" => out.check = true,
                other => return Err(format!("lessons takes 'check [NAME]', not '{other}'")),
            },
            Value(word) if command == Some(Command::Lessons) && out.lesson.is_none() => {
                out.lesson = Some(text(Ok(word))?);
            }
            Short('h') | Long("help") => command = Some(Command::Help),
            Short('V') | Long("version") => command = Some(Command::Version),
            Value(word) if command == Some(Command::Run) && out.file.is_none() => out.file = Some(text(Ok(word))?),
            Long("diff") if command == Some(Command::Releases) && out.diff.is_empty() => {
                out.diff.push(text(parser.value())?);
            }
            Value(word) if command == Some(Command::Releases) && out.diff.len() == 1 => out.diff.push(text(Ok(word))?),
            Value(word) if command.is_none() => {
                let word = text(Ok(word))?;
                command = Some(match USAGE_WORDS.iter().find(|(_, w)| *w == word) {
                    Some(&(c, _)) => c,
                    None if word == "help" => Command::Help,
                    None => return Err(format!("unknown command '{word}' (try --help)")),
                });
            }
            other => return Err(other.unexpected().to_string()),
        }
    }
    out.command = command.unwrap_or(Command::Help);
    check_options(&out, &given)?;
    Ok(out)
}

/// Options that take one value: a second one would silently replace the first.
const SINGLE: [&str; 12] =
    ["dirty", "link", "preset", "out", "models", "fio", "seed", "scenario", "os", "release", "symptom", "span"];

/// The options each command reads (help and version read none and refuse none).
fn options_of(a: &Args) -> Option<&'static [&'static str]> {
    Some(match a.command {
        Command::Help | Command::Version => return None,
        Command::Delay | Command::AsyncWrites => &["dirty", "set", "json"],
        Command::Tunables | Command::Bench => &["json"],
        Command::Lessons if a.check => &[],
        Command::Lessons => &["json"],
        Command::Link => &["set"],
        Command::Presets | Command::Drives => &[],
        Command::Releases => &["diff"],
        Command::Import => &["set", "json", "scenario"],
        Command::Export if a.ticket => &["ticket", "link"],
        Command::Export => &["os", "release", "link", "set"],
        Command::Advise => &["link", "symptom", "guard", "span", "set", "json"],
        Command::Run => &[
            "preset",
            "fio",
            "models",
            "set",
            "seed",
            "until-steady",
            "histograms",
            "vdevs",
            "json",
            "out",
            "link",
            "pinned",
        ],
    })
}

/// Refuses an option given twice that takes one value, one the command does not read, and
/// combinations of which one would be ignored, naming the option.
fn check_options(a: &Args, given: &[String]) -> Result<(), String> {
    for (i, name) in given.iter().enumerate() {
        if SINGLE.contains(&name.as_str()) && given[..i].contains(name) {
            return Err(format!("--{name} is given more than once"));
        }
    }
    let mut names: Vec<&str> = Vec::new();
    for s in &a.sets {
        let name = s.split('=').next().unwrap_or("").trim();
        if names.contains(&name) {
            return Err(format!("--set {name} is given more than once"));
        }
        names.push(name);
    }
    let Some(allowed) = options_of(a) else { return Ok(()) };
    let word = USAGE_WORDS.iter().find(|(c, _)| *c == a.command).map_or("", |(_, w)| w);
    if let Some(name) = given.iter().find(|n| !allowed.contains(&n.as_str())) {
        let takes = if allowed.is_empty() {
            "it takes no options".to_string()
        } else {
            format!("it takes {}", allowed.iter().map(|o| format!("--{o}")).collect::<Vec<_>>().join(", "))
        };
        let what = if a.command == Command::Export && a.ticket { "export --ticket" } else { word };
        return Err(format!("--{name} does not apply to '{what}' ({takes})"));
    }
    let has = |n: &str| given.iter().any(|g| g == n);
    if a.command == Command::Run {
        if has("pinned") && !has("link") {
            return Err("--pinned chooses a link's pinned configuration: it needs --link".into());
        }
        if has("json") && has("out") {
            return Err("--json prints the report and --out writes it to a file: give one".into());
        }
        if has("histograms") && (has("json") || has("out")) {
            return Err(
                "--histograms adds to the printed summary; the JSON report carries the histograms already".into()
            );
        }
        if has("vdevs") && (has("json") || has("out")) {
            return Err("--vdevs adds to the printed summary; the JSON report carries the vdevs' rows already".into());
        }
    }
    Ok(())
}

/// Each command's word, for messages.
const USAGE_WORDS: [(Command, &str); 13] = [
    (Command::Delay, "delay"),
    (Command::AsyncWrites, "async-writes"),
    (Command::Tunables, "tunables"),
    (Command::Link, "link"),
    (Command::Run, "run"),
    (Command::Presets, "presets"),
    (Command::Drives, "drives"),
    (Command::Releases, "releases"),
    (Command::Bench, "bench"),
    (Command::Import, "import"),
    (Command::Export, "export"),
    (Command::Lessons, "lessons"),
    (Command::Advise, "advise"),
];

/// A whole-number option's value; a negative or too large one is named as such.
fn whole<T: std::str::FromStr<Err = std::num::ParseIntError>>(option: &str, value: &str) -> Result<T, String> {
    use std::num::IntErrorKind::{NegOverflow, PosOverflow};
    value.trim().parse().map_err(|e: std::num::ParseIntError| match e.kind() {
        _ if value.trim().strip_prefix('-').is_some_and(|d| !d.is_empty() && d.chars().all(|c| c.is_ascii_digit())) => {
            format!("--{option} '{value}' is negative (0 or more)")
        }
        PosOverflow | NegOverflow => format!("--{option} '{value}' is too large"),
        _ => format!("--{option} '{value}' is not a whole number"),
    })
}

fn text(value: Result<std::ffi::OsString, lexopt::Error>) -> Result<String, String> {
    value
        .map_err(|e| e.to_string())?
        .into_string()
        .map_err(|raw| format!("argument '{}' is not valid text", raw.to_string_lossy()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_long_stray_argument_gives_a_message_of_readable_length() {
        let long = format!("\u{1b}{}", "x".repeat(1000));
        let e = parse_words(&["run", "--", "a", &long]).unwrap_err();
        assert!(e.chars().count() < 300 && e.ends_with('…') && !e.contains('\u{1b}'), "{e}");
    }

    fn parse_words(words: &[&str]) -> Result<Args, String> {
        parse(words.iter().map(std::ffi::OsString::from))
    }

    #[test]
    fn reads_repeated_sets_and_both_option_forms() {
        let a = parse_words(&["delay", "--dirty", "85%", "--set", "a=1", "--set=b=2", "--json"]).expect("valid");
        assert_eq!(a.command, Command::Delay);
        assert_eq!(a.dirty.as_deref(), Some("85%"));
        assert_eq!(a.sets, ["a=1", "b=2"]);
        assert!(a.json);
    }

    #[test]
    fn a_repeated_dirty_amount_is_refused() {
        let err = parse_words(&["delay", "--dirty", "1G", "--dirty", "2G"]).unwrap_err();
        assert_eq!(err, "--dirty is given more than once");
    }

    #[test]
    fn lessons_lists_or_checks_one_or_all() {
        let a = parse_words(&["lessons"]).expect("valid");
        assert_eq!((a.command, a.check, a.lesson), (Command::Lessons, false, None));
        let a = parse_words(&["lessons", "check", "slog"]).expect("valid");
        assert_eq!((a.check, a.lesson.as_deref()), (true, Some("slog")));
        assert!(parse_words(&["lessons", "walk"]).unwrap_err().contains("'walk'"));
        assert!(parse_words(&["lessons", "check", "a", "b"]).is_err());
    }

    #[test]
    fn an_option_the_command_does_not_read_is_refused_not_dropped() {
        let err = parse_words(&["delay", "--dirty", "1G", "--preset", "x"]).unwrap_err();
        assert_eq!(err, "--preset does not apply to 'delay' (it takes --dirty, --set, --json)");
        assert!(parse_words(&["presets", "--json"]).unwrap_err().contains("it takes no options"));
        let err = parse_words(&["export", "--ticket", "--link", "x", "--os", "linux"]).unwrap_err();
        assert!(err.contains("'export --ticket'"), "{err}");
        assert!(parse_words(&["export", "--os", "linux", "--release", "2.2"]).is_ok());
        assert!(parse_words(&["lessons", "check", "--json"]).is_err());
        // Help answers whatever else is there.
        assert_eq!(parse_words(&["delay", "--preset", "x", "--help"]).expect("help").command, Command::Help);
    }

    #[test]
    fn a_second_value_is_refused_where_it_would_replace_the_first() {
        for words in [
            &["run", "--preset", "a", "--preset", "b"][..],
            &["run", "--seed", "1", "--seed=2"],
            &["advise", "--span", "1", "--span", "2"],
        ] {
            assert!(parse_words(words).unwrap_err().contains("more than once"), "{words:?}");
        }
        let err = parse_words(&["link", "--set", "zfs_txg_timeout=5", "--set", " zfs_txg_timeout =6"]).unwrap_err();
        assert_eq!(err, "--set zfs_txg_timeout is given more than once");
        // Repeatable options stay so.
        assert!(parse_words(&["advise", "--guard", "a", "--guard", "b"]).is_ok());
    }

    #[test]
    fn run_refuses_combinations_of_which_one_would_be_ignored() {
        assert!(parse_words(&["run", "--preset", "a", "--pinned"]).unwrap_err().contains("needs --link"));
        assert!(parse_words(&["run", "--preset", "a", "--json", "--out", "f"]).unwrap_err().contains("give one"));
        assert!(parse_words(&["run", "--preset", "a", "--json", "--histograms"]).is_err());
        assert!(parse_words(&["run", "--link", "v=1", "--pinned", "--histograms"]).is_ok());
    }

    #[test]
    fn a_whole_number_option_says_why_it_is_refused() {
        assert_eq!(parse_words(&["run", "--seed", "-1"]).unwrap_err(), "--seed '-1' is negative (0 or more)");
        assert_eq!(
            parse_words(&["run", "--seed", "99999999999999999999"]).unwrap_err(),
            "--seed '99999999999999999999' is too large"
        );
        assert_eq!(parse_words(&["advise", "--span", "1.5"]).unwrap_err(), "--span '1.5' is not a whole number");
        assert_eq!(parse_words(&["advise", "--span", "4294967296"]).unwrap_err(), "--span '4294967296' is too large");
        assert_eq!(parse_words(&["run", "--seed", "18446744073709551615"]).expect("u64::MAX").seed, Some(u64::MAX));
    }

    #[test]
    fn names_what_is_wrong() {
        assert_eq!(parse_words(&["frob"]).unwrap_err(), "unknown command 'frob' (try --help)");
        assert!(parse_words(&["delay", "--dirty"]).unwrap_err().contains("--dirty"));
        assert!(parse_words(&["delay", "--bogus"]).unwrap_err().contains("--bogus"));
    }
}
