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


def gloss(text: str, vietnamese: bool) -> str:
    """`text` (accent-stripped, lower case) with learner verbs and, in a Spanish-worded question, Spanish verbs,
    question words, periods and function words in English."""
    if vietnamese:
        return text
    text = _LEARNER_RE.sub(lambda m: LEARNER_VERBS[m.group(1)], text)
    text = _one_degree(text)
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
