"""Tiny PDFs built byte by byte for tests (no fixture files, no reportlab)."""
from __future__ import annotations

import io


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def make_pdf(pages: list[list], *, graphics_only: bool = False) -> bytes:
    """Each page is a list of lines; a line is a str or a list of cells drawn at separate x positions."""
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog = add(b"")  # placeholder, filled below
    pages_obj = add(b"")
    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    kids = []
    for lines in pages:
        ops = []
        if graphics_only:
            for i in range(40):
                ops.append(f"{50 + (i % 8) * 60} {100 + (i // 8) * 120} 50 100 re f")
        y = 760
        for line in lines:
            cells = line if isinstance(line, list) else [line]
            for j, cell in enumerate(cells):
                x = 56 if j == 0 else 330 + (j - 1) * 90
                ops.append(f"BT /F1 10 Tf {x} {y} Td ({_escape(cell)}) Tj ET")
            y -= 14
        stream = "\n".join(ops).encode("latin-1")
        content = add(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
        kids.append(add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 %d 0 R >> >> "
                        b"/Contents %d 0 R >>" % (pages_obj, font, content)))
    objects[catalog - 1] = b"<< /Type /Catalog /Pages %d 0 R >>" % pages_obj
    objects[pages_obj - 1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % k for k in kids), len(kids))
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % i + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for off in offsets:
        out.write(b"%010d 00000 n \n" % off)
    out.write(b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, catalog, xref))
    return out.getvalue()


def encrypt_pdf(content: bytes, *, user_password: str = "", owner_password: str = "owner-secret") -> bytes:
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(content)))
    writer.encrypt(user_password=user_password, owner_password=owner_password, algorithm="AES-128")
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


ANNUAL_REPORT_PAGES = [
    [
        "UNITED STATES SECURITIES AND EXCHANGE COMMISSION",
        "FORM 10-K",
        "For the fiscal year ended December 31, 2021",
        "ACME ROCKETS, INC.",
        "(Exact name of registrant as specified in its charter)",
        "Acme Rockets designs and sells reusable rockets for small satellite launches.",
    ],
    [
        "CONSOLIDATED STATEMENTS OF OPERATIONS",
        "(In millions)",
        ["Year ended December 31,", "2021", "2020"],
        ["Launch revenue", "$ 1,250", "$ 980"],
        ["Cost of launches", "700", "610"],
        ["Research and development", "210", "190"],
        ["Operating income", "340", "180"],
        ["Net income", "$ 255", "$ 131"],
    ],
    [
        "RISK FACTORS",
        "Our launch schedule depends on weather and regulatory approvals. A failed launch could harm our",
        "reputation and delay revenue. We insure each payload, but insurance may not cover every loss.",
        "The company had 1,420 employees at year end and operates two launch sites in Nevada.",
    ],
]
