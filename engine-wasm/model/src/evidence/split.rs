//! Cutting a file into blocks, one format each. A block opens at a line only its format
//! prints (a header, a kstat's first line, a `path:value` parameter, `  pool:`), or at a
//! shell prompt naming the command (`$ zpool iostat -vl 5`, `# cat .../txgs`); it runs
//! to the next line that opens another format, or to a prompt with no command (the shell
//! back after the output). Lines in no block are kept out unless blank or a prompt the lab
//! does not know, which are skipped.

use super::prompt::{output_ends, prompt, Format};
use super::{dbgmsg, fio_output, iostat, kstat, params, properties, quantize, status, txgs, version};
use super::{Body, Line, Parsed};
use std::ops::Range;

/// What the lab reads, for the message when nothing was recognised.
/// Short enough that the message naming it, with a file's name, stays under 300 characters.
pub const KNOWN: &str = "zpool iostat (any flags), the txgs, dmu_tx, dmu_tx_assign and arcstats kstats, module parameters, zpool status, zpool/zfs get, zfs version, fio output, DTrace histograms, dbgmsg";

/// In the order asked: a line two formats could open goes to the first.
const ORDER: [Format; 10] = [
    Format::Status,
    Format::Iostat,
    Format::Txgs,
    Format::Kstat,
    Format::Dbgmsg,
    Format::Quantize,
    Format::Fio,
    Format::Version,
    Format::Properties,
    Format::Params,
];

fn opens(format: Format, lines: &[Line], i: usize) -> bool {
    match format {
        Format::Iostat => iostat::opens(lines, i),
        Format::Txgs => txgs::opens(lines, i),
        Format::Kstat => kstat::opens(lines, i),
        Format::Params => params::opens(lines, i),
        Format::Status => status::opens(lines, i),
        Format::Properties => properties::opens(lines, i),
        Format::Version => version::opens(lines, i),
        Format::Fio => fio_output::opens(lines, i),
        Format::Quantize => quantize::opens(lines, i),
        Format::Dbgmsg => dbgmsg::opens(lines, i),
    }
}

/// The blocks of `lines`: each one's format and its range of lines.
pub fn blocks(lines: &[Line]) -> Vec<(Format, Range<usize>)> {
    let mut out: Vec<(Format, Range<usize>)> = Vec::new();
    let mut current: Option<(Format, usize)> = None;
    let mut pending_prompt: Option<(Format, usize)> = None;
    for i in 0..lines.len() {
        if output_ends(lines[i].text) {
            // The shell came back: the output before it is over.
            close(&mut out, &mut current, i);
            pending_prompt = None;
            continue;
        }
        if let Some(f) = prompt(lines[i].text) {
            close(&mut out, &mut current, i);
            pending_prompt = Some((f, i));
            continue;
        }
        let opened = ORDER.into_iter().find(|&f| opens(f, lines, i));
        match (current, pending_prompt, opened) {
            (_, Some((f, start)), _) => {
                // The prompt's command names the format, whatever its first line looks like.
                current = Some((f, start));
                pending_prompt = None;
            }
            (Some((cur, _)), None, Some(f)) if f != cur => {
                close(&mut out, &mut current, i);
                current = Some((f, i));
            }
            (None, None, Some(f)) => current = Some((f, i)),
            _ => {}
        }
    }
    close(&mut out, &mut current, lines.len());
    out
}

fn close(out: &mut Vec<(Format, Range<usize>)>, current: &mut Option<(Format, usize)>, end: usize) {
    if let Some((f, start)) = current.take() {
        out.push((f, start..end));
    }
}

/// Reads one block as `format`: what it was, its notes, and the lines it could not read.
pub fn parse(format: Format, block: &[Line]) -> (Option<Body>, Vec<String>, Vec<(usize, String)>) {
    fn done<T>(p: Parsed<T>, wrap: impl Fn(T) -> Body) -> (Option<Body>, Vec<String>, Vec<(usize, String)>) {
        (Some(wrap(p.value)), p.notes, p.problems)
    }
    match format {
        Format::Iostat => done(iostat::parse(block), Body::Iostat),
        Format::Txgs => done(txgs::parse(block), Body::Txgs),
        Format::Kstat => done(kstat::parse(block), Body::Kstat),
        Format::Params => done(params::parse(block), Body::Params),
        Format::Status => done(status::parse(block), Body::Status),
        Format::Properties => done(properties::parse(block), Body::Properties),
        Format::Version => done(version::parse(block), Body::Version),
        Format::Fio => done(fio_output::parse(block), Body::Fio),
        Format::Quantize => done(quantize::parse(block), Body::Quantize),
        Format::Dbgmsg => done(dbgmsg::parse(block), Body::Dbgmsg),
    }
}
