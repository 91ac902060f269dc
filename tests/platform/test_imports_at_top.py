"""Imports sit at the top of a module; one inside a function says why, in a comment on its own line or on the line
above (a slow or optional import such as torch, sklearn or an SDK; models read before Django's apps are ready).
A run of imports one after the other shares the comment above its first. An import hidden in a function without a
reason is invisible to a reader of the module's head, and usually hides an import cycle. No database: files only."""
from __future__ import annotations

import ast
import io
import tokenize
from pathlib import Path

from tests.platform.test_architecture import PACKAGES, ROOT


def _comment_lines(source: str) -> set[int]:
    return {tok.start[0] for tok in tokenize.generate_tokens(io.StringIO(source).readline)
            if tok.type == tokenize.COMMENT}


def _unexplained_imports(source: str) -> list[tuple[int, str]]:
    """(line, text) of each import inside a function with no comment on its lines, on the line above, or above the
    first of the run of imports it belongs to."""
    lines = source.splitlines()
    comments = _comment_lines(source)

    def explained(node: ast.stmt) -> bool:
        own = set(range(node.lineno, (node.end_lineno or node.lineno) + 1))
        above = node.lineno - 1
        return bool(own & comments) or (above >= 1 and lines[above - 1].lstrip().startswith("#"))

    found = []

    def walk(body: list[ast.stmt], in_function: bool) -> None:
        run_explained = previous_was_import = False
        for node in body:
            is_import = isinstance(node, (ast.Import, ast.ImportFrom))
            if is_import and in_function:
                run_explained = explained(node) or (previous_was_import and run_explained)
                if not run_explained:
                    found.append((node.lineno, lines[node.lineno - 1].strip()))
            previous_was_import = is_import
            for block in _blocks(node):
                walk(block, in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)))

    walk(ast.parse(source).body, False)
    return found


def _blocks(node: ast.stmt) -> list[list[ast.stmt]]:
    """The statement lists nested in a statement: bodies, else and finally blocks, except handlers, match cases."""
    blocks = [getattr(node, name) for name in ("body", "orelse", "finalbody")
              if isinstance(getattr(node, name, None), list)]
    blocks += [h.body for h in getattr(node, "handlers", [])] + [c.body for c in getattr(node, "cases", [])]
    return blocks


def _modules() -> list[Path]:
    return [path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))
            if "migrations" not in path.parts]


def test_every_import_inside_a_function_says_why():
    modules = _modules()
    assert len(modules) > 200, "the scan stopped finding Moneta's modules"
    unexplained = {f"{path.relative_to(ROOT)}:{line}": text for path in modules
                   for line, text in _unexplained_imports(path.read_text())}
    assert not unexplained, (
        "imports inside functions without a comment saying why (move them to the module's top, or say why on the "
        f"line or the line above: start-up cost, optional dependency, models before apps are ready): {unexplained}")


def test_the_check_catches_an_import_without_a_reason_and_accepts_one_with_it():
    source = '''
import os


def plain():
    import json
    return json


def explained():
    # heavy: loads torch
    import torch
    import numpy
    return torch, numpy


def trailing():
    from openai import OpenAI  # optional dependency
    return OpenAI


class Thing:
    def method(self):
        if self:
            try:
                pass
            except ValueError:
                from decimal import Decimal
                return Decimal
        x = 1
        import re
        return re, x
'''
    assert [line for line, _ in _unexplained_imports(source)] == [6, 28, 31]
