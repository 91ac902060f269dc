"""Text helpers shared by parsers and query understanding."""
from __future__ import annotations

import unicodedata


def strip_accents(text: str) -> str:
    """"Phở Đà Nẵng" → "Pho Da Nang": combining marks dropped after NFKD; đ/Đ (a letter of its own, not an
    accent) mapped to d/D."""
    text = text.replace("đ", "d").replace("Đ", "D")
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def decode_first(content: bytes, encodings: tuple[str, ...] = ("utf-8-sig", "cp1252")) -> str | None:
    """`content` decoded with the first of `encodings` that accepts it (None when none does). UTF-8 first, then
    Windows-1252, the encoding of most files that are not UTF-8."""
    for encoding in encodings:
        try:
            return content.decode(encoding)
        except UnicodeDecodeError:
            continue
    return None
