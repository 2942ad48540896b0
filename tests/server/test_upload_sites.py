"""The room's replayer opening other sites' hand histories (upload.replay_upload,
and the page's file picker reading UTF-16 and cp1252 files)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, expect

from pokerdealer.server.upload import replay_upload

SITES = Path(__file__).resolve().parents[1] / "history" / "data" / "sites"
BOVADA = SITES / "bovada" / "poker-apprentice__bovada.txt"
GG = SITES / "ggpoker" / "hhsmithy__GGPoker__CashGame__HandActionTests__BetAndMuck.txt"


def test_a_bovada_file_opens_at_its_first_hand_with_every_players_cards_shown_down():
    out = replay_upload(BOVADA.read_text(encoding="utf-8"))
    assert out["number"] == 4290322948 and out["hands"] >= 17
    shown = {o["name"]: o["cards"] for o in out["summary"]["order"] if o["cards"]}
    assert shown["UTG"] == ["9s", "Ks"]


def test_a_hand_that_cannot_be_read_does_not_refuse_the_upload():
    text = GG.read_text(encoding="utf-8-sig")
    cut = text[: text.index("*** SUMMARY ***")]  # the first hand stops before its summary
    out = replay_upload(cut + "\n\n" + text)
    assert out["number"] == 52198761 and out["hands"] == 1


def test_the_replayer_reads_a_utf16_file_of_a_site(browser: Browser, server) -> None:  # noqa: ANN001
    upload = Path(server.db).parent / "gg.txt"
    upload.write_bytes(GG.read_text(encoding="utf-8-sig").encode("utf-16"))
    page = browser.new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{server.base}/replay")
        page.set_input_files("#upload", str(upload))
        expect(page.locator("#rp-title")).to_contain_text("NLHGold2 · hand #52198761")
        assert not errors, errors
    finally:
        page.context.close()
