"""Query understanding: what a question names — years, filing type, quarter, financial statements, the
company of each document — and which statement a page is. Pure functions of text (no database)."""
from __future__ import annotations

import re
from typing import Any

_YEAR = re.compile(r"(?<![\d])(?:fy\s*'?|fiscal\s+(?:year\s+)?)?((?:19|20)\d\d)(?![\d])", re.I)
_FY_SHORT = re.compile(r"\bfy\s*'?(\d\d)\b", re.I)
_QUARTER = re.compile(r"(?<![a-z])q([1-4])\b", re.I)


def query_identity(query: str) -> dict[str, Any]:
    """Years, document type and quarter a question names ('FY2019', '10-K', 'Q2', 'fiscal 2018')."""
    years = {int(y) for y in _YEAR.findall(query)} | {2000 + int(y) for y in _FY_SHORT.findall(query)}
    lowered = query.lower()
    doc_type = ""
    if re.search(r"\b10-?k\b|annual report", lowered):
        doc_type = "10-K"
    elif re.search(r"\b10-?q\b|quarterly report", lowered):
        doc_type = "10-Q"
    elif re.search(r"\b8-?k\b", lowered):
        doc_type = "8-K"
    elif re.search(r"\bearnings (release|report|call)\b", lowered):
        doc_type = "earnings release"
    quarter = _QUARTER.search(query)
    return {"years": years, "doc_type": doc_type, "quarter": f"Q{quarter.group(1)}" if quarter else ""}


# Financial statements a question can name, and the titles a statement page carries. A filing says on each
# statement page which statement it is ("CONSOLIDATED STATEMENTS OF CASH FLOWS"); questions often say which
# one they need ("...shown in the cash flow statement", "...the statement of financial position").
_STATEMENT_QUERY = {
    "balance": r"balance sheets?|statements? of financial (?:position|condition)|financial position",
    "income": r"income statements?|statements? of (?:consolidated )?(?:income|operations|earnings)|"
              r"p\s?&\s?l\b|profit and loss",
    "comprehensive": r"statements? of comprehensive (?:income|loss)",
    "cash_flow": r"cash ?flows? statements?|statements? of cash ?flows?",
    "equity": r"statements? of (?:changes in )?(?:share|stock)holders[’']? equity|statements? of (?:changes in )?equity",
}
_STATEMENT_TITLE = {
    "balance": r"balance sheets?|statements? of (?:consolidated )?financial (?:position|condition)",
    "income": r"statements? of (?:consolidated )?(?:income|operations|earnings)(?: and comprehensive "
              r"(?:income|loss))?|income statements?",
    "comprehensive": r"statements? of comprehensive (?:income|loss)",
    "cash_flow": r"statements? of (?:consolidated )?cash ?flows?|cash ?flows? statements?",
    "equity": r"statements? of (?:changes in )?(?:share|stock)holders[’']? (?:equity|deficit)|"
              r"statements? of (?:changes in )?equity",
}
_STATEMENT_QUERY_RE = {k: re.compile(v, re.I) for k, v in _STATEMENT_QUERY.items()}
# Searched for in a page's title block (see _title_block), not in its body.
_STATEMENT_TITLE_SEARCH = {k: re.compile(r"\b(?:" + v + r")\b", re.I) for k, v in _STATEMENT_TITLE.items()}


def query_statements(query: str) -> set[str]:
    """The financial statements a question names: {'balance', 'income', 'comprehensive', 'cash_flow', 'equity'}."""
    return {kind for kind, rx in _STATEMENT_QUERY_RE.items() if rx.search(query)}


_PAGE_NUMBER_LINE = re.compile(r"^(?:table of contents|index|contents|page\s*\d+|[a-z]?-?\d{1,3}|\d+\s*of\s*\d+)$", re.I)


def _title_block(head: str) -> str:
    """The lines at the top of a page before its first figure or prose line, joined: a statement's title,
    however the PDF broke it ("MGM / RESORTS / … / CONSOLIDATED / BALANCE / SHEETS" one word per line)."""
    block: list[str] = []
    for line in (head or "").splitlines()[:24]:
        line = line.strip()
        if not line or _PAGE_NUMBER_LINE.match(line):
            continue
        words = line.split()
        lower = sum(1 for w in words if w[:1].islower())
        figures = re.sub(r"^(?:part|item)\s+[0-9ivx]+[a-z]?\.?", "", line, flags=re.I)  # "ITEM 8. FINANCIAL…"
        if len(line) > 110 or re.search(r"\d", figures) or (len(words) >= 8 and lower / len(words) > 0.6) or (
                len(words) >= 6 and line.endswith(".")):
            break
        block.append(line)
        if sum(len(b) for b in block) > 300:
            break
    return " ".join(block)


def page_statement(head: str) -> str:
    """Which statement a page is, from the title at its top ('' when it is none, or a table of contents
    naming several)."""
    block = _title_block(head)
    found = [kind for kind, rx in _STATEMENT_TITLE_SEARCH.items() if rx.search(block)]
    return found[0] if len(found) == 1 else ""


# Line items and ratios an analyst reads off one statement: a question about them without naming the
# statement still points at it (a weaker signal than naming it).
_STATEMENT_CONCEPTS = {
    "income": r"revenues?|net sales|total sales|gross (?:margin|profit)|operating (?:margin|income|profit)|"
              r"ebitd?a?|net (?:income|earnings|profit|loss)|earnings per share|\beps\b|cost of (?:goods sold|sales|"
              r"revenues?)|\bcogs\b|sg&a|selling, general|research and development|interest expense|"
              r"income tax expense|profit margin",
    "balance": r"total assets|total liabilities|(?:share|stock)holders[’']? equity|working capital|quick ratio|"
               r"current ratio|current (?:assets|liabilities)|inventor(?:y|ies)|accounts (?:payable|receivable)|"
               r"cash and cash equivalents|book value|debt[- ]to[- ]equity|goodwill|net pp&e|"
               r"property,? plant,? and equipment",
    "cash_flow": r"capex|capital expenditures?|cash (?:flow )?from operations|operating cash flows?|"
                 r"free cash flow|cash provided by operating|dividends paid|repurchases? of (?:common )?stock|"
                 r"share repurchases?|buybacks?|purchases? of property",
}
_STATEMENT_CONCEPTS_RE = {k: re.compile(v, re.I) for k, v in _STATEMENT_CONCEPTS.items()}


def query_statement_scores(query: str) -> dict[str, float]:
    """Statements a question names (1.0) or implies through the line items it asks about (0.5)."""
    named = query_statements(query)
    if named:
        return {kind: 1.0 for kind in named}
    return {kind: 0.5 for kind, rx in _STATEMENT_CONCEPTS_RE.items() if rx.search(query)}


_QUESTION_WORDS = {"what", "which", "who", "whom", "when", "where", "why", "how", "does", "did", "do", "is", "are",
                   "was", "were", "has", "have", "had", "can", "could", "should", "would", "will", "based", "basing",
                   "give", "answer", "round", "calculate", "using", "from", "for", "in", "of", "by", "if", "among",
                   "according", "roughly", "please", "assume", "consider", "compare", "list", "name", "describe",
                   "explain", "identify", "provide", "show", "tell", "find", "yes", "no", "fiscal", "year", "quarter",
                   "total", "net", "income", "revenue", "cash", "statement", "balance", "sheet", "usd", "million",
                   "millions", "billion", "billions", "thousands", "percent", "ratio", "margin", "days", "adjusted",
                   "non", "gaap", "ebitda", "ebit", "ebitdar", "real", "capex", "inventory"}
_TICKER_WORDS = {"all", "are", "big", "can", "car", "cat", "eat", "fun", "has", "key", "low", "man", "net", "new",
                 "now", "one", "out", "run", "see", "two", "who", "win", "good", "life", "true", "tech", "well",
                 "love", "fast", "cash", "earn", "bank", "real", "ford", "next", "open", "safe", "best"}
_GENERIC_FIRST_WORDS = {"american", "general", "united", "first", "national", "international", "global", "new",
                        "the", "bank", "financial", "my", "how", "what", "moneta"}


def document_match_scores(query: str, docs: list[dict[str, Any]]) -> dict[int, float]:
    """0..1 per document: does the question name this document's company (required), year, type, quarter?"""
    # "AMCOR's" / "Amcor’s" must match "amcor": drop possessives and apostrophes before matching.
    lowered = re.sub(r"['’]s\b|['’]", "", query.lower())
    spaced = " " + " ".join(re.findall(r"[a-z0-9&]+", lowered)) + " "
    # Runs of 1-4 consecutive words glued together ("mgm resorts" → "mgmresorts"): a squashed name must
    # equal one, not merely occur inside the question ("nternational" is inside "international").
    tokens = re.findall(r"[a-z0-9]+", lowered)
    grams = {"".join(tokens[i:i + n]) for n in range(1, 5) for i in range(len(tokens) - n + 1)}
    qid = query_identity(query)
    aliases = _company_aliases(docs)
    # Capitalised words of the question that may start a squashed name ("MGM" → "mgmresorts").
    proper = {w.lower() for w in re.findall(r"\b[A-Z][A-Za-z&]{2,}\b", query)} - _GENERIC_FIRST_WORDS - _QUESTION_WORDS
    scores: dict[int, float] = {}
    for doc in docs:
        ident = {**(doc.get("identity") or {}), **aliases.get(doc["id"], {})}
        name_score = 0.0
        for name in ident.get("names") or []:
            if len(name) >= 3 and f" {name} " in spaced:
                name_score = 1.0
                break
            if len(name) >= 6 and name.replace(" ", "") in grams:
                name_score = 1.0
                break
            first = name.split(" ")[0]
            if " " in name and len(first) >= 3 and first not in _GENERIC_FIRST_WORDS and f" {first} " in spaced:
                name_score = max(name_score, 0.7)
            if " " not in name and len(name) >= 6 and any(name.startswith(w) for w in proper):
                name_score = max(name_score, 0.7)
        for ticker in ident.get("tickers") or []:
            # "JPM", "JnJ" for JNJ; a ticker that is also a word ("ALL", "KEY") or of 1-2 letters ("BA")
            # only counts in capitals.
            if re.search(rf"(?<![A-Za-z0-9]){re.escape(ticker)}(?![A-Za-z0-9])", query) or (
                    len(ticker) >= 3 and ticker.lower() not in _TICKER_WORDS and f" {ticker.lower()} " in spaced):
                name_score = 1.0
        if not name_score:
            continue
        fy = ident.get("fiscal_year")
        year_score = 0.0
        if qid["years"] and fy:
            if fy in qid["years"]:
                year_score = 1.0
            elif (fy - 1) in qid["years"] or (fy - 2) in qid["years"]:
                year_score = 0.4  # a later filing restates the prior years
        type_score = 1.0 if qid["doc_type"] and qid["doc_type"] == ident.get("doc_type") else 0.0
        if not qid["doc_type"] and not qid["quarter"] and qid["years"] and ident.get("doc_type") == "10-K":
            type_score = 0.5  # a question about a fiscal year, nothing else said: the annual report first
        quarter_score = 1.0 if qid["quarter"] and qid["quarter"] == ident.get("quarter") else 0.0
        scores[doc["id"]] = round(0.55 * name_score + 0.3 * year_score + 0.1 * type_score + 0.05 * quarter_score, 4)
    return scores


def _company_aliases(docs: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Documents of one company rarely all say the same about themselves (an earnings release has no
    cover page; the 10-K lists the ticker). Documents sharing a squashed name (file name or registrant,
    e.g. "mgmresorts") pool their names and tickers."""
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    owner: dict[str, int] = {}
    for doc in docs:
        for name in (doc.get("identity") or {}).get("names") or []:
            key = name.replace(" ", "")
            if len(key) < 5 or re.search(r"\d", key):
                continue
            if key in owner:
                parent[find(doc["id"])] = find(owner[key])
            else:
                owner[key] = doc["id"]
    groups: dict[int, dict[str, Any]] = {}
    for doc in docs:
        ident = doc.get("identity") or {}
        g = groups.setdefault(find(doc["id"]), {"names": [], "tickers": []})
        g["names"] += [n for n in ident.get("names") or [] if n not in g["names"]]
        g["tickers"] += [t for t in ident.get("tickers") or [] if t not in g["tickers"]]
    return {doc["id"]: groups[find(doc["id"])] for doc in docs}
