"""Offline OCR for scanned pages: RapidOCR (PaddleOCR's PP-OCRv4 detection + recognition models as ONNX),
which ships its models inside the `rapidocr-onnxruntime` wheel and runs on the CPU through onnxruntime — no
download at run time, no GPU.

The recognition model shipped with the wheel is the Chinese/English one; on Latin text it reads letters and
digits well but drops the spaces between words ("TESCOSTORES3217LONDON"). So each detected text line is cut
into words where the image has a blank gap wider than a fraction of the line's ink height (a word space is
about a third of an em, the gap between letters a tenth) and the words are recognised separately and joined
with spaces. Text lines (not words) are returned with their box, so callers can rebuild columns.

Only pages without a text layer are OCR'd (see `parsers.pdf_page_parse`); pages with text are never sent here.
"""
from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from typing import Protocol, TypeVar

import numpy as np

# Pages are rendered at 144 dpi (scale 2): 10-point statement text is then ~20 px high, which the
# recognition model (48 px input) reads reliably, while detection stays around a second per page.
RENDER_SCALE = 2.0
MIN_WORD_SCORE = 0.3
ENGINE_NAME = "rapidocr-onnxruntime (PP-OCRv4)"

_NUMBER = re.compile(r"[\d.,/:\-]+")
_engine = None
_engine_lock = threading.Lock()


@dataclass(frozen=True, slots=True)
class OcrLine:
    """One detected text line in page pixels (origin top-left) with the recogniser's confidence (0..1)."""
    text: str
    x0: float
    y0: float
    x1: float
    y1: float
    confidence: float


@dataclass
class OcrResult:
    lines: list[OcrLine]
    scale: float = RENDER_SCALE

    @property
    def confidence(self) -> float:
        """Mean confidence over the page's characters (a long line counts more than a stray mark)."""
        weights = [max(len(line.text), 1) for line in self.lines]
        if not weights:
            return 0.0
        return float(sum(w * line.confidence for w, line in zip(weights, self.lines)) / sum(weights))

    @property
    def text(self) -> str:
        """Lines in reading order; cells of one visual row (same baseline) joined by spaces."""
        return "\n".join(" ".join(line.text for line in row) for row in lines_in_rows(self.lines))


class _Box(Protocol):
    x0: float
    y0: float
    y1: float


Box = TypeVar("Box", bound=_Box)


def lines_in_rows(lines: list[Box]) -> list[list[Box]]:
    """Group text lines (or any boxes: the statement reader's text-layer cells) whose vertical centres are within
    half a line height: one visual row each, left to right. Table cells are detected as separate lines; this puts
    a statement row back together."""
    rows: list[list[Box]] = []
    for line in sorted(lines, key=lambda ln: ((ln.y0 + ln.y1) / 2, ln.x0)):
        centre = (line.y0 + line.y1) / 2
        if rows:
            last = rows[-1]
            last_centre = sum((ln.y0 + ln.y1) / 2 for ln in last) / len(last)
            height = max(max(ln.y1 - ln.y0 for ln in last), line.y1 - line.y0)
            if abs(centre - last_centre) <= height / 2:
                last.append(line)
                continue
        rows.append([line])
    return [sorted(row, key=lambda ln: ln.x0) for row in rows]


def ocr_engine():
    """The RapidOCR engine, loaded once per process (~0.5 s) and shared; onnxruntime sessions are thread-safe
    for inference, the lazy load is guarded."""
    global _engine
    if _engine is None:
        with _engine_lock:
            if _engine is None:
                from rapidocr_onnxruntime import RapidOCR  # lazy: loads onnxruntime, only for scans

                _engine = RapidOCR(use_cls=False, print_verbose=False)
    return _engine


def _word_slices(crop: np.ndarray) -> list[tuple[int, int]]:
    """Column ranges of the words in a text-line crop, split at blank gaps wider than a word space."""
    gray = crop.mean(axis=2) if crop.ndim == 3 else crop
    lo, hi = float(gray.min()), float(gray.max())
    if hi - lo < 40:  # no contrast: nothing to split
        return [(0, crop.shape[1])]
    ink = gray < (lo + hi) / 2
    rows = np.flatnonzero(ink.any(axis=1))
    columns = ink.any(axis=0)
    if not rows.size:
        return [(0, crop.shape[1])]
    # Height from the top of the ink to the baseline (the median lowest ink pixel of the columns), so that
    # descenders (g, p, y) do not inflate the estimate of the font size.
    lowest = ink.shape[0] - 1 - np.argmax(ink[::-1, columns], axis=0)
    baseline = float(np.median(lowest))
    ink_height = max(baseline - rows[0] + 1, 1.0)
    # Capitals and digits are ~0.72 em high. A word space leaves >= 0.36 em of blank (0.28 em space plus the
    # letters' side bearings); the widest gap inside a word is after a "1" (~0.23 em; a number split there is
    # joined again after recognition).
    em = ink_height / 0.72
    min_gap = max(3, int(round(0.26 * em)))
    words, start, blank = [], None, 0
    for x, has_ink in enumerate(columns):
        if has_ink:
            if start is None:
                start = x
            elif blank >= min_gap:
                words.append((start, x - blank))
                start = x
            blank = 0
        elif start is not None:
            blank += 1
    if start is not None:
        words.append((start, len(columns) - blank))
    return words or [(0, crop.shape[1])]


def ocr_image(image) -> OcrResult:
    """OCR a page image (PIL image or RGB array). Returns the text lines with boxes and confidences."""
    engine = ocr_engine()
    array = np.asarray(image.convert("RGB") if hasattr(image, "convert") else image)
    # RapidOCR's models expect BGR (OpenCV order).
    array = np.ascontiguousarray(array[:, :, ::-1])
    boxes, _elapsed = engine.auto_text_det(array)
    if boxes is None or len(boxes) == 0:
        return OcrResult(lines=[])
    crops = engine.get_crop_img_list(array, boxes)
    words: list[np.ndarray] = []
    owners: list[int] = []
    pad = 4
    for i, crop in enumerate(crops):
        for a, b in _word_slices(crop):
            a, b = max(0, a - pad), min(crop.shape[1], b + pad)
            words.append(np.ascontiguousarray(crop[:, a:b]))
            owners.append(i)
    recognised, _elapsed = engine.text_rec(words)
    texts: dict[int, list[tuple[str, float]]] = {}
    for owner, (text, score) in zip(owners, recognised):
        text = (text or "").strip()
        if not text or score < MIN_WORD_SCORE:
            continue
        parts = texts.setdefault(owner, [])
        # A word never starts with "," or "." and a number is not split by a gap: "1 ,000.00" → "1,000.00".
        if parts and (text[0] in ",." or (parts[-1][0][-1].isdigit() and text[0].isdigit()
                                          and _NUMBER.fullmatch(parts[-1][0] + text))):
            prev, prev_score = parts[-1]
            parts[-1] = (prev + text, (prev_score * len(prev) + score * len(text)) / (len(prev) + len(text)))
        else:
            parts.append((text, float(score)))
    lines = []
    for i, box in enumerate(boxes):
        parts = texts.get(i)
        if not parts:
            continue
        xs, ys = box[:, 0], box[:, 1]
        weight = sum(len(t) for t, _ in parts)
        confidence = sum(len(t) * s for t, s in parts) / weight
        lines.append(OcrLine(" ".join(t for t, _ in parts), float(xs.min()), float(ys.min()), float(xs.max()),
                             float(ys.max()), confidence))
    return OcrResult(lines=lines)


def ocr_pdf_page(page, *, scale: float = RENDER_SCALE) -> OcrResult:
    """Render a pypdfium2 page and OCR it."""
    bitmap = page.render(scale=scale)
    try:
        image = bitmap.to_pil()
    finally:
        bitmap.close()
    result = ocr_image(image)
    result.scale = scale
    return result
