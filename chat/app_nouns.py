"""The nouns of Moneta's own features ("jar", "import", "category", "the app", "delete my account"): a question that names
one is about the app. One home for the offline router (chat/offline/) and the knowledge questions
(chat/knowledge_questions.py), which must not import the offline model's modules (no cycle inside chat)."""
from __future__ import annotations

import re

APP_NOUNS = re.compile(
    r"\b(?:app|moneta|jars?|import\w*|upload\w*|csv|ofx|(?:re-?)?categor\w*|rules?|budget suggestions?|suggested budget\w*|"
    r"(?:search|find)\w* (?:\w+ )?transactions|sentence|chat|assistant|documents?|subscriptions?|figure out|detect\w*|"
    r"features?|settings?|bank statement|export|hũ|hu chi tieu|questions?|answers?|data|privacy|escalat\w*|"
    r"sao kê|ứng dụng|danh mục|giao dịch|nhập)\b"
    r"|\b(?:my |an |the )?account\b(?=.{0,40}\b(?:delete|settings?|sign|log|password|create|close|export|email|"
    r"token|language|currency)\b)|\b(?:delete|settings?|sign|log|password|create|close|export)\b.{0,40}\baccount\b",
    re.I)  # "my account" is their bank account unless the sentence is about the app's account
