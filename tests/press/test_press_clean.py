"""The anonymising pieces on their own: aliases, text clean-up, strict HTML, images."""

from __future__ import annotations

import io
from email.message import EmailMessage

import pytest
from client_replies import STYLES, outlook_html, reply
from PIL import Image

from arbitro.config import parse_config
from arbitro.mail.mime.letters import letter_text
from arbitro.mail.mime.relayable import extract
from arbitro.mail.mime.visible_html import visible_text
from arbitro.press import aliases, clean
from arbitro.press.clean import clean_body, clean_subject, identity_needles
from arbitro.variants import load_board

BOARD = load_board("standard")


def relayed(text: str, needles: tuple[str, ...]) -> str:
    """The body as the relay sends it: the mail layer keeps the new text, the press scrubs."""
    return clean_body(letter_text(text), needles)


NEEDLES = identity_needles(["Mario Rossi"], ["mario.rossi78@studio-rossi.it"], ["Anna Bianchi"])


@pytest.mark.parametrize(("alias", "power"), [
    ("francia", "FRANCE"), ("france", "FRANCE"), ("FRA", "FRANCE"), ("Inghilterra", "ENGLAND"),
    ("turkey", "TURKEY"), ("tutti", aliases.BROADCAST), ("all", aliases.BROADCAST),
    ("anonimo", aliases.ANONYMOUS), ("spagna", None),
])
def test_aliases_resolve_in_italian_and_english(alias: str, power: str | None) -> None:
    assert aliases.resolve(BOARD, alias) == power


def test_alias_addresses_follow_the_alias_language() -> None:
    assert aliases.address_of("arbitro@x.org", "+", "g1", BOARD, "GERMANY", "it") == \
        "arbitro+g1-germania@x.org"
    assert aliases.address_of("arbitro@x.org", "+", "g1", BOARD, "GERMANY", "en") == \
        "arbitro+g1-germany@x.org"
    assert aliases.address_of("arbitro@x.org", "+", "g1", BOARD, aliases.BROADCAST, "it") == \
        "arbitro+g1-tutti@x.org"
    assert aliases.slug("Ottoman Empire") == "ottoman_empire"


def test_signature_quotes_and_phone_lines_go() -> None:
    text = (
        "Ciao Germania,\nattacchiamo insieme?\n\n"
        "Il giorno lun 3 mar 2025 alle 10:00 Anna Bianchi <\nanna@b.it> ha scritto:\n"
        "> testo vecchio con anna@b.it\n"
        "risposta in linea\n"
        "Inviato da iPhone\n"
        "-- \nMario Rossi\nTel. 333 1234567\nmario.rossi78@studio-rossi.it\n"
    )
    out = relayed(text, NEEDLES)
    assert out == "Ciao Germania,\nattacchiamo insieme?\n\nrisposta in linea"


def test_outlook_history_and_forward_markers_cut_the_rest() -> None:
    text = "Va bene.\n\nFrom: Anna Bianchi\nSent: Monday\nTo: someone\nSubject: x\n\nold text"
    assert relayed(text, NEEDLES) == "Va bene."
    text = "Ok!\n-----Original Message-----\nFrom: x@y.it\nbla"
    assert relayed(text, NEEDLES) == "Ok!"
    assert relayed("Sì.\nSent from my Galaxy\n", NEEDLES) == "Sì."


@pytest.mark.parametrize("style", STYLES)
def test_every_client_reply_style_keeps_only_the_new_text(style: str) -> None:
    new = "Caro Zar,\nproponiamo un'alleanza contro la Turchia.\nIl Kaiser"
    old = "Ordini:\nA Mos - Ukr\nSegreto: attacco la Germania\nMario Rossi"
    assert relayed(reply(style, new, old), NEEDLES) == new


def test_an_outlook_html_reply_keeps_only_the_new_text() -> None:
    body = outlook_html(["Alleanza?"], ["Segreto: attacco la Germania"])
    assert relayed(visible_text(body), NEEDLES) == "Alleanza?"


def test_the_press_has_no_copy_of_the_history_patterns() -> None:
    # one routine (mail.history.line_kinds) says what a reply carries, for orders and press
    assert not any(hasattr(clean, name) for name in ("_DEVICE", "_FORWARD", "_REPLY_END", "_outlook_block",
                                                 "line_kinds", "cut_history"))


def test_addresses_names_local_parts_and_hosts_are_scrubbed() -> None:
    text = ("Sono Mario, scrivimi a m\u200bario.rossi78@studio-rossi.it o a "
            "ｍａｒｉｏ＠ｅｘａｍｐｌｅ.ｉｔ; il mio sito è studio-rossi.it; "
            "salutami Anna Bianchi. mario.rossi78 ROSSI")
    out = relayed(text, NEEDLES)
    for needle in ("mario", "rossi", "studio-rossi", "@", "anna bianchi"):
        assert needle not in out.lower()
    assert "Sono [rimosso], scrivimi" in out


def test_a_name_inside_a_longer_word_stays() -> None:
    needles = identity_needles(["Ugo Mari"], ["ugo@mari.it"])
    assert relayed("Le marine del Mariano, Mari!", needles) == "Le marine del Mariano, [rimosso]!"


def test_subject_injection_and_names_are_cleaned() -> None:
    subject = "Re: Fwd: Proposta\r\nBcc: victim@evil.example\r\n\r\nMario Rossi"
    out = clean_subject(subject, NEEDLES)
    assert "\n" not in out and "\r" not in out
    assert "victim@" not in out and "Mario" not in out
    assert out.startswith("Proposta")


def test_hidden_html_is_dropped() -> None:
    html = (
        "<html><head><title>Mario Rossi</title><style>p{}</style></head><body>"
        "<p>Ciao <b>Germania</b></p>"
        "<div style='display:none'>mario.rossi78@studio-rossi.it</div>"
        "<span style='font-size:0px'>segreto1</span><span style='opacity:0'>segreto2</span>"
        "<p hidden>segreto3</p><!-- segreto4 --><div class='gmail_signature'>Mario</div>"
        "<div style='visibility: hidden'>segreto5<p>dentro</p></div>"
        "<blockquote type='cite'>vecchio</blockquote><p>Fine <a href='mailto:x@y.it'>qui</a></p>"
        "<script>segreto6</script><img src='http://studio-rossi.it/track.gif'>"
        "</body></html>"
    )
    text = visible_text(html)
    assert text.split() == ["Ciao", "Germania", "Fine", "qui"]


def test_an_unclosed_hidden_block_hides_the_rest() -> None:
    assert visible_text("<p>uno</p><div style='display:none'>due<p>tre") == "uno"


def _png_with_metadata() -> bytes:
    from PIL import PngImagePlugin

    info = PngImagePlugin.PngInfo()
    info.add_text("Author", "Mario Rossi mario.rossi78@studio-rossi.it")
    out = io.BytesIO()
    Image.new("RGB", (8, 8), (200, 10, 10)).save(out, format="PNG", pnginfo=info)
    return out.getvalue()


def _jpeg_with_exif() -> bytes:
    img = Image.new("RGB", (8, 8), (10, 200, 10))
    exif = img.getexif()
    exif[0x013B] = "Mario Rossi"  # Artist
    out = io.BytesIO()
    img.save(out, format="JPEG", exif=exif.tobytes())
    return out.getvalue()


@pytest.mark.parametrize("allowed", [True, False])
def test_images_are_redrawn_without_metadata_or_dropped(allowed: bool) -> None:
    m = EmailMessage()
    m["From"] = "x@y.it"
    m.set_content("Guarda la mappa")
    m.add_attachment(_png_with_metadata(), maintype="image", subtype="png",
                     filename="Mario Rossi mappa.png")
    m.add_attachment(_jpeg_with_exif(), maintype="image", subtype="jpeg", filename="foto.jpg")
    m.add_attachment(b"%PDF-1.4 Mario", maintype="application", subtype="pdf", filename="a.pdf")
    content = extract(bytes(m), images=allowed)
    assert content.text.strip() == "Guarda la mappa"
    if not allowed:
        assert content.images == () and content.dropped == 3
        return
    assert [i.content_type for i in content.images] == ["image/jpeg", "image/jpeg"]
    assert content.dropped == 1
    for image in content.images:
        assert b"Mario" not in image.data and b"studio-rossi" not in image.data
        assert Image.open(io.BytesIO(image.data)).size == (8, 8)


def test_a_forwarded_message_is_never_opened() -> None:
    inner = EmailMessage()
    inner["From"] = "Mario Rossi <mario.rossi78@studio-rossi.it>"
    inner.set_content("vecchia mail")
    m = EmailMessage()
    m.set_content("Vedi sotto")
    m.add_attachment(inner)
    content = extract(bytes(m), images=True)
    assert content.text.strip() == "Vedi sotto" and content.dropped == 1


def _config(**options: object) -> object:
    game = {"id": "g", "gm_address": "gm@x.org", "gm_password": "s", **options}
    return parse_config({"server": {"database_url": "sqlite://", "referee_address": "a@x.org"},
                         "game": [game]}, __import__("pathlib").Path("/tmp/x.toml"))


def test_press_options_have_defaults_and_are_checked() -> None:
    from datetime import timedelta

    from arbitro.config import ConfigError

    opts = _config().games[0].press_options  # type: ignore[attr-defined]
    assert (opts.in_retreats, opts.images, opts.delay, opts.publish_at_end) == \
        (True, False, timedelta(0), False)
    opts = _config(press_delay="90m", press_in_retreats=False, press_aliases="en") \
        .games[0].press_options  # type: ignore[attr-defined]
    assert (opts.delay, opts.in_retreats, opts.alias_language) == \
        (timedelta(minutes=90), False, "en")
    with pytest.raises(ConfigError):
        _config(press_delay="3d")
    with pytest.raises(ConfigError):
        _config(press_images="yes")
