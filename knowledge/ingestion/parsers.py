"""Parse uploaded files into pages.

PDF: pypdfium2 (Apache-2.0/BSD, PDFium's C text layer) extracts every page's text in reading order with one
line per visual line, so a financial-statement row ("Cash and cash equivalents $ 5,794 $ 4,225") stays on
one line; `tables.rows_to_markdown` then turns such lines into `| cells |` rows. This is ~25x faster than
pypdf and ~100x faster than pdfplumber on the filings we measured, which is what makes the throughput target
reachable. PDFium also opens encrypted PDFs that have an empty user password and renders PNGs for
image-like pages. PyMuPDF is AGPL and therefore not used.
"""
from __future__ import annotations

import html as html_lib
import io
import re
from dataclasses import dataclass, field

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from bs4 import BeautifulSoup

from core.text import decode_first

from .ocr import ocr_pdf_page
from .tables import looks_like_table_row, rows_to_markdown

MAX_PDF_PAGES = 3000
SUPPORTED_EXTENSIONS = {".pdf": "pdf", ".md": "markdown", ".markdown": "markdown", ".txt": "text",
                        ".text": "text", ".html": "html", ".htm": "html"}


class ParseError(Exception):
    """A file Moneta cannot ingest; the message is shown to editors as the failure reason."""


@dataclass
class ParsedPage:
    number: int
    text: str
    markdown: str
    heading: str = ""
    has_tables: bool = False
    representation: str = "text"
    image: bytes | None = None
    body: str = ""  # text without running headers/footers: what facts and summaries are built from
    text_source: str = "layer"  # "ocr" when the page had no text layer and its words were read from the image
    ocr_confidence: float | None = None

    def __post_init__(self):
        if not self.body:
            self.body = self.text


@dataclass
class ParsedDocument:
    kind: str
    pages: list[ParsedPage]
    metadata: dict = field(default_factory=dict)


def kind_for_file_name(file_name: str) -> str:
    lower = file_name.lower()
    for ext, kind in SUPPORTED_EXTENSIONS.items():
        if lower.endswith(ext):
            return kind
    supported = ", ".join(sorted(SUPPORTED_EXTENSIONS))
    raise ParseError(f"{file_name}: unsupported file type (supported: {supported})")


def parse_document(*, kind: str, content: bytes, file_name: str) -> ParsedDocument:
    if not content:
        raise ParseError(f"{file_name} is empty (0 bytes)")
    if kind == "pdf":
        return parse_pdf(content, file_name=file_name)
    text = _decode(content, file_name=file_name)
    if kind == "html":
        text = html_to_markdown(text)
    if not text.strip():
        raise ParseError(f"{file_name} contains no text")
    if kind in ("markdown", "html"):
        sections = split_markdown_sections(text)
    else:
        sections = split_plain_text(text)
    pages = []
    for i, section in enumerate(sections, start=1):
        heading = _markdown_heading(section)
        pages.append(ParsedPage(number=i, text=_strip_markdown(section), markdown=section, heading=heading,
                                has_tables="|" in section and bool(re.search(r"^\s*\|.*\|\s*$", section, re.M))))
    return ParsedDocument(kind=kind, pages=pages, metadata={})


def _decode(content: bytes, *, file_name: str) -> str:
    if b"\x00" in content[:4096]:
        raise ParseError(f"{file_name} looks like a binary file, not text")
    text = decode_first(content)
    if text is not None:
        return text
    raise ParseError(f"{file_name} is not valid UTF-8 text")


# --- Markdown / text / HTML -------------------------------------------------------------------

_HEADING = re.compile(r"^(#{1,3})\s+(.+?)\s*#*\s*$", re.M)


def split_markdown_sections(text: str, *, max_chars: int = 6000) -> list[str]:
    """One page per H1/H2 section (help pages cite a section); long sections are split at paragraphs."""
    starts = [m.start() for m in re.finditer(r"^#{1,2}\s+\S", text, re.M)]
    if not starts or starts[0] != 0:
        starts = [0] + starts
    sections = [text[a:b].strip() for a, b in zip(starts, starts[1:] + [len(text)])]
    sections = [s for s in sections if s]
    # A lone H1 title followed immediately by an H2 is merged into the first section.
    if len(sections) > 1 and re.fullmatch(r"#\s+.+", sections[0].strip()):
        sections[1] = sections[0] + "\n\n" + sections[1]
        sections = sections[1:]
    out: list[str] = []
    for section in sections:
        out.extend(_split_long(section, max_chars))
    return out


def split_plain_text(text: str, *, max_chars: int = 4000) -> list[str]:
    if "\f" in text:
        parts = [p.strip() for p in text.split("\f")]
        return [p for p in parts if p] or [text]
    return _split_long(text.strip(), max_chars)


def _split_long(text: str, max_chars: int) -> list[str]:
    if len(text) <= max_chars:
        return [text]
    out, current = [], ""
    for para in re.split(r"\n\s*\n", text):
        if current and len(current) + len(para) > max_chars:
            out.append(current.strip())
            current = ""
        current += para + "\n\n"
    if current.strip():
        out.append(current.strip())
    return out


def _markdown_heading(section: str) -> str:
    m = _HEADING.search(section)
    return m.group(2).strip()[:300] if m else ""


def _strip_markdown(section: str) -> str:
    text = re.sub(r"^#{1,6}\s+", "", section, flags=re.M)
    text = re.sub(r"\*\*(.+?)\*\*|__(.+?)__", lambda m: m.group(1) or m.group(2), text)
    text = re.sub(r"`([^`]+)`", r"\1", text)
    text = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", text)
    return text.strip()


def html_to_markdown(source: str) -> str:
    """Headings → #, tables → | rows |, paragraphs and list items → lines. Scripts and styles dropped."""
    soup = BeautifulSoup(source, "lxml")
    for tag in soup(["script", "style", "noscript", "template"]):
        tag.decompose()
    for table in soup.find_all("table"):
        rows = []
        for tr in table.find_all("tr"):
            cells = [" ".join(c.get_text(" ", strip=True).split()) for c in tr.find_all(["th", "td"])]
            if any(cells):
                rows.append("| " + " | ".join(cells) + " |")
        table.replace_with(soup.new_string("\n\n" + "\n".join(rows) + "\n\n"))
    for level in range(1, 7):
        for h in soup.find_all(f"h{level}"):
            h.replace_with(soup.new_string(f"\n\n{'#' * min(level, 3)} {h.get_text(' ', strip=True)}\n\n"))
    for li in soup.find_all("li"):
        li.replace_with(soup.new_string(f"\n- {li.get_text(' ', strip=True)}\n"))
    for block in soup.find_all(["p", "div", "br", "section", "article"]):
        block.insert_after(soup.new_string("\n\n"))
    body = soup.body or soup
    text = html_lib.unescape(body.get_text())
    lines = [" ".join(line.split()) if not line.lstrip().startswith("|") else line.strip()
             for line in text.splitlines()]
    text = "\n".join(lines)
    return re.sub(r"\n{3,}", "\n\n", text).strip()


# --- PDF ----------------------------------------------------------------------------------------

def pdf_open(content: bytes, *, file_name: str):
    if not content.lstrip()[:5].startswith(b"%PDF"):
        raise ParseError(f"{file_name} is not a PDF (the file does not start with %PDF)")
    try:
        return pdfium.PdfDocument(content)
    except pdfium.PdfiumError as exc:
        message = str(exc).lower()
        if "password" in message:
            raise ParseError(f"{file_name} is password-protected; upload an unlocked copy") from exc
        raise ParseError(f"{file_name} is damaged or not a readable PDF ({exc})") from exc


def pdf_metadata(pdf) -> dict:
    try:
        raw = pdf.get_metadata_dict(skip_empty=True)
    except Exception:  # metadata is optional; a broken info dict must not fail ingestion
        raw = {}
    return {k.lower(): str(v)[:300] for k, v in raw.items() if k in ("Title", "Author", "Subject", "Keywords")}


def parse_pdf(content: bytes, *, file_name: str, render_images: bool = True) -> ParsedDocument:
    pdf = pdf_open(content, file_name=file_name)
    try:
        n = len(pdf)
        if n == 0:
            raise ParseError(f"{file_name} has no pages")
        if n > MAX_PDF_PAGES:
            raise ParseError(f"{file_name} has {n} pages; the limit is {MAX_PDF_PAGES}")
        pages = [pdf_page_parse(pdf, i, render_images=render_images) for i in range(n)]
        metadata = pdf_metadata(pdf)
    finally:
        pdf.close()
    ocr_pages = [p.number for p in pages if p.text_source == "ocr"]
    if ocr_pages:
        metadata["ocr_pages"] = ocr_pages
    if not any(p.text.strip() for p in pages):
        raise ParseError(f"{file_name}: no text could be extracted from any of its {n} pages, not even by OCR; it "
                         "looks like a scanned document without legible text (or only drawings)")
    strip_running_lines(pages)
    return ParsedDocument(kind="pdf", pages=pages, metadata=metadata)


def strip_running_lines(pages: list[ParsedPage], *, edge: int = 3) -> None:
    """Drop running headers/footers ("Table of Contents", "ACME INC. AND SUBSIDIARIES", page numbers) from
    the text facts are built from: lines within `edge` lines of a page's top or bottom that recur on at
    least 30% of pages (min. 4). The page's own text keeps them for citations."""
    if len(pages) < 4:
        return
    counts: dict[str, int] = {}
    for page in pages:
        lines = page.text.splitlines()
        for line in set(lines[:edge] + lines[-edge:]):
            key = re.sub(r"\d+", "#", line.strip().lower())
            counts[key] = counts.get(key, 0) + 1
    threshold = max(4, int(0.3 * len(pages)))
    running = {k for k, c in counts.items() if c >= threshold}
    if not running:
        return
    for page in pages:
        lines = page.text.splitlines()
        keep = []
        for i, line in enumerate(lines):
            near_edge = i < edge or i >= len(lines) - edge
            if near_edge and re.sub(r"\d+", "#", line.strip().lower()) in running:
                continue
            keep.append(line)
        page.body = "\n".join(keep)
        heading = page_heading(keep)
        if heading:
            page.heading = heading


_IMAGE_TEXT_CHARS = 200
# A page with less text than this in its layer (a scanner's stamp, a page number) and a picture on it is a scan.
_NO_TEXT_LAYER_CHARS = 20


def pdf_page_parse(pdf, index: int, *, render_images: bool = True, ocr: bool = True) -> ParsedPage:
    page = pdf[index]
    try:
        textpage = page.get_textpage()
        try:
            raw = textpage.get_text_range()
        finally:
            textpage.close()
        text = _clean_pdf_text(raw)
        representation, image = "text", None
        text_source, ocr_confidence = "layer", None
        if len(text) < _IMAGE_TEXT_CHARS and page_has_graphics(page):
            # Meaning is in the layout (scan, chart, slide): keep a PNG for citations.
            representation = "image"
            if ocr and len(text) < _NO_TEXT_LAYER_CHARS and page_has_image(page):
                result = ocr_pdf_page(page)
                if result.lines:
                    text, text_source, ocr_confidence = result.text, "ocr", round(result.confidence, 4)
            if render_images:
                image = _render_png(page)
        lines = text.splitlines()
        markdown, has_tables = rows_to_markdown(lines)
        return ParsedPage(number=index + 1, text=text, markdown=markdown, heading=page_heading(lines),
                          has_tables=has_tables, representation=representation, image=image,
                          text_source=text_source, ocr_confidence=ocr_confidence)
    finally:
        page.close()


def page_has_image(page) -> bool:
    """A raster image on the page (a scan), as opposed to vector drawings only."""
    return any(obj.type == pdfium_c.FPDF_PAGEOBJ_IMAGE for obj in page.get_objects(max_depth=2))


def _clean_pdf_text(raw: str) -> str:
    text = raw.replace("\r\n", "\n").replace("\r", "\n").replace("\ufffe", "").replace("\x02", "-")
    text = text.replace("\u00a0", " ")
    lines = [" ".join(line.split()) for line in text.split("\n")]
    return "\n".join(line for line in lines if line)


def page_has_graphics(page) -> bool:
    """Whether a page draws images or shapes (a scan or a rendered statement) rather than only text; used by the
    document parser and by the statement reader to decide when a page needs OCR."""
    count = 0
    for obj in page.get_objects(max_depth=1):
        if obj.type == pdfium_c.FPDF_PAGEOBJ_IMAGE:
            return True
        if obj.type == pdfium_c.FPDF_PAGEOBJ_PATH:
            count += 1
            if count >= 30:
                return True
    return False


def _render_png(page, *, scale: float = 1.4) -> bytes:
    bitmap = page.render(scale=scale)
    try:
        image = bitmap.to_pil()
        buf = io.BytesIO()
        image.save(buf, format="PNG", optimize=False)
        return buf.getvalue()
    finally:
        bitmap.close()


def pdf_page_png(content: bytes, number: int, *, scale: float = 1.4) -> bytes:
    pdf = pdf_open(content, file_name="document")
    try:
        if not 1 <= number <= len(pdf):
            raise ParseError(f"page {number} does not exist")
        page = pdf[number - 1]
        try:
            return _render_png(page, scale=scale)
        finally:
            page.close()
    finally:
        pdf.close()


_BOILERPLATE = re.compile(r"^(table of contents|index|page \d+|\d+|[ivxlc]+|-?\s*\d+\s*-?)$", re.I)


def page_heading(lines: list[str]) -> str:
    """The page's title: upper-case / title lines near the top (e.g. 'CONSOLIDATED BALANCE SHEETS')."""
    picked: list[str] = []
    for line in lines[:8]:
        stripped = line.strip()
        if not stripped or _BOILERPLATE.match(stripped) or len(stripped) > 100:
            continue
        if looks_like_table_row(stripped):
            break
        letters = [c for c in stripped if c.isalpha()]
        if len(letters) >= 4 and sum(c.isupper() for c in letters) / len(letters) > 0.8:
            picked.append(stripped)
            if len(picked) == 2:
                break
        elif picked:
            break
    if picked:
        return " — ".join(picked)[:300]
    for line in lines[:4]:
        stripped = line.strip()
        if 4 <= len(stripped) <= 80 and not stripped.endswith(".") and not _BOILERPLATE.match(stripped) \
                and not looks_like_table_row(stripped):
            return stripped
    return ""
