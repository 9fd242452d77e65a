#!/usr/bin/env python3
"""Writes the command-line flags of the installed sglang's server argparse as the rows that
tools/attncap/sglang_flags.inc holds: options, destination, arity, value type, choices.

    python tools/sglang/dump_flags.py > tools/attncap/sglang_flags.inc

Run it with the Python that has the sglang release the catalogue follows (no GPU is needed:
only the parser is built).
"""
import argparse
import importlib.metadata
import sys

from sglang.srt.server_args import ServerArgs

ARITY = {None: "one", 0: "none", "?": "optional", "*": "any", "+": "at_least_one"}
TYPES = {int: "integer", float: "real"}


def cpp(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def rows(parser: argparse.ArgumentParser):
    for action in parser._actions:
        if not action.option_strings or isinstance(action, argparse._HelpAction):
            continue
        arity = ARITY[action.nargs]
        if isinstance(action, argparse.BooleanOptionalAction):
            arity = "none"
        kind = TYPES.get(action.type, "text")
        # A set of choices (--sampling-backend) has no order of its own: sorted, so that the
        # table does not change with the interpreter's string hashing.
        listed = sorted(action.choices) if isinstance(action.choices, (set, frozenset)) else action.choices
        choices = " ".join(str(c) for c in listed) if listed is not None else ""
        yield (" ".join(action.option_strings), action.dest, arity, kind, choices)


def main() -> int:
    parser = argparse.ArgumentParser(prog="sglang serve")
    ServerArgs.add_cli_args(parser)
    version = importlib.metadata.version("sglang")
    print(f"// The flags of sglang {version}'s server argparse (`sglang serve`), one row each:")
    print("// {options, dest, arity, value type, choices}. Written by tools/sglang/dump_flags.py.")
    for options, dest, arity, kind, choices in rows(parser):
        print(f"{{{cpp(options)}, {cpp(dest)}, flag_arity::{arity}, flag_type::{kind}, {cpp(choices)}}},")
    return 0


if __name__ == "__main__":
    sys.exit(main())
