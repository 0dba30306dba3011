//! Progress lines ("12.0 s of 60.0 s simulated"): for a person watching a terminal. When
//! stderr goes to a file or a pipe they would bury the warnings and notices that share it
//! (a log of a 600 s run held 600 of them), so they are left out there.

use std::io::IsTerminal;

/// Prints `line` to stderr if stderr is a terminal.
pub fn progress(line: std::fmt::Arguments) {
    if std::io::stderr().is_terminal() {
        eprintln!("throttle-lab: {line}");
    }
}
