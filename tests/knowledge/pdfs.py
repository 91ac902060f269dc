"""Tiny PDFs for the knowledge tests: lines and table cells on pages (written by tests/pdfs.py)."""
from __future__ import annotations

import io

from tests.pdfs import pdf_bytes, pdf_escape


def make_pdf(pages: list[list], *, graphics_only: bool = False) -> bytes:
    """Each page is a list of lines; a line is a str or a list of cells drawn at separate x positions."""
    page_ops = []
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
                ops.append(f"BT /F1 10 Tf {x} {y} Td ({pdf_escape(cell)}) Tj ET")
            y -= 14
        page_ops.append(ops)
    return pdf_bytes(page_ops)


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
