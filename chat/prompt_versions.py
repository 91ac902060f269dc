"""Prompt versions: create (validated), activate, roll back, and read the active content of each prompt."""
from __future__ import annotations

from django.db import transaction
from django.db.models import Max

from chat.models import Prompt
from chat.prompts import DEFAULT_PROMPTS, prompt_problems
from core.errors import DomainError
from core.types import AuthUser


def prompt_version_create(*, name: str, content: str, kind: str | None = None, activate: bool = True,
                          note: str = "", author: AuthUser | None = None) -> Prompt:
    """Add a new version of a prompt (validated); optionally make it the active one."""
    current = Prompt.objects.filter(name=name).order_by("-version").first()
    kind = kind or (current.kind if current else DEFAULT_PROMPTS.get(name, ("system",))[0])
    problems = prompt_problems(name=name, kind=kind, content=content)
    if problems:
        raise DomainError(" ".join(problems), details={"content": problems}, code="invalid_prompt")
    with transaction.atomic():
        version = (Prompt.objects.select_for_update().filter(name=name).aggregate(v=Max("version"))["v"] or 0) + 1
        if activate:
            Prompt.objects.filter(name=name, is_active=True).update(is_active=False)
        return Prompt.objects.create(name=name, kind=kind, content=content, version=version, is_active=activate,
                                     note=note, created_by=author)


def prompt_activate(*, prompt_id: int) -> Prompt:
    with transaction.atomic():
        prompt = Prompt.objects.select_for_update().get(pk=prompt_id)
        problems = prompt_problems(name=prompt.name, kind=prompt.kind, content=prompt.content)
        if problems:
            raise DomainError(" ".join(problems), code="invalid_prompt")
        Prompt.objects.filter(name=prompt.name, is_active=True).exclude(pk=prompt.pk).update(is_active=False)
        if not prompt.is_active:
            prompt.is_active = True
            prompt.save(update_fields=["is_active"])
        return prompt


def prompt_rollback(*, name: str) -> Prompt:
    """Activate the version before the currently active one."""
    active = Prompt.objects.filter(name=name, is_active=True).first()
    if active is None:
        raise DomainError(f"Prompt {name!r} has no active version to roll back from.")
    previous = Prompt.objects.filter(name=name, version__lt=active.version).order_by("-version").first()
    if previous is None:
        raise DomainError(f"Prompt {name!r} v{active.version} is the first version; there is nothing to roll back to.")
    return prompt_activate(prompt_id=previous.pk)


def prompt_active_content(name: str) -> str:
    return prompts_active(name)[name]


def prompts_active(*names: str) -> dict[str, str]:
    """Active content of each named prompt in one query (the built-in default when none was ever saved)."""
    found = dict(Prompt.objects.filter(name__in=names, is_active=True).values_list("name", "content"))
    for name in names:
        if name not in found:
            if name not in DEFAULT_PROMPTS:
                raise DomainError(f"No active prompt named {name!r}: create one in admin.", code="missing_prompt")
            found[name] = DEFAULT_PROMPTS[name][1]
    return found


def prompts_ensure_defaults() -> list[Prompt]:
    """Create v1 of every default prompt that does not exist yet (never overwrites editors' versions)."""
    out = []
    for name, (kind, content) in DEFAULT_PROMPTS.items():
        if not Prompt.objects.filter(name=name).exists():
            out.append(prompt_version_create(name=name, kind=kind, content=content, note="default"))
    return out
