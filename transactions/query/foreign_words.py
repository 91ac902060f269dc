"""The one home of words from other languages and of learner English that Moneta reads beside English and Vietnamese.

People write money questions in the English they have: a Spanish speaker says "supermercado", "comida", "renta",
"luz" for the things they pay, and "gasté" or "el mes pasado" around them; a learner says "expend", "spended",
"payed". A small bilingual lexicon reads them as the English words they translate — a dictionary of the language,
not of any question — so the rest of the grammar (categories, concepts, periods) does the work:
- category words join lexicon.CATEGORY_WORDS, concept words join lexicon.CONCEPT_WORDS (the answer still names the
  word the person used: "Groceries (supermercado)");
- verbs, question words and periods are glossed into English by `gloss` (grammar.normalise), in text that is not
  Vietnamese ("la", "con", "me" are Vietnamese words there). Spanish function words ("en", "mi", "de") are glossed
  only in a text that holds a Spanish verb or question word, never in English.
Accent-stripped lower case throughout.
"""
from __future__ import annotations

import re

from core.text import strip_accents

# everyday Spanish words → the category they usually mean
FOREIGN_CATEGORY_WORDS: dict[str, tuple[str, ...]] = {
    "Groceries": ("supermercado", "supermercados", "mercado", "despensa", "mandado", "mandados",
                  "abarrotes", "viveres", "comestibles"),
    "Dining": ("comida", "comidas", "restaurante", "restaurantes", "almuerzo", "almuerzos", "cena", "cenas",
               "desayuno", "desayunos", "comer fuera"),
    "Rent": ("renta", "alquiler", "arriendo", "vivienda"),
    "Utilities": ("servicios", "agua", "recibos"),
    "Transport": ("transporte",),
    "Health": ("salud", "medico", "medicos", "medicina", "medicinas"),
    "Shopping": ("compras", "ropa", "tienda", "tiendas"),
    "Entertainment": ("entretenimiento", "cine", "diversion"),
    "Travel": ("viaje", "viajes", "vacaciones", "hoteles"),
    "Subscriptions": ("suscripciones", "suscripcion"),
    "Income": ("ingresos",),
    "Salary": ("sueldo", "salario", "nomina"),
}
# Spanish words for the kinds of merchant lexicon.CONCEPTS knows
FOREIGN_CONCEPT_WORDS: dict[str, str] = {
    "luz": "electricity", "electricidad": "electricity", "recibo de luz": "electricity",
    "gasolina": "gas", "gasolinera": "gas", "nafta": "gas", "farmacia": "pharmacy", "gimnasio": "gym",
    "vuelo": "airline", "vuelos": "airline",
}
# everyday Spanish nouns of money and of what it goes on, glossed wherever they stand (none is an English word):
# "the extracto of my bank", "my hipoteca", "the boda of my cousin", "el verano pasado"
SPANISH_NOUNS = {
    "suscripciones": "subscriptions", "suscripcion": "subscription", "extracto bancario": "bank statement",
    "extracto": "statement", "extractos": "statements", "hipoteca": "mortgage", "inversiones": "investments",
    "inversion": "investment", "fondos de inversion": "investment funds", "fondos": "funds", "bolsa de valores":
    "stock market", "acciones": "stocks", "saldo": "balance", "cuenta bancaria": "bank account",
    "tarjeta de credito": "credit card", "tarjeta de debito": "debit card", "tarjeta": "card", "deuda": "debt",
    "deudas": "debts", "prestamo": "loan", "prestamos": "loans", "ahorros": "savings", "ahorro": "savings",
    "jubilacion": "retirement", "impuestos": "taxes", "devolucion de impuestos": "tax refund",
    "devolucion": "refund", "reembolso": "refund", "presupuesto": "budget", "presupuestos": "budgets",
    "factura": "bill", "facturas": "bills", "interes compuesto": "compound interest", "tasa de interes":
    "interest rate", "colegio": "school", "escuela": "school", "matricula": "tuition", "veterinario": "vet",
    "dentista": "dentist", "peluqueria": "hairdresser", "boda": "wedding", "regalos": "gifts", "regalo": "gift",
    "navidad": "christmas", "navidades": "christmas", "el verano pasado": "last summer", "verano pasado":
    "last summer", "el invierno pasado": "last winter", "invierno pasado": "last winter",
}  # not a season alone: "Primavera", "Verano" name restaurants
_NOUNS_RE = re.compile(r"\b(" + "|".join(sorted(map(re.escape, SPANISH_NOUNS), key=len, reverse=True)) + r")\b")
_ACCENTED = {"a": "[aá]", "e": "[eé]", "i": "[ií]", "o": "[oó]", "u": "[uúü]", "n": "[nñ]"}
# false friends: Spanish "actualmente" is "now" ("how much I have actually in my account": what is there now)
_FALSE_FRIENDS = {"actually": "now"}
_FALSE_FRIEND_RE = re.compile(r"(?i)(?:(?<=\bhave )|(?<=\bhas )|(?<=\bhad ))(actually)(?=\s+(?:in|on|at)\b)")
_NOUNS_AS_WRITTEN_RE = re.compile(r"(?<!\w)(" + "|".join("".join(_ACCENTED.get(c, re.escape(c)) for c in w)
                                                          for w in sorted(SPANISH_NOUNS, key=len, reverse=True))
                                  + r")(?!\w)", re.IGNORECASE)
# learner English: verbs of spending made regular or borrowed from a cognate
LEARNER_VERBS = {"expend": "spend", "expends": "spends", "expended": "spent", "expending": "spending",
                 "spended": "spent", "spendt": "spent", "payed": "paid", "buyed": "bought", "boughted": "bought"}
# Spanish verbs, question words and periods
SPANISH_PHRASES = {
    "cuanto": "how much", "cuantos": "how many", "cuantas": "how many", "cual": "which", "cuales": "which",
    "gaste": "spent", "gastado": "spent", "gastamos": "spent", "gastaste": "spent", "gasto": "spending",
    "gastos": "spending", "gastar": "spend", "pague": "paid", "pagado": "paid", "pagamos": "paid", "pago": "payment",
    "pagos": "payments", "compre": "bought", "he": "have",
    "el mes pasado": "last month", "este mes": "this month", "el ano pasado": "last year", "este ano": "this year",
    "la semana pasada": "last week", "esta semana": "this week", "hoy": "today", "ayer": "yesterday",
    "en total": "in total",
}
# Spanish function words, glossed only beside a Spanish word of `SPANISH_PHRASES`
SPANISH_FUNCTION = {"en": "on", "mi": "my", "mis": "my", "de": "of", "el": "the", "la": "the", "los": "the",
                    "las": "the", "y": "and", "para": "for", "con": "with", "que": "what", "yo": "i", "me": "me"}
_LEARNER_RE = re.compile(r"\b(" + "|".join(LEARNER_VERBS) + r")\b")
_SPANISH_RE = re.compile(r"\b(" + "|".join(sorted(map(re.escape, SPANISH_PHRASES), key=len, reverse=True)) + r")\b")
_SPANISH_SIGN_RE = re.compile(r"\b(?:cuant[oa]s?|gast\w*|pague|pagado|el mes pasado|este mes|el ano pasado|este ano|"
                              r"la semana pasada)\b")
_FUNCTION_RE = re.compile(r"\b(" + "|".join(SPANISH_FUNCTION) + r")\b")
# learner English from a language with one form for both degrees (Spanish "mi gasto más grande", "dónde gasto más"):
# with nothing compared in the sentence, "my bigger expense" is the biggest, "where I spend more money" the most, and
# "expensive" after such a word is the noun ("my bigger expensive": the gasto, an expense)
_COMPARED_RE = re.compile(r"\b(?:than|or|vs|versus|compared?|against|between)\b")
_EXPENSIVE_NOUN_RE = re.compile(r"\b(bigger|biggest|larger|largest|higher|highest|greater|greatest)\s+expensives?\b")
_BIGGER_RE = re.compile(r"\b(my|the|which|what|was)\s+(?:bigger|larger|higher|greater)\s+(?=(?:expenses?|purchases?|"
                        r"payments?|charges?|transactions?|bills?|spending|one|ones)\b)")
_SPEND_MORE_RE = re.compile(r"\b(spend|spent|spending|pay|paid|expend)\s+more(?=(?:\s+(?:money|cash|dollars))?\s*(?:[?.!,]|"
                            r"\b(?:in|on|at|this|last|during|the|every)\b|$))")
_ASKS_WHICH_RE = re.compile(r"\b(?:which|where|what)\b")
# "without count the rent" (Spanish "sin contar"): not counting it
_WITHOUT_COUNT_RE = re.compile(r"\bwithout (?:count|to count)\b")
# "my biggest expense …, and in which shop?": the one purchase's shop, said with it — no ranking of shops
_WHICH_SHOP_OF_ONE_RE = re.compile(r"(\bbiggest (?:expense|purchase|payment|charge)\b[^?.!]*?),?\s+and\s+(?:in|at|from)\s+"
                                   r"(?:which|what)\s+(?:shop|store|place|merchant)s?\b")


# a writer of Spanish (or of most of the world outside the US) puts the day first: "el 9/12/2025", "the 3/11" (the
# article before a numeric date is theirs, not English's "on 3/11"), or a question holding Spanish words
_ARTICLE_DATE_RE = re.compile(r"\b(?:the|el|del|al)\s+\d{1,2}/\d{1,2}(?:/\d{2,4})?(?![\d/])")
_SPANISH_WORD_RE = re.compile(r"\b(?:" + "|".join(sorted({re.escape(w) for ws in FOREIGN_CATEGORY_WORDS.values() for w in ws}
                                                        | {re.escape(w) for w in FOREIGN_CONCEPT_WORDS}
                                                        | {re.escape(w) for w in SPANISH_NOUNS}, key=len,
                                                        reverse=True)) + r")\b")
_ONE_WAY_DATE_RE = re.compile(r"(?<![\d/.$-])(?:(?:1[3-9]|2\d|3[01])/\d{1,2}|\d{1,2}/(?:1[3-9]|2\d|3[01]))(?![\d.-])")
_TWO_WAY_DATE_RE = re.compile(r"(?<![\d/.$-])(0?[1-9]|1[0-2])/(0?[1-9]|1[0-2])(?=(?:/\d{2,4})?(?![\d/]))")


def writes_day_first(text: str) -> bool:
    """Does the writer of `text` (accent-stripped, lower case) put the day first in a numeric date — a Spanish writer,
    seen by a Spanish word or the article before a date?"""
    return bool(_ARTICLE_DATE_RE.search(text) or _SPANISH_SIGN_RE.search(text) or _SPANISH_WORD_RE.search(text))


def english_nouns(question: str) -> str:
    """The question as written, with the everyday Spanish nouns of `SPANISH_NOUNS` in English ("the extracto of my
    bank" → "the statement of my bank"): what the router and the knowledge search read."""
    question = _FALSE_FRIEND_RE.sub(lambda m: _FALSE_FRIENDS[m.group(1).lower()], question)
    return _NOUNS_AS_WRITTEN_RE.sub(lambda m: SPANISH_NOUNS[strip_accents(m.group(1).lower())], question)


def gloss(text: str, vietnamese: bool) -> str:
    """`text` (accent-stripped, lower case) with learner verbs and, in a Spanish-worded question, Spanish verbs,
    question words, periods and function words in English."""
    if vietnamese:
        return text
    text = _LEARNER_RE.sub(lambda m: LEARNER_VERBS[m.group(1)], text)
    text = _one_degree(text)
    if writes_day_first(text) and not _ONE_WAY_DATE_RE.search(text):
        # "el 3/11/2025" is 3 November: swapped to the English order (same length); a date that reads one way only
        # ("to the 15/12") already sets the order of the others (periods_dates reads a range's two ends alike)
        text = _TWO_WAY_DATE_RE.sub(lambda m: f"{m.group(2)}/{m.group(1)}", text)
    text = _NOUNS_RE.sub(lambda m: SPANISH_NOUNS[m.group(1)], text)
    text = _FALSE_FRIEND_RE.sub(lambda m: _FALSE_FRIENDS[m.group(1)], text)
    if not _SPANISH_SIGN_RE.search(text):
        return text
    text = _SPANISH_RE.sub(lambda m: SPANISH_PHRASES[m.group(1)], text)
    return _FUNCTION_RE.sub(lambda m: SPANISH_FUNCTION[m.group(1)], text)


def _one_degree(text: str) -> str:
    """"my bigger expensive", "where I spend more money" read as the superlative they say, where nothing is compared."""
    text = _WITHOUT_COUNT_RE.sub("not counting", text)
    if _COMPARED_RE.search(text):
        return text
    text = _EXPENSIVE_NOUN_RE.sub("biggest expense", text)
    text = _BIGGER_RE.sub(lambda m: f"{m.group(1)} biggest ", text)
    if _ASKS_WHICH_RE.search(text):
        text = _SPEND_MORE_RE.sub(lambda m: f"{m.group(1)} the most", text)
    return _WHICH_SHOP_OF_ONE_RE.sub(r"\1", text)
