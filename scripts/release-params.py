#!/usr/bin/env python3
"""Lists each OpenZFS release's module parameters from its own source, for the tests that
check the lab's exported settings against the release they are for.

usage: scripts/release-params.py GIT_DIR OUT_DIR
GIT_DIR is a clone of openzfs/zfs with its release tags. For each release the lab models it
writes OUT_DIR/<release>.tsv: the Linux name, whether it can be changed at runtime (rw: the
parameter file is writable, 0644 or ZMOD_RW; rd: only at module load) and, from 2.0 (when
FreeBSD became a platform of OpenZFS), the FreeBSD sysctl that ZFS_MODULE_PARAM derives from
its scope (vfs.<scope with _ as .>.<name>).
"""
import re
import subprocess
import sys

TAGS = {
    "0.6.4": "zfs-0.6.4", "0.6.5": "zfs-0.6.5", "0.7": "zfs-0.7.0", "0.8": "zfs-0.8.0",
    "2.0": "zfs-2.0.0", "2.1": "zfs-2.1.0", "2.1.16": "zfs-2.1.16", "2.2": "zfs-2.2.0", "2.3": "zfs-2.3.0",
    "2.4": "zfs-2.4.0", "master": "HEAD",
}

# module_param(name, type, perm) and module_param_call(name, set, get, arg, perm): 0.6-0.8.
OLD = re.compile(r"\bmodule_param(?:_call)?\s*\(\s*(\w+)\s*,(?:[^;]*?,)?\s*(0[0-7]{3})\s*\)", re.S)
# ZFS_MODULE_PARAM(scope, prefix, name, type, perm, desc) and the _CALL forms: 0.8.x on.
NEW = re.compile(
    r"\bZFS_MODULE_(?:VIRTUAL_)?PARAM(?:_CALL)?\s*\(\s*(\w+)\s*,\s*(\w*)\s*,\s*(\w+)\s*,[^;]*?\b(ZMOD_RW|ZMOD_RD)\b", re.S
)


def source_files(git, tag):
    out = subprocess.run(["git", "--git-dir", git, "ls-tree", "-r", "--name-only", tag, "module"],
                         capture_output=True, text=True, check=True).stdout
    return [p for p in out.split() if p.endswith(".c")]


def params(git, tag, release):
    found = {}
    for path in source_files(git, tag):
        text = subprocess.run(["git", "--git-dir", git, "show", f"{tag}:{path}"],
                              capture_output=True, text=True, errors="replace").stdout
        if "module_param" not in text and "ZFS_MODULE_" not in text:
            continue
        for m in NEW.finditer(text):
            scope, prefix, name, perm = m.groups()
            if scope.startswith("zfs") or scope in ("spa", "zil", "zio", "vdev", "metaslab", "dbuf", "dmu", "l2arc"):
                linux = prefix + name
                freebsd = "vfs." + scope.replace("_", ".") + "." + name if release >= "2" else ""
                found[linux] = ("rw" if perm == "ZMOD_RW" else "rd", freebsd)
        for m in OLD.finditer(text):
            name, perm = m.groups()
            if "/spl/" in path or "/os/freebsd/" in path:
                continue
            found.setdefault(name, ("rw" if perm[1] in "67" else "rd", ""))
    return found


def main():
    git, out = sys.argv[1], sys.argv[2]
    for release, tag in TAGS.items():
        found = params(git, tag, release if release != "master" else "9")
        with open(f"{out}/{release}.tsv", "w") as f:
            f.write(f"# {tag}: module parameters (name, rw|rd, FreeBSD sysctl), from scripts/release-params.py\n")
            for name in sorted(found):
                perm, freebsd = found[name]
                f.write(f"{name}\t{perm}\t{freebsd}\n")
        print(release, len(found))


if __name__ == "__main__":
    main()
