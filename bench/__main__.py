"""python -m bench NAME [args...]   — NAME is a module in this package with main(argv) -> int."""
from __future__ import annotations

import importlib
import os
import pkgutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def available() -> list[str]:
    # A benchmark is a module with `def main(`; data modules (e.g. chat_questions) are not listed.
    here = Path(__file__).parent
    return sorted(m.name for m in pkgutil.iter_modules([str(here)])
                  if m.name not in {"common", "__main__"} and "\ndef main(" in (here / f"{m.name}.py").read_text())


def main() -> int:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    names = available()
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip() + "\navailable: " + ", ".join(names + ["all"]))
        return 0
    name, argv = sys.argv[1], sys.argv[2:]
    targets = names if name == "all" else [name]
    rc = 0
    for target in targets:
        if target not in names:
            print(f"unknown benchmark {target!r}; available: {', '.join(names)}")
            return 2
        module = importlib.import_module(f"bench.{target}")
        rc |= int(module.main(argv) or 0)
    return rc


if __name__ == "__main__":
    sys.exit(main())
