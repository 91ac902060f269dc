"""Chat demo data: the default prompts and two assistants. Idempotent; never overwrites editors' changes."""
from __future__ import annotations

from django.db import transaction

from chat.assistant import ALL_TOOLS
from chat.models import AgentConfig
from chat.services import prompts_ensure_defaults

AGENTS = (
    {
        "slug": "finance-assistant", "name": "Moneta finance assistant", "is_default": True, "staff_only": False,
        "description": "The end-user assistant: the user's own money, the knowledge base, Moneta's help and the web.",
        "system_prompt": "system", "enabled_tools": list(ALL_TOOLS), "answer_format": "markdown",
        # everyday answers come from help, education and the user's own notes; editors' bulk corpora (filings,
        # regulations) only when an editor adds them here
        "corpus_include": ["moneta-help", "finance-education", "private"], "corpus_exclude": [], "corpus_order": [],
        "max_iterations": 6,
        "confidence_threshold": 0.4, "max_results": 8,
    },
    {
        "slug": "document-investigator", "name": "Document investigator (staff)", "is_default": False,
        "staff_only": True,
        "description": "Searches the regulations corpus, then the bank documents, and answers with the fact ids "
                       "it used grouped by corpus.",
        "system_prompt": "investigator-system", "enabled_tools": ["search_knowledge_base", "list_documents", "respond"],
        "answer_format": "fact_ids", "corpus_include": ["regulations", "bank-documents"], "corpus_exclude": [],
        "corpus_order": ["regulations", "bank-documents"], "max_iterations": 5, "confidence_threshold": 0.3,
        "max_results": 10,
    },
)


def load_demo(*, stdout) -> None:
    with transaction.atomic():
        created_prompts = prompts_ensure_defaults()
        created = []
        for spec in AGENTS:
            values = dict(spec)
            slug = values.pop("slug")
            if values.get("is_default") and AgentConfig.objects.filter(is_default=True).exclude(slug=slug).exists():
                values["is_default"] = False
            _, was_created = AgentConfig.objects.get_or_create(slug=slug, defaults=values)
            if was_created:
                created.append(slug)
    stdout.write(f"chat: {len(created_prompts)} prompts and {len(created)} assistants created "
                 f"({', '.join(created) or 'all already present'})")
