"""Printable HTML for the clerk desk: the answer sheet a resident takes home, and comparison tables.

Everything shown is escaped (questions are typed by people; even the ordinance texts go through
:func:`html.escape`), the documents are self-contained (inline CSS, no external resources) and
print-ready: ``@media print`` hides the toolbar and keeps each quoted section on one page where
it fits. The sheet carries the resident's question, the answer in plain words, every citation
with its full verbatim text, the municipality, the date, whom to ask, and the
"information, not legal advice" note.
"""

from __future__ import annotations

import datetime as dt
from html import escape
from typing import Any

from knowledge.compose import DISCLAIMER
from knowledge.phrasing import count_word

BASIS_NOTES = {
    "inferred": "The text does not state this paragraph's letter or number; it is cited by its place in the section.",
    "unknown": "The text gives no section number here; it is cited by its heading.",
    "cross_reference": "The number is not printed at this place in the text; another section cites it by this number.",
}

_CSS = """
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { font: 12pt/1.45 Georgia, "Times New Roman", serif; color: #111; margin: 0; background: #f4f4f1; }
main { max-width: 48rem; margin: 1.5rem auto; background: #fff; padding: 2rem 2.5rem; border: 1px solid #ccc; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; border-bottom: 1px solid #999; padding-bottom: .15rem; }
h3 { font-size: 1rem; margin: 1rem 0 .25rem; }
.meta { margin: 0; color: #333; }
.question { font-style: italic; white-space: pre-wrap; margin: 0; }
.summary { white-space: pre-wrap; margin: 0; }
.heading { margin: 0 0 .25rem; color: #333; }
blockquote { margin: .25rem 0 .5rem; padding: .5rem .75rem; border-left: 4px solid #555; background: #f7f7f7;
  white-space: pre-wrap; font-family: inherit; }
.basis, .small { font-size: .9em; color: #444; margin: 0 0 .5rem; }
.source { break-inside: avoid; page-break-inside: avoid; }
.disclaimer { margin-top: 1.5rem; padding: .5rem .75rem; border: 1px solid #999; font-weight: bold; }
.toolbar { max-width: 48rem; margin: 1rem auto 0; display: flex; gap: .75rem; font: 11pt system-ui, sans-serif; }
.toolbar a, .toolbar button { font: inherit; padding: .4rem .8rem; }
table { border-collapse: collapse; width: 100%; font-size: .95rem; }
caption { text-align: left; font-weight: bold; margin-bottom: .5rem; }
th, td { border: 1px solid #999; padding: .4rem .5rem; vertical-align: top; text-align: left; }
th[scope=row] { white-space: nowrap; }
td.not-addressed { font-style: italic; color: #333; }
td blockquote { margin: .25rem 0 0; }
@media print {
  @page { margin: 18mm 16mm; }
  body { background: #fff; font-size: 11pt; }
  main { max-width: none; margin: 0; padding: 0; border: 0; }
  .toolbar, .no-print, nav { display: none !important; }
  a { color: inherit; text-decoration: none; }
  blockquote { background: none; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; page-break-inside: avoid; }
}
"""


def e(value: Any) -> str:
    """Escape any value for HTML text or a quoted attribute (``None`` is empty)."""
    return escape("" if value is None else str(value), quote=True)


def long_date(day: dt.date) -> str:
    """ "November 29, 2026"."""
    return f"{day:%B} {day.day}, {day.year}"


def _document(title: str, body: str, toolbar: str = "", script_src: str | None = None) -> str:
    script = f'<script src="{e(script_src)}" defer></script>' if script_src else ""
    return (
        "<!doctype html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{e(title)}</title>\n<style>{_CSS}</style>\n{script}\n</head>\n<body>\n"
        f"{toolbar}<main>\n{body}\n</main>\n</body>\n</html>\n"
    )


def _toolbar(back_href: str | None, print_button: bool) -> str:
    parts = []
    if back_href:
        parts.append(f'<a href="{e(back_href)}">← Clerk desk</a>')
    if print_button:
        parts.append('<button type="button" id="print-sheet">Print this sheet</button>')
    if not parts:
        return ""
    return f'<nav class="toolbar no-print" aria-label="Sheet actions">{"".join(parts)}</nav>\n'


def _source(entry: dict[str, Any], level: int = 3, with_provenance: bool = True) -> str:
    """One cited section or definition: citation, heading, the full verbatim text, how it is cited."""
    heading = entry.get("heading") or ""
    note = BASIS_NOTES.get(str(entry.get("basis") or ""), "")
    provenance = entry.get("provenance") if with_provenance else ""
    return (
        '<article class="source">'
        f"<h{level}>{e(entry.get('citation'))}</h{level}>"
        + (
            f'<p class="heading">{e(heading)}</p>'
            if heading and heading not in str(entry.get("quote") or "")[:200]
            else ""
        )
        + f"<blockquote>{e(entry.get('quote'))}</blockquote>"
        + (f'<p class="basis">{e(note)}</p>' if note else "")
        + (f'<p class="small provenance">{e(provenance)}</p>' if provenance else "")
        + "</article>"
    )


def answer_sheet(
    question: str,
    answer: dict[str, Any],
    day: dt.date | None = None,
    back_href: str | None = None,
    script_src: str | None = None,
) -> str:
    """The printable answer sheet for a resident, as a complete HTML document.

    ``answer`` is a long-form answer from :mod:`knowledge.compare` (``long_answer`` or
    ``cited_answer``): municipality, summary, addressed, sections in full.
    """
    day = day or dt.date.today()
    muni = answer["municipality"]
    title = f"{muni['name']} housing code — answer sheet"
    question = str(question or "").strip()
    parts = [
        "<header>",
        f"<h1>{e(muni['name'])}: housing code answer</h1>",
        f'<p class="meta">{e(muni["code_title"])}, chapter {e(muni["chapter"])} · '
        f'<time datetime="{day.isoformat()}">{e(long_date(day))}</time></p>',
        "</header>",
    ]
    if question:
        parts += ["<section>", "<h2>Your question</h2>", f'<p class="question">{e(question)}</p>', "</section>"]
    parts += ["<section>", "<h2>Answer</h2>", f'<p class="summary">{e(answer.get("summary"))}</p>', "</section>"]
    sections = answer.get("sections") or []
    if sections:
        parts += ["<section>", "<h2>What the code says (quoted in full)</h2>"]
        parts += [_source(s, with_provenance=False) for s in sections]
        provenance = next((s.get("provenance") for s in sections if s.get("provenance")), "")
        if provenance:
            parts.append(f'<p class="small provenance">{e(provenance)}</p>')
        parts.append("</section>")
    parts += [
        "<section>",
        "<h2>Whom to ask</h2>",
        f"<p>The {e(muni['office'])} enforces the {e(muni['name'])} code.</p>",
        "</section>",
        f'<p class="disclaimer" role="note">{e(DISCLAIMER)}</p>',
    ]
    return _document(title, "\n".join(parts), _toolbar(back_href, bool(script_src)), script_src)


def comparison_table(comparison: dict[str, Any]) -> str:
    """A comparison from :mod:`knowledge.compare` as an HTML ``<table>`` (one row per municipality)."""
    rows = []
    if comparison["kind"] == "standard":
        caption = f"{comparison['description']} ({comparison['standard']}, {comparison['unit']})"
        head = "<tr><th scope=col>Municipality</th><th scope=col>Value</th><th scope=col>Conditions</th><th scope=col>Citation and quote</th></tr>"
        for entry in comparison["municipalities"]:
            name = f'<th scope="row">{e(entry["municipality"]["name"])}</th>'
            if not entry["addressed"]:
                rows.append(f'<tr>{name}<td class="not-addressed" colspan="3">{e(entry["note"])}</td></tr>')
                continue
            for i, value in enumerate(entry["values"]):
                cells = (
                    f"<td>{e(value['value_text'])}</td><td>{e(value['conditions'])}</td>"
                    f"<td>{e(value['citation'])}<blockquote>{e(value['quote'])}</blockquote></td>"
                )
                lead = name if i == 0 else ""
                if i == 0 and len(entry["values"]) > 1:
                    lead = f'<th scope="row" rowspan="{len(entry["values"])}">{e(entry["municipality"]["name"])}</th>'
                rows.append(f"<tr>{lead}{cells}</tr>")
    else:
        caption = f"{comparison['description']} ({comparison['topic']})"
        head = "<tr><th scope=col>Municipality</th><th scope=col>What the text says</th></tr>"
        for entry in comparison["municipalities"]:
            name = f'<th scope="row">{e(entry["municipality"]["name"])}</th>'
            if not entry["addressed"]:
                rows.append(f'<tr>{name}<td class="not-addressed">{e(entry["note"])}</td></tr>')
                continue
            body = "".join(_source(s, level=4, with_provenance=False) for s in entry["sections"])
            rows.append(f"<tr>{name}<td>{body}</td></tr>")
    return (
        f'<table class="comparison"><caption>{e(caption)}</caption>'
        f"<thead>{head}</thead><tbody>{''.join(rows)}</tbody></table>"
    )


def comparison_page(
    comparison: dict[str, Any], day: dt.date | None = None, back_href: str | None = None, script_src: str | None = None
) -> str:
    """A comparison table as a complete printable HTML document, with the date and the note."""
    day = day or dt.date.today()
    what = comparison.get("description") or ""
    body = "\n".join(
        [
            "<header>",
            f"<h1>Across the {count_word(len(comparison.get('municipalities') or []))} municipalities: {e(what)}</h1>",
            f'<p class="meta"><time datetime="{day.isoformat()}">{e(long_date(day))}</time></p>',
            "</header>",
            comparison_table(comparison),
            f'<p class="disclaimer" role="note">{e(DISCLAIMER)}</p>',
        ]
    )
    return _document(f"Comparison — {what}", body, _toolbar(back_href, bool(script_src)), script_src)


# -- pages of the web chat (external style sheet: the chat's CSP allows no inline style) ---------
def _web_document(title: str, body: str, css_href: str, script_src: str | None = None, body_class: str = "") -> str:
    script = f'<script src="{e(script_src)}" defer></script>\n' if script_src else ""
    klass = f' class="{e(body_class)}"' if body_class else ""
    return (
        "<!doctype html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<title>{e(title)}</title>\n<link rel="stylesheet" href="{e(css_href)}">\n{script}</head>\n'
        f"<body{klass}>\n{body}\n</body>\n</html>\n"
    )


def notice_page(title: str, message: str, chat_href: str, css_href: str = "static/page.css") -> str:
    """A short page that says why a link could not be opened."""
    body = (
        f'<main class="page">\n<h1>{e(title)}</h1>\n<p>{e(message)}</p>\n'
        f'<p><a href="{e(chat_href)}">Ask the housing-code assistant</a></p>\n</main>'
    )
    return _web_document(title, body, css_href)


def shared_answer_page(muni: Any, sections: list[Any], description: str | None, chat_href: str, css_href: str) -> str:
    """A shared answer reopened from its link: each cited section with its verbatim text, where the
    text comes from, whom to ask, and the "not legal advice" line (nothing personal: the link
    names only the municipality, the sections and the topic)."""
    parts = [
        f'<nav class="toolbar no-print" aria-label="Links"><a href="{e(chat_href)}">Ask your own question</a></nav>',
        '<main class="page">',
        f"<h1>{e(muni.name)}: what the housing code says</h1>",
        f'<p class="lead">{e(description)}</p>' if description else "",
        '<p class="small">Shared from the housing-code assistant. The quotes are the code\'s own words.</p>',
    ]
    for section in sections:
        entry = {
            "citation": section.full_citation,
            "heading": section.heading,
            "quote": section.text,
            "basis": section.basis,
        }
        parts.append(_source(entry, level=2, with_provenance=False))
    parts += [
        f'<p class="provenance">{e(muni.provenance)}</p>',
        "<h2>Whom to ask</h2>",
        f"<p>The {e(muni.office)} enforces the {e(muni.name)} housing code.</p>",
        f'<p class="disclaimer" role="note">{e(DISCLAIMER)}</p>',
        "</main>",
    ]
    return _web_document(f"{muni.name} housing code — shared answer", "\n".join(p for p in parts if p), css_href)


def letter_page(letter: Any, chat_href: str, css_href: str, script_src: str) -> str:
    """The repair-request letter (:class:`knowledge.letter.Letter`) as a printable page with a short
    form: the tenant's name, address, landlord's name and words go into the letter in the browser
    (``letter.js``); the form has no action and nothing typed is sent to the server."""
    from knowledge import letter as letters  # the letter module imports compose, as this one does

    def field(name: str, blank: str) -> str:
        return f'<span class="field" data-field="{e(name)}" data-blank="{e(blank)}">{e(blank)}</span>'

    cited = "".join(
        '<section class="cited">'
        f"<h2>{e(c.citation)}</h2>"
        + (f'<p class="heading">{e(c.heading)}</p>' if c.heading and c.heading not in c.citation else "")
        + f"<blockquote>{e(c.quote)}</blockquote></section>"
        for c in letter.sections
    )
    form = f"""<form id="letter-form" class="letter-form no-print" aria-labelledby="letter-title">
<p class="small">Type your details: they stay in this browser and are never sent anywhere. Then print the letter
or download it.</p>
<div class="grid">
<label for="tenant-name">Your name</label>
<input id="tenant-name" type="text" autocomplete="name" maxlength="200">
<label for="tenant-address">Your address</label>
<textarea id="tenant-address" rows="2" autocomplete="street-address" maxlength="300"></textarea>
<label for="landlord-name">Your landlord's name (optional)</label>
<input id="landlord-name" type="text" autocomplete="off" maxlength="200">
<label for="problem">The problem, in your own words</label>
<textarea id="problem" rows="3" maxlength="{letters.MAX_PROBLEM_CHARS}"></textarea>
</div>
<div class="actions">
<button type="button" id="print-letter">Print the letter</button>
<button type="button" id="download-letter" class="secondary">Download the letter</button>
</div>
</form>"""
    article = f"""<article id="letter" class="letter" aria-label="The letter">
<p class="date"><time datetime="{letter.day.isoformat()}">{e(letters.long_date(letter.day))}</time></p>
<p class="from">{field("tenant-name", letters.NAME_BLANK)}<br>{field("tenant-address", letters.ADDRESS_BLANK)}</p>
<p class="subject"><strong>Re: {e(letters.SUBJECT)}</strong></p>
<p>Dear {field("landlord-name", letters.LANDLORD_DEFAULT)},</p>
<p>{e(letters.INTRO)} {field("problem", letters.PROBLEM_BLANK)}</p>
<p>{e(letter.code_says)}</p>
{cited}
<p>{e(letters.ASK)}</p>
<p>{e(letter.where_to_turn)}</p>
<p class="closing">Sincerely,</p>
<p class="signature">{field("tenant-name", letters.NAME_BLANK)}</p>
<footer class="letter-foot">
<p class="provenance">{e(letter.provenance)}</p>
<p class="disclaimer">{e(letter.disclaimer)}</p>
</footer>
</article>"""
    body = "\n".join(
        [
            f'<nav class="toolbar no-print" aria-label="Links"><a href="{e(chat_href)}">← Back to the chat</a></nav>',
            '<main class="page">',
            f'<h1 id="letter-title" class="no-print">Your letter to the landlord ({e(letter.municipality_name)})</h1>',
            form,
            article,
            "</main>",
        ]
    )
    if letter.problem:
        body = body.replace(
            f'data-blank="{e(letters.PROBLEM_BLANK)}">{e(letters.PROBLEM_BLANK)}</span>',
            f'data-blank="{e(letters.PROBLEM_BLANK)}">{e(letter.problem)}</span>',
        )
    return _web_document(
        f"Letter to the landlord — {letter.municipality_name}", body, css_href, script_src, "letter-page"
    )
