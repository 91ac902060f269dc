"""How-to answers as numbered steps. Moneta's help pages (knowledge/demo_docs/moneta-help/) write every
"How to …" section as a numbered list; when the best fitting help fact carries such a list, the answer is that
list, in order, rather than a paragraph of its sentences. Ingestion may flatten the list into one line and drop
the first "1.", so the steps are found by their markers: a run "2. … 3. …" with the text before "2." as step 1."""
from __future__ import annotations

import re
from typing import Any

from django.urls import NoReverseMatch, Resolver404, resolve, reverse
from django.utils.translation import gettext as _

from chat.context import embed
from chat.help_question import APP_PLACE_RE, APP_WHERE_RE, HERE_RE, asked_how_last, what_to_do
from knowledge.selectors import section_headings
from transactions.query import is_vietnamese
from transactions.query.grammar import strip_accents
from transactions.query.vietnamese_chat import VI_CHARS

MARKER_RE = re.compile(r"(?:^|(?<=\s))(\d{1,2})[.)]\s+")
HEADING_RE = re.compile(r"^\s*#{1,6}\s*(.+?)\s*$", re.M)


def steps_in(text: str) -> list[str]:
    """The numbered steps of a help fact, in order (an empty list unless there are at least three)."""
    text = text or ""
    heading = HEADING_RE.search(text)
    body = text[heading.end():] if heading and heading.start() == len(text) - len(text.lstrip()) else text
    markers = list(MARKER_RE.finditer(body))
    run: list[re.Match[str]] = []
    for m in markers:
        n = int(m.group(1))
        if run and n == int(run[-1].group(1)) + 1:
            run.append(m)
        elif not run and n in (1, 2):
            run = [m]
        elif run and len(run) >= 2:
            break
        else:
            run = [m] if n in (1, 2) else []
    if not run:
        return []
    steps = []
    if int(run[0].group(1)) == 2:
        first = " ".join(body[:run[0].start()].split())
        if not first:
            return []
        steps.append(first)
    for i, m in enumerate(run):
        end = run[i + 1].start() if i + 1 < len(run) else len(body)
        steps.append(" ".join(body[m.end():end].split()))
    steps = [s for s in steps if s]
    return steps if len(steps) >= 3 else []


# Every page of the web UI, by URL name, and the help section ("How to …") that tells a person how to use it.
# A new page without an entry here fails tests/chat/test_help_answers.py: write its help section first. A how-to
# answer links the page its steps are done on (page_for_heading).
PAGE_HELP = {
    "home": "read safe to spend",
    "web-transactions": "change the category of a transaction", "web-transactions-review": "review uncertain",
    "web-transactions-review-bulk": "review uncertain", "web-transaction-review": "review uncertain",
    "web-transactions-import": "import a statement", "web-transactions-import-batch": "import a statement",
    "web-transactions-import-confirm": "import a statement", "web-transaction-category": "change the category",
    "web-rule-edit": "change what moneta has learned", "web-alias-forget": "forget a word",
    "web-accounts": "add an account", "web-account-edit": "add an account",
    "web-transaction-new": "add a cash transaction", "web-transaction-edit": "edit, delete and undo",
    "web-transaction-delete": "edit, delete and undo", "web-transaction-split": "split a transaction",
    "web-transaction-transfer": "pair a transfer", "web-transactions-bulk": "change many transactions",
    "web-transactions-deleted": "restore a deleted", "web-transactions-undo": "restore a deleted",
    "web-duplicates": "duplicate", "web-categories": "rename, merge or archive a category",
    "web-jar-create": "create a jar", "web-jars": "create a jar", "web-jar-budget": "change a jar's budget",
    "web-jar-edit": "rename, archive or restore a jar", "web-jar-merge": "merge two jars",
    "web-budget-accept": "accept a budget suggestion", "web-category-budget": "set a monthly budget", "web-subscriptions": "confirm or dismiss a subscription",
    "web-chat": "ask the assistant", "web-chat-stream": "ask the assistant", "web-chat-conversations": "find an earlier conversation",
    "web-chat-conversation": "ask the assistant", "web-chat-replies-read": "read a reply from the moneta team",
    "web-chat-feedback": "rate an answer", "web-chat-action": "ask the assistant to make a change",
    "web-documents": "upload a document", "web-document-upload": "upload a document", "web-document": "upload a document",
    "web-note-save": "save a note", "web-note-edit": "save a note", "web-document-delete": "delete a document or note",
    "web-page": "ask the assistant and check", "web-account": "change the language",
    "web-account-profile": "change the language", "web-account-token-create": "create an api token",
    "web-account-token-revoke": "create an api token", "web-account-export": "download (export)",
    "web-account-token": "connect claude desktop", "web-account-delete": "delete your account",
    "web-sandbox": "demo data", "web-sandbox-enter": "demo data", "web-sandbox-leave": "demo data",
    "web-sandbox-delete": "demo data", "web-welcome": "get started", "web-welcome-preferences": "get started",
    "web-welcome-account": "get started", "web-welcome-jars": "get started", "web-welcome-done": "get started",
    "web-settings": "change the language", "web-subscription-decide": "confirm or dismiss a subscription",
    "web-transaction-review-similar": "review uncertain", "web-transactions-import-errors": "import a statement",
    "web-transactions-import-preview": "import a statement",
    # django-allauth's pages linked from Settings
    "account_change_password": "change your password", "account_reset_password": "reset a forgotten password",
    "account_email": "change your email", "mfa_index": "two-factor",
    "account_signup": "sign up", "account_login": "log in", "account_logout": "log in and log out",
}


def page_for_heading(heading: str) -> str | None:
    """The section of the web UI a "How to …" section's steps are done in (/jars/, /transactions/, /account/…).
    The section's own page, not the form a step posts to: some of the mapped URLs take only POSTs or an id."""
    low = (heading or "").lower()
    for name, topic in PAGE_HELP.items():
        if topic not in low:
            continue
        try:
            url = reverse(name)
        except NoReverseMatch:  # a page of one object (/transactions/<id>/…)
            continue
        section = "/" + url.strip("/").split("/")[0] + "/" if url.strip("/") else "/"
        try:
            resolve(section)
        except Resolver404:
            continue
        return section
    return None


def steps_text(text: str, steps: list[str], marker: str) -> str:
    heading = HEADING_RE.search(text or "")
    # the heading in the answer's language (locale/vi has every "How to" heading of the help pages)
    title = f"{_(heading.group(1).strip().rstrip(':'))}:" if heading else _("Here are the steps:")
    lines = [f"{title} {marker}", *(f"{i}. {s}" for i, s in enumerate(steps, 1))]
    page = page_for_heading(heading.group(1)) if heading else None
    if page:
        lines.append(_("Open the page: %(url)s") % {"url": f"[{page}]({page})"})
    return "\n".join(lines)


# ---- which questions are how-to questions about Moneta ------------------------------------------------------
# A how-to asks how to do something ("how do I…", "is there a way to…", "I forgot my password" but not "I forgot what
# I spent", "làm sao để…", "cách…"). It is about Moneta when what it asks to do is a topic of the help corpus's "How
# to …" sections (a topic word shared with a heading, or close in meaning): found from the pages, not from code.
HOWTO_Q_RE = re.compile(
    r"\bhow (?:do|can|could|would|will|does) (?:i|we|you|one)\b|\bhow to\b|\bwhere (?:do|can|could|would|"
    r"should) (?:i|we)\b|\bwhere(?:'s| is| are) (?:the )?(?:setting|option|button|page|screen)s?\b|\bis (?:there|it) "
    r"(?:a way|any way|possible) to\b"
    r"|" + APP_WHERE_RE.pattern +  # "where in the app would I look to see…": a place in the app
    # "where's the review queue", "where is the subscriptions tab": a place in the app
    r"|\bwhere(?:'s| is| are| do i find| can i find| do i see)\s+(?:the|my)\s+(?:[\w-]+\s+){0,2}?(?:queue|tab|list|menu|"
    r"section|inbox|link|form|toggle|switch|settings?|button|option|page|screen)s?\b"
    r"|\b(?:can|could|may) i\b|\bi (?:want|need|would like|'d like|wanna) to\b"
    r"|\b(?:forgot|forgotten|forget|lost|can'?t remember|don'?t remember)\b(?:\s+(?:my|the|our|your|which|what))?\s+(?:"
    r"(?:moneta|app|account|sign-?in|log-?in|email)\s+)?(?:password|passcode|pass|pin|log-?in|login details|username|"
    r"user name|sign-?in|2fa|two-factor|recovery codes?|code|token|email address)\b|\bwhat do i do (?:if|when|to|about|now)\b|\bwhat do i do\b|\bhelp me\b"
    # "tell me how I'd set one up", "show me how I can…": how to, asked inside a request
    r"|\b(?:tell|show|teach|remind) (?:me|us) how\b(?!\s+(?:much|many|often|long|big|far)\b)|\bhow (?:i|we)(?:'d| would| could| can| should| might| do)?\s+"
    r"(?:go about|set|make|create|add|change|fix|undo|delete|remove|turn|get|do|start|import|export|split|merge)\b"
    r"|\bcách\b|\blàm (?:sao|thế nào|the nao)\b|\bở đâu\b|\bnhư thế nào\b"
    # "có đổi qua tiếng Việt được không", "mình có thể xuất ra csv được không": a verb of doing something in the app
    # asked as "can I … ?" (not "có tiết kiệm được không": whether they managed to save)
    r"|\bcó (?:thể )?(?:đổi|chuyển|xuất|tải|tắt|bật|xoá|xóa|sửa|thêm|tạo|nhập|cài|kết nối|liên kết|hoàn tác|khôi phục)"
    r"\b.{0,50}\bđược (?:không|ko|hông|hem)\b"
    r"|\bco (?:the )?(?:doi|chuyen|xuat|tai|tat|bat|xoa|sua|them|tao|nhap|cai|ket noi|lien ket|hoan tac|khoi phuc)"
    r"\b.{0,50}\bduoc (?:khong|ko|hong|hem)\b"
    # "undo sao vậy", "sửa thế nào đây": a verb asked how (not "tại sao vậy": why)
    r"|(?<!tại )(?<!vì )\b(?:sao|thế nào) (?:vậy|đây|ta|nhỉ)\s*\??\s*$"
    r"|\bcach\b|\blam (?:sao|the nao)\b|\bo dau\b|\bnhu the nao\b"
    r"|(?<!tai )(?<!vi )\b(?:sao|the nao) (?:vay|day|ta|nhi)\s*\??\s*$", re.I)  # (the "ca…" lines: no accents)
# words that say nothing about which feature (verbs of doing, question words, everyday money words)
GENERIC = set("""how do does can could would should will i we you one to where is are there a an the my me our
your it its this that what way possible want need like wanna forgot forgotten help please just new some any all
for on in of at with from by and or but not up out into again also get got set make made change use using see find
turn add start stop keep put try pick read work open ask go give take move let done thing things app moneta
money spend spending save saving savings pay paid month monthly year week time more less much many own when if
now then so about first only still off they them their""".split())
VI_TOPICS = {"xác thực hai lớp": "two-factor authentication", "xác thực 2 lớp": "two-factor authentication",
             "mật khẩu": "password", "quên": "forgotten", "email": "email", "ngôn ngữ": "language",
             "tiếng việt": "language", "tiếng anh": "language", "tiền tệ": "currency", "xuất dữ liệu": "export data",
             "tải dữ liệu": "download data", "xoá tài khoản": "delete account", "xóa tài khoản": "delete account",
             "sao kê": "import statement", "nhập": "import", "hũ chi tiêu": "budget jar", "hũ": "jar", "dùng": "use", "ngân sách": "category budget",
             "danh mục": "category", "giao dịch": "transaction", "xoá": "delete", "xóa": "delete",
             "hoàn tác": "undo", "chia": "split", "trùng": "duplicate", "tiền mặt": "cash transaction",
             "tài khoản": "account", "chuyển khoản": "transfer", "ghi chú": "note", "tài liệu": "document",
             "mã api": "api token", "token": "api token", "dùng thử": "demo sandbox", "đăng ký": "subscriptions",
             "đăng xuất": "log out", "đăng nhập": "log in",
             "đăng ký tài khoản": "sign up account", "tạo tài khoản": "sign up account", "biểu đồ": "charts",
             "gộp": "merge", "ghép": "pair", "khôi phục": "restore", "đổi tên": "rename", "người nhận": "payee",
             "thanh toán": "pay", "hoá đơn": "bill", "hóa đơn": "bill", "chuyển tiền": "transfer money",
             "huỷ": "cancel", "hủy": "cancel", "file ngân hàng": "import statement", "file csv": "import statement",
             "tệp ngân hàng": "import statement", "file sao kê": "import statement", "tải lên": "upload",
             "cần xem lại": "review uncertain", "xem lại": "review", "hàng chờ": "review uncertain",
             "cuộc trò chuyện": "conversation", "trò chuyện cũ": "earlier conversation", "tạo lại": "regenerate",
             "phản hồi": "reply", "tạo": "create", "bật": "turn on", "tắt": "turn off", "đổi": "change", "thêm": "add", "sửa": "edit",
             "quỹ chìm": "sinking fund", "lập": "set up", "quy tắc": "rule"}
HEADING_CLOSE = 0.6  # cosine of a how-to question to a "How to" heading that says it is that topic

SUFFIXES = ("ations", "ation", "ings", "ing", "ions", "ion", "ies", "ied", "ed", "es", "s", "y", "e")


def stem(word: str) -> str:
    """A word without its inflection, cut to seven letters: "transactions" and "transaction" → "transact"[:7],
    "categories" and "category" → "categor", "deleting" and "delete" → "delet"; a plain five-letter cut would make
    "transfer" and "transaction" (or "import" and "important") one topic."""
    w = word.lower()
    for suffix in SUFFIXES:
        if w.endswith(suffix) and len(w) - len(suffix) >= 3 and not (suffix in ("s", "es") and w.endswith("ss")):
            w = w[: -len(suffix)]
            break
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeiou":
        w = w[:-1]  # "splitting" → "split"
    return w[:7]


def _stems(text: str) -> set[str]:
    return {stem(w) for w in re.findall(r"[a-z0-9]+", text.lower().replace("2fa", "two factor"))
            if w not in GENERIC and len(w) > 1}


def heading_overlap(question: str, heading: str) -> int:
    """How many topic words a how-to question (its English topics, chat/help_steps.english_topics) shares with a
    "How to …" heading: "how to sign up account" shares two with "How to sign up (create a Moneta account)" and
    none with "How to log in and log out"."""
    words = _stems(english_topics(what_to_do(question)))
    shared = len(words & _stems(re.sub(r"^\s*how to\s+", "", heading or "", flags=re.I)))
    # a section for many at once ("How to change many transactions at once") is not the one for "a transaction's
    # amount": it counts one less unless the question says many, all or several
    if BULK_RE.search(heading or "") and not BULK_RE.search(question or "") and not MANY_RE.search(question or ""):
        shared -= 1
    elif BULK_RE.search(heading or "") and (BULK_RE.search(question or "") or ALL_RE.search(question or "")):
        shared += 1  # "change the category on all my uber rides": the section for many at once
    return shared

BULK_RE = re.compile(r"\b(?:many|at once|in bulk|bulk)\b", re.I)
ALL_RE = re.compile(r"\b(?:all|several|multiple|every|each|tất cả|hàng loạt)\b", re.I)
MANY_RE = re.compile(r"\b(?:all|several|multiple|every|each|lots|whole|batch|them|those|these|[2-9]\d*)\b"
                     r"|\b(?:transactions|charges|rows|payments)\b|\b(?:tất cả|nhiều|hàng loạt|các)\b", re.I)


# words that name no feature but still tell two sections apart ("set a monthly budget" vs "accept a budget
# suggestion"): only the question's glue is left out
GLUE = set("""how do does can could would should will i we you one to a an the my me our your it its is are of for in
on at with from by and or this that there where what way please""".split())


def heading_words(question: str, heading: str) -> int:
    """How many words (verbs and everyday words too) a how-to question shares with a "How to …" heading: the tie-break
    between headings sharing as many topic words (chat/help_steps.heading_overlap)."""
    def words(text: str) -> set[str]:
        return {stem(w) for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in GLUE and len(w) > 1}
    return len(words(english_topics(what_to_do(question))) & words(re.sub(r"^\s*how to\s+", "", heading or "", flags=re.I)))


def heading_unsaid(question: str, heading: str) -> int:
    """How many topics a "How to …" heading names that the how-to question does not: "How to set up a sinking fund …
    with a jar" names a sinking fund, which "how do I set up a jar" never asks about, so "How to create a jar" fits it
    better. Words in brackets only explain the heading ("(saving ahead for a known cost)") and alternatives ("create,
    rename, merge or archive") are one topic, unsaid only when none of them is said."""
    said = _stems(english_topics(what_to_do(question)))
    plain = re.sub(r"\([^)]*\)", " ", re.sub(r"^\s*how to\s+", "", heading or "", flags=re.I))
    unsaid = 0
    for part in re.split(r"\b(?:with|for|from|on|in|at|to|between|across|and)\b", plain, flags=re.I):
        texts = [o.split() for o in re.split(r",|\bor\b", part) if o.split()]
        if len(texts) > 1:  # "create, rename, merge or archive a category": one of the verbs, then what they act on
            options = [_stems(" ".join(o[:1] if i == len(texts) - 1 else o)) for i, o in enumerate(texts)]
            unsaid += not any(o & said for o in options) and any(options)
            unsaid += len(_stems(" ".join(texts[-1][1:])) - said)
        elif texts:
            unsaid += len(_stems(" ".join(texts[0])) - said)
    return unsaid


def _typed_without_accents(text: str) -> bool:
    """Vietnamese typed without its accents ("lam sao de xoa giao dich"): read with every word de-accented."""
    return not VI_CHARS.search(text or "") and is_vietnamese(text or "")


# what people call a feature that the help headings name otherwise ("my bank file" is a statement to import)
EN_TOPICS = {"bank file": "import statement", "bank statement": "import statement", "csv": "import statement",
             "statement file": "import statement", "bank export": "import statement", "ofx": "import statement",
             "qif": "import statement", "review queue": "review uncertain", "to review": "review uncertain",
             "needs review": "review uncertain", "uncertain": "review uncertain", "envelope": "jar",
             "spending limit": "category budget", "recurring charge": "subscription", "sign in": "log in",
             "login": "log in", "register": "sign up", "new account": "sign up", "back up": "export data",
             "backup": "export data", "spreadsheet": "export data", "amount": "edit", "typo": "edit",
             "date": "edit", "description": "edit", "get rid of": "delete", "erase": "delete", "redo": "regenerate",
             **dict.fromkeys(("make a new", "set up a new", "start a new", "add a new"), "create"),
             **dict.fromkeys(("forgot", "forgotten", "can't remember", "cant remember", "lost"), "reset"),
             **dict.fromkeys(("real person", "human", "support", "team member"), "ask a person"),
             **dict.fromkeys(("answer again", "fresh answer", "new answer"), "regenerate answer"), "wrote back": "reply",
             **dict.fromkeys(("chats", "old chat", "past chat", "chat history"), "earlier conversation")}


def _with_feature_words(text: str) -> str:
    """An English how-to with the help headings' words for the features it names in its own ("where do I upload my
    bank file" → … (import statement))."""
    low = f" {' '.join(re.findall(r'[a-z0-9]+', text.lower()))} "
    extra = [en for said, en in EN_TOPICS.items() if f" {said} " in low]
    return f"{text} ({' '.join(dict.fromkeys(extra))})" if extra else text


def english_topics(text: str, keep: set[str] | frozenset[str] = frozenset()) -> str:
    """A Vietnamese how-to with the English words of the help pages' topics it names (the help pages and the
    embedding model are English); English text unchanged. Typed without accents, the topics are matched
    de-accented, as whole words ("xoa giao dich" → delete transaction). `keep`: the stems of the help headings'
    topic words; a word of the question written in English that is one of them is a topic too ("tạo jar")."""
    plain = _typed_without_accents(text)
    said = [(m.start(), m.group(0).lower()) for m in re.finditer(r"\b[a-zA-Z]{3,}\b", text)
            if stem(m.group(0)) in keep and m.group(0).lower() not in GENERIC] if is_vietnamese(text) else []
    low = f" {' '.join(re.findall(r'[a-z0-9]+', strip_accents(text.lower())))} " if plain else text.lower()
    found: list[tuple[int, str]] = []
    for vi, en in sorted(VI_TOPICS.items(), key=lambda kv: -len(kv[0])):
        key = f" {strip_accents(vi)} " if plain else vi
        if key in low:
            found.append((low.index(key), en))
            low = low.replace(key, " " * len(key))  # "hũ chi tiêu" is one topic, not also "hũ"
    if not found:
        return text if is_vietnamese(text) else _with_feature_words(text)
    # in the order the question says them ("tạo hũ": create jar; "tao jar ngan sach": create jar budget)
    found = sorted(found + [(plain_at, word) for plain_at, word in said]) if not plain else \
        sorted(found + [(low.find(f" {word} ") + 1 if f" {word} " in low else len(low), word) for _, word in said])
    return f"how to {' '.join(dict.fromkeys(en for _, en in found))}"


class SectionTopics:
    """The section headings of one corpus (only its "How to …" sections when `howto`), their topic words and
    embeddings; rebuilt when the corpus's pages change."""

    def __init__(self, corpus: str, *, howto: bool) -> None:
        self.corpus, self.howto = corpus, howto
        self._key: tuple[int, int] | None = None
        self.headings: list[str] = []
        self.stems: list[set[str]] = []
        self.sections: list[str] = []  # the headings alone
        self.documents: list[str] = []  # the document of each
        self._vectors: Any = None

    def load(self) -> SectionTopics:
        rows = section_headings(corpus=self.corpus)
        if self.howto:
            rows = [r for r in rows if r["heading"].lower().startswith("how to ")]
        key = (len(rows), max((r["page_id"] for r in rows), default=0))
        if key != self._key:
            # a how-to heading stands alone; another section reads with its document ("Credit scores: Improving…")
            self.headings = [r["heading"] if self.howto else f"{r['document']}: {r['heading']}" for r in rows]
            self.stems = [_stems(r["heading"][7:] if self.howto else r["heading"]) for r in rows]
            self.sections = [r["heading"] for r in rows]
            self.documents = [r["document"] for r in rows]
            self._vectors = None
            self._key = key
        return self

    def vectors(self) -> Any:
        """The headings' embeddings, computed on first use (a server's warm-up computes them: chat/apps.py)."""
        if self._vectors is None:
            self._vectors = embed(self.headings)
        return self._vectors

    def best(self, vector: Any, words: set[str]) -> tuple[str | None, float, bool]:
        """(closest heading, its cosine, shares a topic word with some heading)."""
        if not self.headings:
            return None, 0.0, False
        sims = self.vectors() @ vector
        i = int(sims.argmax())
        return self.headings[i], float(sims[i]), any(words & s for s in self.stems)


# words of a concept question that name no topic ("who is it actually good for")
NOT_TOPIC = GENERIC | set("""what whats who whom whose which why is are was were be been good bad best better worse really
actually exactly mean means meaning explain define tell kind sort type work works worth suit suits suited anyone someone
people person know well yourself total other example choosing one more than""".split())


def _topic_stems(text: str) -> set[str]:
    words = re.findall(r"[a-z0-9]{3,}", (text or "").lower())
    return {(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w)[:5] for w in words
            if w not in NOT_TOPIC}


def names_education_topic(text: str) -> bool:
    """Does the question name a topic of a finance-education page (its title or a section heading: "roth" in "Roth
    or traditional")? A concept question about one is a knowledge question, whatever else its clauses ask."""
    stems = _topic_stems(text)
    return bool(stems) and any(stems & _topic_stems(h) for h in EDUCATION_TOPICS.load().headings)


ADVICE_RE = re.compile(r"\bshould\b|\bhow (?:best )?to\b|\bbest way\b|\bgood way\b|\bnên\b", re.I)


def asks_education_section(text: str) -> bool:
    """Advice asked how to do something ("how should I…", "how do I…", "the best way to…") that names one section
    of a finance-education page by two of its heading's topic words, one of them in the headings of no other page
    ("how should a freelancer budget with irregular income" → "Budgeting on an irregular income"; "split my pay
    between needs and wants"): that section's concept, not a figure of their own money."""
    if not (asks_how_to(text) or ADVICE_RE.search(text or "")):
        return False
    stems = _topic_stems(text)
    if len(stems) < 2:
        return False
    topics = EDUCATION_TOPICS.load()
    sections = [_topic_stems(h) for h in topics.sections]
    pages: dict[str, set[str]] = {}
    for section, document in zip(sections, topics.documents):
        for stem in section:
            pages.setdefault(stem, set()).add(document)
    return any(len(shared := stems & section) >= 2 and any(len(pages[s]) == 1 for s in shared)
               for section in sections)


HELP_TOPICS = SectionTopics("moneta-help", howto=True)
EDUCATION_TOPICS = SectionTopics("finance-education", howto=False)
CLAUSE_RE = re.compile(r",?\s+(?:and|also|then|plus)\s+(?:how (?:do|can) i\s+|also\s+)?(?=(?:turn|change|set|reset|"
                       r"make|create|add|delete|remove|export|download|import|undo|split|switch|get|enable|disable|"
                       r"find|see|connect|rename|merge|edit|upload|save|restore|cancel|update)\b)|\?\s+|;\s*", re.I)

WEAK_OPENER_RE = re.compile(r"^\s*(?:(?:can|could|may) i|i (?:want|need|would like|'d like|wanna) to|help me|what do i do)\b",
                            re.I)


# "moneta phát hiện gói đăng ký như thế nào", "hũ hoạt động thế nào", "gợi ý được tính thế nào": how Moneta does
# something (its subject is the app, or the verb is working or being worked out), not how the user does it
HOW_IT_WORKS_VI_RE = re.compile(r"\b(?:moneta|ứng dụng|app|hệ thống)\b(?:(?!\b(?:tôi|mình)\b).){0,40}\b(?:như thế nào|thế nào|"
                                r"ra sao)\b|\bhoạt động (?:như )?(?:thế nào|ra sao)\b|\bđược (?:tính|chọn|phát hiện|xác "
                                r"định)\b|\bhoat dong (?:nhu )?the nao\b|\bduoc tinh\b", re.I)


def asks_how_to(text: str) -> bool:
    """Does the question ask how to do something (in Moneta or anywhere), rather than how something works?"""
    text = text or ""
    if HOW_IT_WORKS_VI_RE.search(text):
        return False
    return bool(HOWTO_Q_RE.search(text) or asked_how_last(text) or (_typed_without_accents(text) and HOWTO_Q_RE.search(
        strip_accents(text.lower()))))


def howto_calls(text: str, q: Any = None) -> list[dict[str, Any]]:
    """The help-page look-ups a how-to question about Moneta asks for: one per part ("how do I turn on 2FA and
    change my password" → two), or none when the text is not a how-to about one of the help corpus's topics."""
    if not asks_how_to(text):
        return []
    if q is not None and WEAK_OPENER_RE.search(text) and (getattr(q, "period", None) or getattr(q, "merchants", None)
                                                         or getattr(q, "amount_min", None) is not None
                                                         or getattr(q, "amount_max", None) is not None):
        return []  # "can I see my Uber rides from May": a question about their money, not about the app

    topics = HELP_TOPICS.load()
    # "in Moneta", "in the app" say where, not what: as words of the search they pull every page that names the
    # app ("can I set one up as a jar in moneta" found "How to get started" before "How to create a jar")
    bare = re.sub(r"\s+([?.!,])", r"\1", " ".join(APP_PLACE_RE.sub(" ", text).split()))
    query = english_topics(bare or text, keep=set().union(*topics.stems))
    vector, words = embed([query])[0], _stems(query)
    _heading, score, shared = topics.best(vector, words)
    _other, education, _ = EDUCATION_TOPICS.load().best(vector, words)
    # close to a help topic, or sharing a topic word with one and nearer to it than to any finance concept
    # ("how do I budget for a vacation" is budgeting advice, "how do I set a budget in the app" is help)
    # "…as a jar in Moneta", "can I set one up here": about the app whatever concept it names
    in_app = bool(APP_PLACE_RE.search(text) or HERE_RE.search(text))
    if not (score >= HEADING_CLOSE or (shared and (score > education or in_app))):
        return []
    parts = [p.strip(" ,.?") for p in CLAUSE_RE.split(query) if p and len(p.split()) >= 2]
    if len(parts) < 2:
        return [{"name": "get_app_information", "args": {"query": query}}]
    return [{"name": "get_app_information", "args": {"query": p}} for p in parts]
