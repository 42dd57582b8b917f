#!/usr/bin/env python3
"""Precision and recall of the first 10 hits of `lode search`, with and without the relevance
floor (`--floor`), over the hand-labelled queries of labels.json.

    python3 bench/search-precision/precision.py --lode target/debug/lode \
        --demo target/debug/lode-demo-server [--verbose]

Each query runs `lode search QUERY --stdio CMD --json --limit 10` (and again with `--floor`)
against its server, started by lode as a stdio server, in a temporary LODE_DATA_DIR. Precision
of a query: relevant hits / hits returned (a query with no hit counts as precision 1: nothing
wrong was said); recall: relevant hits returned / relevant resources. Figures are macro
averages over each server's queries.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def search(lode, stdio, query, floor, data_dir):
    args = [lode, "search", query, "--stdio", stdio, "--json", "--limit", "10"]
    if floor:
        args.append("--floor")
    env = dict(os.environ, LODE_DATA_DIR=data_dir)
    out = subprocess.run(args, capture_output=True, text=True, env=env, timeout=120)
    if out.returncode != 0:
        sys.exit(f"{' '.join(args)} failed ({out.returncode}): {out.stderr}")
    answer = json.loads(out.stdout)
    hits = answer["hits"] if floor else answer["rows"]
    return [hit["item"]["uri"] for hit in hits], answer["total"]


def scores(uris, relevant):
    found = sum(1 for uri in uris if uri in relevant)
    precision = found / len(uris) if uris else 1.0
    return precision, found / len(relevant)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lode", default=str(REPO / "target/debug/lode"))
    parser.add_argument("--demo", default=str(REPO / "target/debug/lode-demo-server"))
    parser.add_argument("--labels", default=str(Path(__file__).with_name("labels.json")))
    parser.add_argument("--verbose", action="store_true")
    options = parser.parse_args()
    labels = json.loads(Path(options.labels).read_text())
    by_server = {}
    with tempfile.TemporaryDirectory() as data_dir:
        for case in labels["queries"]:
            server = labels["servers"][case["server"]]
            stdio = server["stdio"].format(demo=options.demo, repo=REPO)
            relevant = set(case["relevant"])
            row = {"query": case["query"]}
            for floor in (False, True):
                uris, total = search(options.lode, stdio, case["query"], floor, data_dir)
                precision, recall = scores(uris, relevant)
                row[floor] = (precision, recall, len(uris), total)
            by_server.setdefault(case["server"], []).append(row)
            if options.verbose:
                off, on = row[False], row[True]
                print(
                    f"{case['server']:<11} {case['query']!r:<18} matches {off[3]:>2}; "
                    f"top 10: P {off[0]:.2f} R {off[1]:.2f} ({off[2]} hits); "
                    f"floor: P {on[0]:.2f} R {on[1]:.2f} ({on[2]} hits)"
                )
    print("| server | queries | floor | precision@10 | recall@10 | hits returned (mean) |")
    print("|---|---|---|---|---|---|")
    for server, rows in by_server.items():
        for floor in (False, True):
            mean = lambda at: sum(row[floor][at] for row in rows) / len(rows)
            print(
                f"| {server} | {len(rows)} | {'on' if floor else 'off'} | {mean(0):.2f} | "
                f"{mean(1):.2f} | {mean(2):.1f} |"
            )


if __name__ == "__main__":
    main()
