#!/usr/bin/env python3
"""The calls between source files, read from a build's object files with nm, against
two rules of docs/architecture.md:

1. No call circle: no two source files of the tree call each other, directly or
   through others (a file calls another when it uses a function or variable that the
   other defines).
2. The web server's layers call one way: a file of frontends/web/LAYER calls files of
   its own layer or of a lower one only (WEB_LAYERS below, highest first), and includes
   only the headers of those.

Usage: check_calls.py BUILD_DIR SOURCE_DIR. Prints each fault, one per line, and exits
1 when there is any. Objects whose source is gone (a renamed file's leftovers in an old
build folder) and those of tests/ are left out."""
import os
import subprocess
import sys

WEB_LAYERS = ["http", "site", "tables", "store", "base"]  # highest first


def sources_of(build, src):
    """{source path relative to src: [object files]} for every object of the build."""
    objects = {}
    for folder, _, files in os.walk(build):
        if "/CMakeFiles/" not in folder + "/" or ".dir" not in folder:
            continue
        for name in files:
            if not name.endswith(".c.o"):
                continue
            path = os.path.join(folder, name)
            target_dir, inside = path.split("/CMakeFiles/", 1)
            inside = inside.split(".dir/", 1)[1][: -len(".o")]
            rel = os.path.normpath(
                os.path.join(os.path.relpath(target_dir, build), inside.replace("__", ".."))
            )
            if rel.startswith(("tests/", "..")) or not os.path.exists(os.path.join(src, rel)):
                continue
            objects.setdefault(rel, []).append(path)
    return objects


def symbols(path):
    """(defined, undefined) global symbols of one object file."""
    out = subprocess.run(["nm", path], capture_output=True, text=True, check=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "U":
            undefined.add(parts[1])
        elif len(parts) == 3 and parts[1] in "TDBRCVW":
            defined.add(parts[2])
    return defined, undefined


def call_graph(build, src):
    """{file: {called file: [symbols]}}; a symbol defined in several files (each
    plugin's entry point, say) is taken as a call only to those of the caller's own
    folder."""
    defs, uses = {}, {}
    for rel, objs in sources_of(build, src).items():
        d, u = set(), set()
        for obj in objs:
            od, ou = symbols(obj)
            d |= od
            u |= ou
        uses[rel] = u
        for s in d:
            defs.setdefault(s, set()).add(rel)
    graph = {f: {} for f in uses}
    for f, used in uses.items():
        for s in used:
            where = defs.get(s, set()) - {f}
            if len(where) > 1:
                where = {w for w in where if os.path.dirname(w) == os.path.dirname(f)}
            for w in where:
                graph[f].setdefault(w, []).append(s)
    return graph


def circles(graph):
    """The strongly connected sets of two or more files (Tarjan, without recursion)."""
    index, low, on, stack, found, counter = {}, {}, set(), [], [], [0]
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                part = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    part.append(w)
                    if w == v:
                        break
                if len(part) > 1:
                    found.append(sorted(part))
    return found


def web_layer(path):
    parts = path.split("/")
    if parts[:2] == ["frontends", "web"] and len(parts) > 3 and parts[2] in WEB_LAYERS:
        return parts[2]
    return None


def web_includes(src):
    """Faults of the web's includes: a header of a higher layer than the file's."""
    root = os.path.join(src, "frontends", "web")
    header_layer, files = {}, []
    for layer in WEB_LAYERS:
        folder = os.path.join(root, layer)
        for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
            if name.endswith(".h"):
                header_layer[name] = layer
            if name.endswith((".c", ".h")):
                files.append((layer, os.path.join(folder, name)))
    faults = []
    for layer, path in files:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if not line.startswith("#include \""):
                    continue
                header = line.split('"')[1]
                theirs = header_layer.get(header)
                if theirs and WEB_LAYERS.index(theirs) < WEB_LAYERS.index(layer):
                    rel = os.path.relpath(path, src)
                    faults.append(f"{rel}:{number}: {layer} includes {header} of {theirs}")
    return faults


def main():
    build, src = sys.argv[1], sys.argv[2]
    graph = call_graph(build, src)
    faults = 0
    for fault in web_includes(src):
        faults += 1
        print(fault)
    for part in circles(graph):
        faults += 1
        edges = [
            f"{a} -> {b} ({graph[a][b][0]})" for a in part for b in sorted(graph[a]) if b in part
        ]
        print(f"call circle of {len(part)} files: " + "; ".join(edges))
    for f in sorted(graph):
        mine = web_layer(f)
        if mine is None:
            continue
        for g, syms in sorted(graph[f].items()):
            theirs = web_layer(g)
            if theirs and WEB_LAYERS.index(theirs) < WEB_LAYERS.index(mine):
                faults += 1
                print(f"{f}: calls {sorted(syms)[0]} of {g}: {mine} calls up into {theirs}")
    print(f"{len(graph)} files read")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
