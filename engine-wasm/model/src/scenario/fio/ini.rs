//! fio's job-file format, as `__parse_jobs_ini()` (fio's `init.c`) reads it: `[section]`
//! lines, `key=value` options (or a bare `key` for a flag), comments from the first `;` and
//! from the first `#` of any line to its end (`strip_blank_end()`, `parse.c`: fio's own
//! `examples/tiobench-example.fio` writes `numjobs=4 ; 4 simultaneous threads`). A section
//! whose name starts with `global` sets defaults for the jobs *after* it: fio copies them
//! into each job as the job's section opens (`get_new_job()` from `def_thread`), so a later
//! `[global]` changes only later jobs.

use super::shown;

/// The largest job file read [bytes]: a scenario file's limit (a customer's job file is a
/// few hundred bytes; a pasted log is not a job file).
pub const MAX_TEXT: usize = 1 << 20;

/// One option as written: its key (lower case), value, line, and the section it was
/// written in (`global` or the job's name), for notes.
#[derive(Clone, Debug)]
pub struct Opt {
    pub key: String,
    pub value: String,
    pub line: usize,
    pub section: String,
}

/// A job: its name, the line of its section, and its options in the order fio applies
/// them: the globals written above it, then its own.
#[derive(Debug)]
pub struct Job {
    pub name: String,
    pub line: usize,
    pub options: Vec<Opt>,
}

/// A line as fio keeps it: cut at its first `;` and its first `#`, blanks and control
/// characters trimmed.
fn uncommented(raw: &str) -> &str {
    let cut = raw.find([';', '#']).unwrap_or(raw.len());
    raw[..cut].trim_matches(|c: char| c.is_whitespace() || c.is_control())
}

/// The jobs of `text`; an error names its line.
pub fn jobs(text: &str) -> Result<Vec<Job>, String> {
    if text.len() > MAX_TEXT {
        return Err(format!("the job file is {} bytes; a fio job file is read up to 1 MiB", text.len()));
    }
    let mut global: Vec<Opt> = Vec::new();
    let mut jobs: Vec<Job> = Vec::new();
    let mut in_global = false;
    // A byte order mark, as some Windows editors save the file, is not part of its first line.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = uncommented(raw);
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix('[') {
            let name = rest.strip_suffix(']').ok_or(format!("line {n}: a section is [name]"))?.trim();
            if name.is_empty() {
                return Err(format!("line {n}: a section needs a name"));
            }
            in_global = name.starts_with("global");
            if !in_global {
                jobs.push(Job { name: shown(name), line: n, options: global.clone() });
            }
            continue;
        }
        if line.starts_with("include ") {
            return Err(format!("line {n}: include is not read: paste the included file's jobs instead"));
        }
        let (key, value) = match line.split_once('=') {
            Some((k, v)) => (k.trim().to_ascii_lowercase(), v.trim().to_string()),
            None => (line.to_ascii_lowercase(), "1".to_string()),
        };
        // fio replaces `${NAME}` with the environment's value as it reads the file.
        if let Some(at) = value.find("${") {
            let name = value[at..].split_inclusive('}').next().unwrap_or(&value[at..]);
            return Err(format!(
                "line {n}: {} is an environment variable fio fills in when it runs: write its value",
                shown(name)
            ));
        }
        if in_global {
            global.push(Opt { key, value, line: n, section: "global".into() });
            continue;
        }
        match jobs.last_mut() {
            Some(job) => {
                let section = job.name.clone();
                job.options.push(Opt { key, value, line: n, section });
            }
            None => return Err(format!("line {n}: an option before any section ([global] or [job])")),
        }
    }
    if jobs.is_empty() {
        return Err("no job: a fio file needs at least one [job] section".into());
    }
    Ok(jobs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_end_a_line_anywhere_as_fio_cuts_them() {
        let jobs = jobs("[w] ; the writer\nnumjobs=4\t; 4 threads\nsync=0    # buffered\n#rw=read\n").expect("reads");
        let o: Vec<(&str, &str)> = jobs[0].options.iter().map(|o| (o.key.as_str(), o.value.as_str())).collect();
        assert_eq!(jobs[0].name, "w");
        assert_eq!(o, [("numjobs", "4"), ("sync", "0")]);
    }

    #[test]
    fn a_global_section_reaches_only_the_jobs_after_it() {
        let jobs = jobs("[global]\nrw=write\n[a]\n[global]\nrw=randwrite\nsync=1\n[b]\n[global_x]\nbs=8k\n[c]\n")
            .expect("reads");
        let keys = |j: &Job| j.options.iter().map(|o| format!("{}={}", o.key, o.value)).collect::<Vec<_>>();
        assert_eq!(keys(&jobs[0]), ["rw=write"]);
        assert_eq!(keys(&jobs[1]), ["rw=write", "rw=randwrite", "sync=1"]);
        // fio: any section whose name starts with "global" is one.
        assert_eq!(keys(&jobs[2]).last().map(String::as_str), Some("bs=8k"));
        assert_eq!(jobs[1].options[0].section, "global");
    }

    #[test]
    fn a_byte_order_mark_and_environment_variables_are_seen_for_what_they_are() {
        assert_eq!(jobs("\u{feff}[global]\r\nbs=4k\r\n[a]\r\n").expect("reads")[0].options[0].value, "4k");
        let e = jobs("[a]\niodepth=${IO_DEPTH}\n").unwrap_err();
        assert_eq!(e, "line 2: ${IO_DEPTH} is an environment variable fio fills in when it runs: write its value");
    }

    #[test]
    fn a_file_past_the_limit_is_refused_before_it_is_read() {
        let big = format!("[a]\n{}", "x=1\n".repeat(MAX_TEXT / 4));
        assert!(jobs(&big).unwrap_err().contains("read up to 1 MiB"));
    }
}
