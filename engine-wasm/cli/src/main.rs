//! `throttle-lab`: the model's functions for scripts and checks.

mod advise;
mod args;
mod bench;
mod evidence;
#[cfg(test)]
mod fuzz;
mod lessons;
mod lists;
mod progress;
mod run;

use args::Command;
use serde_json::{json, Map, Value};
use std::process::ExitCode;
use throttle_model::amount::parse_amount;
use throttle_model::curves::{delay_ns, max_async_writes, AsyncWriteParams, DelayParams};
// NOTE: everything this prints goes through `escaped`, so that no text from a link or a
// scenario file can drive the terminal (escape sequences, bidirectional overrides).
use throttle_model::messages::escaped;
use throttle_model::{link, validate, Id, Tunables, SPECS};

fn main() -> ExitCode {
    match reply(std::env::args_os().skip(1)) {
        Ok(reply) => {
            print!("{}", escaped(&reply.text, true));
            if reply.failed {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(message) => {
            eprintln!("throttle-lab: error: {}", escaped(&message, true));
            ExitCode::from(2)
        }
    }
}

/// Runs one command and returns what it prints and whether it found a failure (`lessons
/// check`); warnings and progress go to stderr.
fn reply(words: impl IntoIterator<Item = std::ffi::OsString>) -> Result<lessons::Reply, String> {
    let args = args::parse(words)?;
    if args.command == Command::Lessons && args.check {
        return lessons::check(args.lesson.as_deref());
    }
    command(args).map(|text| lessons::Reply { text, failed: false })
}

/// What a command that cannot fail a check prints.
#[cfg(test)]
fn run(words: impl IntoIterator<Item = std::ffi::OsString>) -> Result<String, String> {
    reply(words).map(|r| r.text)
}

fn command(args: args::Args) -> Result<String, String> {
    if args.command == Command::Import {
        // Its --set overrides what the evidence implies, applied there.
        return evidence::import_files(&args.files, &args.sets, args.json, args.scenario_out.as_deref());
    }
    // Run, advise and export apply --set onto their own link or scenario, whose release
    // decides which tunables there are and their names; the rest onto the defaults.
    let mut t = Tunables::default();
    if !matches!(args.command, Command::Run | Command::Advise | Command::Export) {
        t.set_assignments(&args.sets).map_err(|e| e.to_string())?;
        let checked = validate::check(&t);
        if let Some(problem) = checked.errors.first() {
            return Err(problem.message.clone());
        }
        for warning in &checked.warnings {
            eprintln!("throttle-lab: warning: {}", escaped(&warning.message, true));
        }
    }
    // The curves as a run of these settings has them: the release's defaults, and the
    // dirty limits derived from the machine's RAM as that release's arc_init() does.
    let given = t;
    let t = throttle_model::scenario::lab::effective(&given);
    let dirty = || -> Result<u64, String> {
        let text = args.dirty.as_deref().ok_or("--dirty <AMOUNT> is required (for example --dirty 85%)")?;
        parse_amount(text, t.get(Id::DirtyDataMax)).map_err(|e| e.to_string())
    };
    match args.command {
        Command::Help => Ok(args::USAGE.to_string()),
        Command::Version => Ok(format!("throttle-lab {}\n", throttle_model::VERSION)),
        Command::Delay => {
            let dirty = dirty()?;
            let p = DelayParams::from(&t);
            let ns = delay_ns(&p, dirty);
            let extra = json!({ "delay_ns": ns, "capped": ns == p.max_ns, "hard_limit": dirty >= p.dirty_max });
            Ok(answer(&args, &t, dirty, ns, extra))
        }
        Command::AsyncWrites => {
            let dirty = dirty()?;
            let slots = max_async_writes(&AsyncWriteParams::from(&t), dirty, false);
            Ok(answer(&args, &t, dirty, slots, json!({ "async_writes": slots })))
        }
        Command::Tunables if args.json => Ok(format!("{}\n", Value::from(schema_json()))),
        Command::Tunables => Ok(schema_table()),
        Command::Link => Ok(format!("?{}\n", link::encode(&given))),
        Command::Presets => Ok(lists::presets_list()),
        Command::Lessons => lessons::list(args.json),
        Command::Drives => Ok(lists::drives_list()),
        Command::Releases => lists::releases(&args.diff),
        Command::Bench => bench::bench(args.json),
        Command::Import => evidence::import_files(&args.files, &args.sets, args.json, args.scenario_out.as_deref()),
        Command::Export if args.ticket => evidence::ticket(args.link.as_deref()),
        Command::Advise => advise::advise(&advise::Ask {
            link: args.link.as_deref(),
            symptom: args.symptom.as_deref(),
            guards: &args.guards,
            span: args.span,
            sets: &args.sets,
            json: args.json,
        }),
        Command::Export => {
            evidence::export_settings(args.os.as_deref(), args.release.as_deref(), args.link.as_deref(), &args.sets)
        }
        Command::Run => {
            let report = match &args.link {
                Some(_)
                    if args.file.is_some() || args.preset.is_some() || args.models.is_some() || args.seed.is_some() =>
                {
                    return Err(
                        "--link carries the whole setup: give it without a scenario, --preset, --models or --seed"
                            .into(),
                    )
                }
                Some(link) => {
                    let fio = args.fio.as_deref().map(run::read_fio).transpose()?;
                    run::simulate_link(link, args.pinned, fio.as_deref(), &args.sets, args.until_steady)?
                }
                None => {
                    let text = run::load(args.file.as_deref(), args.preset.as_deref(), args.fio.is_some())?;
                    let fio = args.fio.as_deref().map(run::read_fio).transpose()?;
                    let overrides = run::Overrides {
                        seed: args.seed,
                        models: args.models.as_deref(),
                        sets: &args.sets,
                        until_steady: args.until_steady,
                        fio,
                    };
                    run::simulate(&text, &overrides)?
                }
            };
            let json = || serde_json::to_string(&report).map_err(|e| e.to_string());
            match (&args.out, args.json) {
                (Some(path), _) => {
                    std::fs::write(path, json()? + "\n").map_err(|e| format!("cannot write {path}: {e}"))?;
                    Ok(run::human(&report))
                }
                (None, true) => Ok(json()? + "\n"),
                (None, false) => {
                    let mut text = run::human(&report);
                    if args.histograms {
                        text += &run::histograms(&report);
                    }
                    if args.vdevs {
                        text += &run::vdevs(&report);
                    }
                    Ok(text)
                }
            }
        }
    }
}

/// The plain number, or with `--json` the dirty amount, the result and the changed tunables.
fn answer(args: &args::Args, t: &Tunables, dirty: u64, plain: u64, extra: Value) -> String {
    if !args.json {
        return format!("{plain}\n");
    }
    let mut out = Map::new();
    out.insert("dirty_bytes".into(), dirty.into());
    let percent = dirty as f64 * 100.0 / t.get(Id::DirtyDataMax) as f64;
    out.insert("dirty_percent".into(), json!((percent * 1000.0).round() / 1000.0));
    if let Value::Object(fields) = extra {
        out.extend(fields);
    }
    let changed: Map<String, Value> = t.changed().map(|(id, v)| (id.spec().name.to_string(), v.into())).collect();
    out.insert("changed".into(), changed.into());
    format!("{}\n", Value::Object(out))
}

fn schema_json() -> Vec<Value> {
    SPECS.iter().map(|s| serde_json::to_value(s).unwrap_or(Value::Null)).collect()
}

fn schema_table() -> String {
    let mut out = String::new();
    for s in SPECS {
        let range = format!("{}..{}", s.format(s.min), s.format(s.max));
        out.push_str(&format!(
            "{:<48} {:>8} {:>14}  {}\n",
            s.name,
            s.format(s.default),
            range,
            s.freebsd.unwrap_or("-")
        ));
        out.push_str(&format!("    {}\n", s.meaning));
    }
    out
}

#[cfg(test)]
mod tests;
