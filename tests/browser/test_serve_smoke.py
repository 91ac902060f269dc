"""Browser smoke test against `make serve`'s web process (gunicorn + uvicorn, production settings,
whitenoise): sign in, ask a question and watch the streamed answer, download my data."""
from __future__ import annotations

import zipfile

from tests.browser.conftest import login


def test_served_site_signs_in_streams_a_chat_answer_and_exports_my_data(chromium, served_site, tmp_path):
    context = chromium.new_context(base_url=served_site["url"], viewport={"width": 1280, "height": 900},
                                   accept_downloads=True)
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    failed_assets: list[str] = []
    page.on("response", lambda r: failed_assets.append(r.url) if "/static/" in r.url and r.status >= 400 else None)
    try:
        login(page, "sam", served_site["users"]["sam"])
        page.goto("/chat/")
        page.get_by_label("Your question").fill("What is an emergency fund?")
        page.get_by_role("button", name="Send").click()
        answer = page.locator("article.msg-assistant").last
        answer.wait_for(state="visible", timeout=120_000)
        assert len(answer.inner_text()) > 20

        page.get_by_role("link", name="Account").click()
        with page.expect_download() as download_info:
            page.get_by_role("link", name="Download my data (.zip)").click()
        path = tmp_path / "export.zip"
        download_info.value.save_as(path)
        names = zipfile.ZipFile(path).namelist()
        assert "conversations.csv" in names and "messages.json" in names
        assert errors == [] and failed_assets == []
    finally:
        context.close()
