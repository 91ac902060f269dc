"""docs/ARCHITECTURE.md (and every README and docs/ page) names modules, files and functions that exist, and the shared code stays
readable: no module of config/, core/, knowledge/ or chat/ (migrations aside) is over 500 lines. No database: the
checks read files only."""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "ARCHITECTURE.md"
PACKAGES = ("core", "config", "accounts", "dashboard", "chat", "transactions", "knowledge")
MAX_LINES = 500

CODE = re.compile(r"`([^`]+)`")
TOPS = "|".join(PACKAGES + ("tests", "bench", "docs", "templates", "static"))
PATH = re.compile(rf"^(?:{TOPS})/[\w/{{}},.]*$")
DOTTED = re.compile(r"^(?:" + "|".join(PACKAGES) + r")(?:\.\w+)+")


def _expand(path: str) -> list[str]:
    """`a/{b,c}.py` → `a/b.py`, `a/c.py`."""
    match = re.search(r"\{([^}]*)\}", path)
    if not match:
        return [path]
    return [p for part in match.group(1).split(",")
            for p in _expand(path[:match.start()] + part.strip() + path[match.end():])]


def _module_file(dotted: str) -> Path | None:
    base = ROOT.joinpath(*dotted.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.exists():
            return path
    return None


def _defined_names(path: Path) -> set[str]:
    """Names a module defines or imports at its top level (what `module.name` can reach)."""
    names: set[str] = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return names


def _dotted_exists(dotted: str) -> bool:
    """`knowledge.selectors.knowledge_search` → the module knowledge/selectors.py defines knowledge_search;
    `core.errors` → the module exists; `transactions.selectors.*` → the package exists."""
    parts = dotted.rstrip(".*").split(".")
    for cut in range(len(parts), 0, -1):
        path = _module_file(".".join(parts[:cut]))
        if path is None:
            continue
        rest = parts[cut:]
        if not rest:
            return True
        if rest[0] in _defined_names(path) or _module_file(".".join(parts[:cut + 1])) is not None:
            return len(rest) == 1 or _dotted_exists(".".join(parts[:cut + 1]))
        return False
    return False


def _names_in_doc(doc: Path = DOC) -> tuple[list[str], list[str]]:
    paths, dotted = [], []
    for code in CODE.findall(doc.read_text()):
        for token in re.findall(r"[\w./*]*\{[^}]*\}[\w./]*|[^\s(),:;→]+", code):
            token = token.strip(".")
            if PATH.match(token):
                paths += _expand(token)
            elif token.endswith(".py"):
                continue  # a bare file name (`grammar.py` beside its package): not a dotted module name
            elif DOTTED.match(token):
                dotted.append(re.sub(r"[^\w.*].*$", "", token))
    return paths, dotted


def test_every_module_path_architecture_md_names_exists():
    paths, _ = _names_in_doc()
    assert len(paths) > 50, "the path pattern stopped matching the document"
    missing = sorted({p for p in paths if not (ROOT / p).exists()})
    assert not missing, f"docs/ARCHITECTURE.md names paths that do not exist: {missing}"


def test_every_dotted_name_architecture_md_names_exists():
    _, dotted = _names_in_doc()
    assert len(dotted) > 10, "the dotted-name pattern stopped matching the document"
    missing = sorted({d for d in dotted if not _dotted_exists(d)})
    assert not missing, f"docs/ARCHITECTURE.md names modules or functions that do not exist: {missing}"


def _celery_task_names() -> set[str]:
    return {name for path in ROOT.glob("*/tasks.py") for name in re.findall(r'name="([\w.]+)"', path.read_text())}


def test_the_readmes_and_docs_name_paths_and_modules_that_exist():
    """The same check over README.md, each app's README and docs/*.md (generated bench results and Celery task
    names, which look like dotted modules, aside)."""
    tasks = _celery_task_names()
    missing = {}
    for doc in [ROOT / "README.md", *ROOT.glob("*/README.md"), *(ROOT / "docs").glob("*.md")]:
        paths, dotted = _names_in_doc(doc)
        gone = {p for p in paths if not p.startswith("bench/results/") and not (ROOT / p).exists()}
        gone |= {d for d in dotted if d not in tasks and not _dotted_exists(d)}
        if gone:
            missing[str(doc.relative_to(ROOT))] = sorted(gone)
    assert not missing, f"documents name paths or modules that do not exist: {missing}"


def _defined_anywhere() -> set[str]:
    """Every function, class and assigned name in Moneta's packages, and every management command."""
    names: set[str] = set()
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "commands" in path.parts:
                names.add(path.stem)
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    names.add(node.name)
                elif isinstance(node, ast.Assign):
                    names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def test_every_function_name_architecture_md_mentions_exists():
    """Bare snake_case names in code spans (`document_upload`, `turn_prepare`) are functions, tasks or commands."""
    names = set()
    for code in CODE.findall(DOC.read_text()):
        code = re.sub(r"\([^)]*\)", "", code)  # call arguments (`import_batch_task(batch_id)`) are not names
        # paths and dotted names are checked above; here the bare ones
        names |= {t for t in re.split(r"[\s(),:;→]+", code) if re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)+", t)}
    assert len(names) > 30, "the name pattern stopped matching the document"
    missing = sorted(names - _defined_anywhere())
    assert not missing, f"docs/ARCHITECTURE.md mentions names nothing defines: {missing}"


# `<entity>_<action>` (STYLE.md): a name in a README's code span ending in one of these is a function, a task or a
# command, and must be defined. Other snake_case names there are JSON keys, error codes, SQL tables and the like.
ACTIONS = {"create", "delete", "list", "get", "set", "parse", "detect", "ensure", "record", "resolve", "run", "send",
           "save", "apply", "confirm", "cancel", "undo", "update", "prepare", "fetch", "submit", "release", "sweep",
           "restore", "snapshot", "import", "export", "search", "check", "rotate", "enqueue", "claim", "fill",
           "merge", "rename", "archive", "split", "compose", "persist", "understand", "attach", "reply"}
POSTGRES_NAMES = {"ef_search", "gin_clean_pending_list"}  # a pgvector setting and a Postgres function


def action_names_missing(text: str, defined: set[str]) -> list[str]:
    names = set()
    for code in CODE.findall(text):
        code = re.sub(r"\([^)]*\)", "", code)
        names |= {t for t in re.split(r"[\s(),:;→/]+", code)
                  if re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)+", t) and t.rsplit("_", 1)[1] in ACTIONS}
    return sorted(names - defined - POSTGRES_NAMES)


def test_every_function_name_the_readmes_and_docs_mention_exists():
    """`transaction_restore` in chat/README.md outlived the function; names shaped `<entity>_<action>` are checked."""
    defined = _defined_anywhere()
    missing = {str(doc.relative_to(ROOT)): m
               for doc in [ROOT / "README.md", *ROOT.glob("*/README.md"), *(ROOT / "docs").glob("*.md")]
               if (m := action_names_missing(doc.read_text(), defined))}
    assert not missing, f"documents mention functions nothing defines: {missing}"
    assert action_names_missing("see `transaction_snapshot` / `document_upload(…)` and `rows_skipped`", defined) \
        == ["transaction_snapshot"]


def test_the_name_check_catches_a_name_that_does_not_exist():
    assert _dotted_exists("knowledge.selectors.knowledge_search")
    assert _dotted_exists("core.errors.DomainError")
    assert not _dotted_exists("knowledge.selectors.no_such_selector")
    assert not _dotted_exists("core.no_such_module")


def test_no_module_of_config_core_knowledge_or_chat_is_over_500_lines():
    long = {}
    for package in ("config", "core", "knowledge", "chat"):
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            lines = len(path.read_text().splitlines())
            if lines > MAX_LINES:
                long[str(path.relative_to(ROOT))] = lines
    assert not long, f"modules over {MAX_LINES} lines (split them by concern): {long}"


# ---- file names in the docs ------------------------------------------------------------------------------------
FILE_EXT = ("py|md|html|json|jsonl|txt|toml|yaml|yml|csv|po|mo|sh|cfg|ini|js|css|example|pdf|ofx|qfx|qif|xml|sta|"
            "xlsx|mt940")
FILE_NAME = re.compile(rf"^(?:[\w.@~-]+/)*\.?[\w@-][\w.@-]*\.(?:{FILE_EXT})$|^(?:Makefile|Dockerfile)$")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
SKIP_DIRS = {".git", ".venv", "node_modules", "__pycache__", ".moneta", "test-artifacts", ".mypy_cache",
             ".ruff_cache", ".pytest_cache"}
# Files Moneta writes when it runs (bench results, a download's name), not files of the repository.
GENERATED = ("bench/results/", ".moneta/", "test-artifacts/", "errors.csv", "NAME.json", "NAME.md")
NOT_FILES = {"chart.js"}  # an npm package's name (`npm pack chart.js`)


def _repo_files() -> set[str]:
    import os

    found = set()
    for top, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
        rel = Path(top).relative_to(ROOT)
        found |= {str(rel / f) if str(rel) != "." else f for f in files}
    return found


def _file_names_in_doc(doc: Path) -> set[str]:
    """File names and relative paths in code spans (`grammar.py`, `.env.example`, `locale/vi/…/django.po`) and the
    targets of relative Markdown links."""
    text = doc.read_text()
    names = set()
    for code in CODE.findall(text):
        code = code.replace("/\n", "/")  # a path wrapped at a slash
        for token in re.split(r"[\s(),;:→|\"'=<>*]+", code):
            token = token.rstrip(".")
            if token and FILE_NAME.match(token) and "{" not in token:
                names.add(token)
    names |= {link for link in LINK.findall(text) if not link.startswith(("http:", "https:", "mailto:"))}
    return names


def file_names_missing(doc: Path, files: set[str]) -> list[str]:
    """Names in `doc` that are no file: a path is looked up beside the document, then from the repository root;
    a bare name (`sandbox.py` in accounts/README.md) anywhere under an app README's own folder, or anywhere in the
    repository for README.md and docs/."""
    import os

    base = doc.parent.relative_to(ROOT)
    by_name: dict[str, list[str]] = {}
    for f in files:
        by_name.setdefault(Path(f).name, []).append(f)
    missing = []
    for name in sorted(_file_names_in_doc(doc)):
        if name.startswith(GENERATED) or name.endswith(GENERATED) or name in NOT_FILES:
            continue
        beside = os.path.normpath(base / name)
        if beside.startswith("..") or os.path.normpath(name).startswith(".."):
            continue  # outside the repository (the shared style guide): not the repository's to check
        candidates = {beside, os.path.normpath(name)}
        if candidates & files or any((ROOT / c).is_dir() for c in candidates):
            continue
        if "/" not in name and any(f.startswith(f"{base}/") or str(base) in (".", "docs")
                                   for f in by_name.get(name, [])):
            continue
        missing.append(name)
    return missing


def test_every_file_name_the_readmes_and_docs_mention_exists():
    files = _repo_files()
    docs = [ROOT / "README.md", *ROOT.glob("*/README.md"), *(ROOT / "docs").glob("*.md")]
    assert sum(len(_file_names_in_doc(d)) for d in docs) > 100, "the file-name pattern stopped matching"
    missing = {str(d.relative_to(ROOT)): m for d in docs if (m := file_names_missing(d, files))}
    assert not missing, f"documents mention files that do not exist: {missing}"


def test_the_file_name_check_catches_a_bare_name_that_does_not_exist(tmp_path):
    doc = ROOT / "accounts" / "README.md"
    files = _repo_files()
    assert "sandbox.py" in _file_names_in_doc(doc) and file_names_missing(doc, files) == []
    fake = ROOT / "docs" / "_check_probe.md"
    try:
        fake.write_text("See `CONTRACTS.md`, `.env.example`, `accounts/sandbox.py`, [web](WEB.md) and [x](nowhere.md).")
        assert file_names_missing(fake, files) == ["CONTRACTS.md", "nowhere.md"]
    finally:
        fake.unlink()
