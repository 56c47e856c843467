#!/usr/bin/env python3
"""modules.py: the package's targets in dependency order, one line each: MODULE KIND DIR.
modules.py --minimum OS: the deployment minimum Package.swift declares for OS (macos, ios, ...).

Reads `swift package dump-package` (JSON) on standard input. KIND is library, executable or
test; MODULE is the target's module name (dashes become underscores, as SwiftPM does); DIR is the
target's source folder relative to the package root (its `path:`, else Sources/<name> or
Tests/<name>). Deriving the list from the manifest means a new target is checked without
anyone remembering to add it here.
"""
import json
import sys

package = json.load(sys.stdin)
if sys.argv[1:2] == ["--minimum"]:
    versions = {p["platformName"]: p["version"] for p in package.get("platforms", [])}
    if sys.argv[2] not in versions:
        sys.exit(f"modules.py: Package.swift declares no minimum for {sys.argv[2]}")
    print(versions[sys.argv[2]])
    sys.exit(0)
targets = {target["name"]: target for target in package["targets"]}


def dependencies(target):
    for dependency in target.get("dependencies", []):
        # {"byName": [name, condition]} / {"target": [name, condition]}; products are external.
        for kind in ("byName", "target"):
            if kind in dependency and dependency[kind][0] in targets:
                yield dependency[kind][0]


ordered, visiting = [], set()


def visit(name):
    if name in ordered:
        return
    if name in visiting:
        sys.exit(f"modules.py: dependency cycle through {name}")
    visiting.add(name)
    for dependency in dependencies(targets[name]):
        visit(dependency)
    visiting.discard(name)
    ordered.append(name)


for name in targets:
    visit(name)

for name in ordered:
    target = targets[name]
    kind = {"executable": "executable", "test": "test"}.get(target["type"], "library")
    if target["type"] not in ("regular", "executable", "test"):
        continue  # plugins, system libraries, binaries: nothing to type-check here
    folder = "Tests" if kind == "test" else "Sources"
    directory = target.get("path") or f"{folder}/{name}"
    print(name.replace("-", "_"), kind, directory)
