"""Which place of a ranking a question asks for: a place after the first ("the second biggest", "runner-up", "came in
3rd", "number two"), the small end ("the least", "bottom 3"), the one first place ("which store got the most"), and the
biggest or smallest period ("which month was highest"). transactions.query.parse reads these over normalised text."""
from __future__ import annotations

import re

from transactions.query.periods_words import RANK_ORDINALS

ORDINAL_RE = re.compile(r"\b(?:lon|nhieu|dat|to|ton kem|ton(?: (?:nhieu )?tien)?|nhieu tien|chi nhieu) thu (hai|ba|tu|nam)\b|"
                        rf"\b({'|'.join(RANK_ORDINALS)})[\s-]+(?:biggest|largest|most|highest|top|"
                        r"priciest|costliest|greatest|lon nhat)\b|\brunner[\s-]?up\b"
                        # "which category came in 2nd", "the store that ranked third": the place after its verb
                        rf"|\b(?:came|comes|ranked|ranks|rank|placed|finished|landed|sit|sits|are|is|were|was)\s+(?:in\s+|at\s+)?(?:the\s+)?"
                        rf"({'|'.join(RANK_ORDINALS)})\b(?!\s+(?:week|day|month|year|quarter|time)s?\b)"
                        # "which merchant was number two", "the #3 category": the place said as a number
                        r"|(?:\bnumber\s+|#\s?|\bno\.?\s?)(two|three|four|five|2|3|4|5)\b(?!\s*(?:[$%,.]\d|k\b|dollars?|bucks))")
ORDINALS = {**RANK_ORDINALS, "hai": 2, "ba": 3, "tu": 4, "nam": 5, "two": 2, "three": 3, "four": 4, "five": 5, "2": 2,
            "3": 3, "4": 4, "5": 5}
RANKED_NOUN_RE = re.compile(r"\b(?:merchants?|stores?|shops?|places?|vendors?|payees?|retailers?|restaurants?|brands?)\b")
# the small end of a ranking ("the category I spent the least on", "bottom 3"): not understood, never the biggest
LEAST_RANK_RE = re.compile(r"\b(?:bottom|smallest|lowest|fewest|cheapest)\b|(?<!\bat )\bleast\b")
# a question for the one place or category that got the most ("which store got most of my money", "which category
# was biggest"): the ranking's first place
ONE_ASKED_RE = re.compile(r"\bwhich\s+(?:[\w-]+\s+){0,3}?(?:merchant|store|shop|place|vendor|retailer|restaurant|cafe|"
                          r"business|company|brand|payee|category)\b(?!s).{0,40}\b(?:most|biggest|largest|highest|top|least|smallest|lowest)\b"
                          # "tiêu nhiều nhất vào khoản nào": on which one the most
                          r"|(?<!khoan chi )(?<!giao dich )(?<!mon )\b(?:nhieu|ton|lon) nhat\b.{0,20}\b(?:khoan|loai|muc|danh muc|cua hang|noi) nao\b"
                          r"|\b(?:khoan|loai|muc|danh muc|cua hang|noi) nao\b.{0,30}\b(?:nhieu|ton|lon) nhat\b")
PEAK_PERIOD_RE = re.compile(r"\b(?:biggest|largest|highest|most expensive|priciest|costliest|worst|heaviest|busiest|"
                            r"top|cheapest|lowest|smallest|lightest)\s+(?:\d+\s+|two\s+|three\s+|five\s+)?(?:spending\s+)?"
                            r"(?:month|week|day|year|quarter)s?\b"
                            r"|\bwhich (?:month|week|day|year|quarter)\b.{0,40}\b(?:most|highest|biggest|least|lowest)\b"
                            r"|\b(?:most|highest|biggest|top)\b.{0,25}\bin (?:a|one|a single) (?:day|week|month)\b"
                            # "tháng nào tôi tiêu nhiều nhất": which month the most
                            r"|\b(?:thang|tuan|ngay|nam|quy) nao\b.{0,40}\b(?:nhieu|cao|lon|it|thap|ton) nhat\b")
