"""A custom import-linter contract (registered in pyproject.toml, run by `lint-imports` in `make lint`/`make test`).

`private_names`: no module imports a private name (one starting with a single underscore) or a private module
from another top-level package. import-linter's own contracts see modules, not the names imported from them, so
`from knowledge.ingestion.parsers import _page_has_graphics` in transactions would pass every built-in contract.
The module's source is read with `ast`, so imports split over several lines and imports inside functions count.
"""
from __future__ import annotations

import ast
from pathlib import Path

from grimp import ImportGraph
from importlinter.application import output
from importlinter.domain import fields
from importlinter.domain.contract import Contract, ContractCheck

ROOT = Path(__file__).resolve().parent.parent


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _source(module: str) -> Path | None:
    base = ROOT.joinpath(*module.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.exists():
            return path
    return None


def private_imports(module: str, packages: set[str]) -> list[tuple[int, str, str]]:
    """(line, imported module, name) for every import in `module` of a private name or private module that
    belongs to another of `packages` (Moneta's own: a third-party library's internals are its own business)."""
    path = _source(module)
    if path is None:
        return []
    top = module.split(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.split(".")[0] == top or node.module.split(".")[0] not in packages:
                continue
            for part in node.module.split("."):
                if _private(part):
                    found.append((node.lineno, node.module, part))
            found += [(node.lineno, node.module, alias.name) for alias in node.names if _private(alias.name)]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] != top and parts[0] in packages and any(_private(p) for p in parts):
                    found.append((node.lineno, alias.name, alias.name))
    return found


class PrivateNamesContract(Contract):
    type_name = "private_names"

    containers = fields.ListField(subfield=fields.StringField())
    # "importer -> imported.module:_name" entries still allowed (each with the issue that removes it).
    ignore = fields.ListField(subfield=fields.StringField(), required=False)

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        allowed = {entry.split("#")[0].strip() for entry in (self.ignore or [])}  # type: ignore[attr-defined]
        broken, seen = [], set()
        for container in self.containers:  # type: ignore[attr-defined]
            for module in sorted({container} | graph.find_descendants(container)):
                for line, imported, name in private_imports(module, set(self.containers)):  # type: ignore[attr-defined]
                    key = f"{module} -> {imported}:{name}"
                    seen.add(key)
                    if key not in allowed:
                        broken.append({"key": key, "line": line})
        stale = sorted(allowed - seen)
        return ContractCheck(kept=not broken and not stale, metadata={"broken": broken, "stale": stale})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for item in check.metadata["broken"]:
            output.print_error(f"{item['key']} (line {item['line']}): another package's private name", bold=False)
            output.new_line()
        for key in check.metadata["stale"]:
            output.print_error(f"ignored but no longer imported (remove it from the ignore list): {key}", bold=False)
            output.new_line()
