// The clerk desk page. No dependencies; every text from the server goes in through textContent.
"use strict";

(function () {
  const BASIS_NOTES = {
    inferred: "The text does not state this paragraph's letter or number; it is cited by its place in the section.",
    unknown: "The text gives no section number here; it is cited by its heading.",
    cross_reference: "The number is not printed at this place in the text; another section cites it by this number.",
  };
  const REASONS = {
    fallback: "did not understand",
    out_of_scope: "out of scope",
    low_confidence: "low confidence",
    not_addressed: "not addressed in the text",
    unknown_municipality: "place not covered",
    misunderstood: "misunderstood",
    unanswered: "unanswered question",
    no_match: "words not in the texts",
  };
  // Units of the numeric standards in plain words (the pickers show no internal keys).
  const UNIT_WORDS = {
    USD: "dollars",
    ft: "feet",
    in: "inches",
    "sq ft": "square feet",
    fraction: "a share",
    "°F": "degrees Fahrenheit",
    text: "",
  };
  // Search snippets mark the words found between these (see knowledge/kb.py); shown as <mark>.
  const MARK_START = "\u27e6";
  const MARK_END = "\u27e7";
  let session = null; // the desk's conversation with the assistant (clerk-…)

  const $ = (id) => document.getElementById(id);

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function status(message) {
    $("status").textContent = message || "";
  }

  function showError(target, message) {
    target.replaceChildren(el("p", { class: "error", role: "alert", text: message }));
  }

  async function api(path, options) {
    const response = await fetch(new URL(path, document.baseURI), options);
    let data = null;
    try {
      data = await response.json();
    } catch (e) {
      data = null;
    }
    if (!response.ok) {
      const error = new Error((data && data.error) || `The server answered ${response.status}.`);
      error.data = data;
      throw error;
    }
    return data;
  }

  function query(params) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
    return search.toString();
  }

  // -- rendering -------------------------------------------------------------------------
  function unitWords(unit) {
    return Object.prototype.hasOwnProperty.call(UNIT_WORDS, unit) ? UNIT_WORDS[unit] : unit;
  }

  // A search snippet with the words found highlighted (<mark>), never in square brackets.
  function highlighted(text) {
    const parts = [];
    for (const [i, piece] of String(text || "").split(MARK_START).entries()) {
      if (i === 0) {
        parts.push(piece);
        continue;
      }
      const end = piece.indexOf(MARK_END);
      if (end < 0) {
        parts.push(piece);
        continue;
      }
      parts.push(el("mark", { text: piece.slice(0, end) }), piece.slice(end + 1));
    }
    return parts;
  }

  // What the assistant took a message for, in words ("a question about hot water").
  function intentWords(intent) {
    const words = String(intent).replace(/_/g, " ");
    if (intent.startsWith("ask_")) return "a question about " + words.slice(4);
    if (intent === "nlu_fallback") return "nothing it knows";
    return words;
  }

  function sourceBlock(entry, level) {
    const heading = entry.heading && !(entry.quote || "").slice(0, 200).includes(entry.heading) ? entry.heading : "";
    return el(
      "article",
      { class: "source" },
      el(`h${level || 4}`, { text: entry.citation }),
      heading ? el("p", { class: "heading", text: heading }) : null,
      entry.quote ? el("blockquote", { text: entry.quote }) : el("blockquote", {}, highlighted(entry.snippet)),
      BASIS_NOTES[entry.basis] ? el("p", { class: "basis", text: BASIS_NOTES[entry.basis] }) : null,
      entry.provenance ? el("p", { class: "provenance", text: entry.provenance }) : null,
    );
  }

  function printButton(fields) {
    return el("button", {
      type: "button",
      class: "secondary",
      text: "Print answer sheet",
      onclick: () => openSheet(fields),
    });
  }

  // POST a form to the sheet in a new tab: the question stays out of URLs and logs.
  function openSheet(fields) {
    const form = el("form", { method: "post", action: new URL("sheet", document.baseURI).href, target: "_blank" });
    const add = (name, value) => form.append(el("input", { type: "hidden", name, value }));
    add("question", $("question").value);
    add("municipality", fields.municipality);
    if (fields.topic) add("topic", fields.topic);
    for (const citation of fields.citations || []) add("citation", citation);
    document.body.append(form);
    form.submit();
    form.remove();
  }

  function renderAnswer(data) {
    const parts = [
      el("h3", { text: `${data.municipality.name}: ${data.description || "the sections asked for"}`, tabindex: "-1" }),
      el("p", { class: data.addressed ? "summary" : "summary not-addressed", text: data.summary }),
    ];
    if (data.sections.length) {
      parts.push(el("p", { text: `${data.sections.length} section(s), quoted in full:` }));
      for (const s of data.sections) parts.push(sourceBlock(s, 4));
    }
    parts.push(
      el("div", { class: "actions" }, printButton({ municipality: data.municipality.key, topic: data.topic })),
    );
    return parts;
  }

  function renderSearch(results, heading) {
    if (!results.length) return [el("p", { text: "The full-text search found nothing." })];
    return [
      el("h4", { text: heading }),
      ...results.map((hit) =>
        el(
          "details",
          {},
          el("summary", {}, hit.citation, hit.snippet ? [" — ", ...highlighted(hit.snippet)] : null),
          sourceBlock(hit, 5),
          hit.kind === "section"
            ? el("div", { class: "actions" }, printButton({ municipality: hit.municipality, citations: [hit.section] }))
            : null,
        ),
      ),
    ];
  }

  // -- the forms ---------------------------------------------------------------------------
  // One form's request: a busy status, then the result `render` builds (its heading focused) or
  // the error; `onError` may add to the error shown.
  async function show(target, busy, render, onError) {
    status(busy);
    try {
      target.replaceChildren(...(await render()));
      target.querySelector("h3").focus();
    } catch (error) {
      showError(target, error.message);
      if (onError) onError(error);
    }
    status("");
  }

  async function onAnswer(event) {
    event.preventDefault();
    await show($("answer-result"), "Looking up the answer…", async () =>
      renderAnswer(
        await api("api/answer?" + query({ municipality: $("answer-municipality").value, topic: $("answer-topic").value })),
      ),
    );
  }

  async function onAsk(event) {
    event.preventDefault();
    const target = $("ask-result");
    const question = $("question").value.trim();
    if (!question) {
      showError(target, "Type the resident's question first (at the top of the page).");
      $("question").focus();
      return;
    }
    await show(target, "Asking the assistant…", async () => {
      const body = { question, municipality: $("ask-municipality").value || null };
      if (session) body.session = session;
      const data = await api("api/ask", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      session = data.session;
      const parts = [el("h3", { text: "The assistant's answer", tabindex: "-1" })];
      if (data.sent !== data.question) parts.push(el("p", { class: "hint", text: `Sent as: “${data.sent}”` }));
      for (const message of data.messages) {
        if (message.text) parts.push(el("p", { class: "summary", text: message.text }));
        if (message.buttons && message.buttons.length) {
          parts.push(el("p", { class: "hint", text: "It offers: " + message.buttons.map((b) => b.title).join(", ") }));
        }
      }
      if (data.addressed === false) {
        parts.push(el("p", { class: "not-addressed", text: "The text of this municipality does not address this." }));
      }
      if (data.citations.length) {
        parts.push(el("h4", { text: "Cited sections, in full" }));
        for (const c of data.citations) parts.push(sourceBlock(c, 5));
      }
      if (data.municipality && (data.topic || data.citations.length)) {
        parts.push(
          el(
            "div",
            { class: "actions" },
            printButton({
              municipality: data.municipality,
              topic: data.topic,
              citations: data.topic ? [] : data.citations.map((c) => c.section),
            }),
          ),
        );
      }
      parts.push(...renderSearch(data.search, "Sections a full-text search finds"));
      return parts;
    });
  }

  async function onLookup(event) {
    event.preventDefault();
    const target = $("lookup-result");
    const suggest = (error) => {
      if (error.data && error.data.suggestions && error.data.suggestions.length) {
        target.append(...renderSearch(error.data.suggestions, "Perhaps one of these"));
      }
    };
    await show(target, "Looking it up…", async () => {
      const data = await api(
        "api/lookup?" + query({ q: $("lookup-query").value, municipality: $("lookup-municipality").value }),
      );
      const parts = [el("h3", { text: `“${data.query}”`, tabindex: "-1" })];
      if (data.kind === "by_heading") {
        parts.push(el("p", { class: "not-addressed", text: data.note }));
        const heading =
          data.searched === "search"
            ? `Found by searching the ${data.municipality.name} text`
            : `The ${data.municipality.name} extract by heading`;
        return [...parts, ...renderSearch(data.results, heading)];
      }
      for (const result of data.results) {
        parts.push(sourceBlock(result, 4));
        if (result.kind === "section") {
          for (const child of result.children || []) parts.push(sourceBlock(child, 5));
          parts.push(
            el(
              "div",
              { class: "actions" },
              printButton({
                municipality: result.municipality,
                citations: [result.section, ...(result.children || []).map((c) => c.section)],
              }),
            ),
          );
        }
      }
      if (data.kind === "definition" && data.not_found_in.length) {
        parts.push(el("p", { class: "hint", text: "Not defined in: " + data.not_found_in.map((m) => m.name).join(", ") }));
      }
      return parts;
    }, suggest);
  }

  function comparisonTable(data) {
    const standard = data.kind === "standard";
    const head = standard ? ["Municipality", "Value", "Conditions", "Citation and quote"] : ["Municipality", "What the text says"];
    const rows = [];
    for (const entry of data.municipalities) {
      const name = el("th", { scope: "row", text: entry.municipality.name });
      if (!entry.addressed) {
        rows.push(el("tr", {}, name, el("td", { class: "not-addressed", colspan: head.length - 1, text: entry.note })));
      } else if (standard) {
        entry.values.forEach((v, i) =>
          rows.push(
            el(
              "tr",
              {},
              i === 0 ? el("th", { scope: "row", rowspan: entry.values.length, text: entry.municipality.name }) : null,
              el("td", { text: v.value_text }),
              el("td", { text: v.conditions }),
              el("td", {}, v.citation, el("blockquote", { text: v.quote })),
            ),
          ),
        );
      } else {
        rows.push(el("tr", {}, name, el("td", {}, entry.sections.map((s) => sourceBlock(s, 4)))));
      }
    }
    const unit = standard ? unitWords(data.unit) : "";
    const captionId = "compare-caption-" + Math.random().toString(36).slice(2);
    // On a narrow screen the table scrolls sideways inside its own box (keyboard: focus it, then arrows).
    return el(
      "div",
      { class: "table-scroll", role: "region", "aria-labelledby": captionId, tabindex: "0" },
      el(
        "table",
        {},
        el("caption", { id: captionId, text: `${data.description}${unit ? " (" + unit + ")" : ""}` }),
        el("thead", {}, el("tr", {}, head.map((h) => el("th", { scope: "col", text: h })))),
        el("tbody", {}, rows),
      ),
    );
  }

  async function onCompare(event, kind) {
    event.preventDefault();
    const value = $(kind === "topic" ? "compare-topic" : "compare-standard").value;
    await show($("compare-result"), "Comparing…", async () => {
      const data = await api("api/compare?" + query({ [kind]: value }));
      return [
        el("h3", { text: `Across the ${countWord(data.municipalities.length)} municipalities`, tabindex: "-1" }),
        comparisonTable(data),
        el(
          "div",
          { class: "actions" },
          el("a", { href: "api/compare?" + query({ [kind]: value, format: "html" }), target: "_blank", text: "Open as a printable table" }),
        ),
      ];
    });
  }

  async function onReview(event) {
    event.preventDefault();
    await show($("review-result"), "Reading the conversations…", async () => {
      const data = await api(
        "api/review?" +
          query({ limit: $("review-limit").value, include_clerk: $("review-clerk").checked ? "1" : "" }),
        { headers: { Authorization: "Bearer " + $("review-token").value } },
      );
      const parts = [
        el("h3", {
          text: `${data.total} unanswered turn(s) in ${data.conversations_scanned} conversation(s)` +
            (data.total > data.items.length ? ` (showing the newest ${data.items.length})` : ""),
          tabindex: "-1",
        }),
      ];
      for (const item of data.items) {
        parts.push(
          el(
            "article",
            { class: "item" },
            el(
              "h4",
              {},
              item.reasons.map((r) => el("span", { class: "badge", text: REASONS[r] || r })),
              `“${item.text}”`,
            ),
            el("p", {
              class: "hint",
              text: `${item.timestamp ? new Date(item.timestamp * 1000).toLocaleString() : ""} · conversation ${item.sender}` +
                (item.intent ? ` · understood as ${intentWords(item.intent)}` : "") +
                (typeof item.confidence === "number" ? ` (${Math.round(item.confidence * 100)}%)` : ""),
            }),
            el(
              "ol",
              { class: "turns", "aria-label": "Conversation excerpt" },
              item.excerpt.map((t) =>
                el(
                  "li",
                  { class: `${t.role}${t.flagged ? " flagged" : ""}` },
                  el("span", { class: "who", text: t.role === "user" ? "Resident: " : "Assistant: " }),
                  t.text,
                ),
              ),
            ),
            item.suggestions.length
              ? renderSearch(item.suggestions, "Sections that may answer it")
              : el("p", { class: "hint", text: "No section matches these words." }),
          ),
        );
      }
      return parts;
    });
  }

  // -- start ---------------------------------------------------------------------------------
  const COUNT_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
  function countWord(count) {
    return COUNT_WORDS[count] || String(count);
  }

  function andList(items) {
    return items.length > 1 ? items.slice(0, -1).join(", ") + " and " + items[items.length - 1] : items.join("");
  }

  function fill(select, options, keep) {
    if (!keep) select.replaceChildren();
    for (const [value, label] of options) select.append(el("option", { value, text: label }));
  }

  async function start() {
    try {
      const meta = await api("api/meta");
      const munis = meta.municipalities.map((m) => [m.key, m.name]);
      const states = [...new Set(meta.municipalities.map((m) => m.state))];
      $("covered").textContent = `${andList(munis.map(([, name]) => name))} (${andList(states)}).`;
      const count = countWord(munis.length);
      $("compare-link").textContent = `Compare the ${count}`;
      $("compare-heading").textContent = `Compare the ${count} municipalities`;
      $("lookup-municipality").options[0].textContent = `All ${count}`;
      fill($("answer-municipality"), munis);
      fill($("ask-municipality"), munis, true);
      fill($("lookup-municipality"), munis, true);
      const topics = Object.entries(meta.topics).map(([key, description]) => [key, description]);
      fill($("answer-topic"), topics);
      fill($("compare-topic"), topics);
      fill(
        $("compare-standard"),
        Object.entries(meta.standards).map(([key, info]) => {
          const unit = unitWords(info.unit);
          return [key, `${info.description} (${unit ? unit + "; " : ""}stated in ${info.municipalities.length} of ${munis.length})`];
        }),
      );
      $("disclaimer").textContent = meta.disclaimer;
      if (!meta.review_enabled) {
        $("review-result").replaceChildren(
          el("p", { class: "hint", text: "The review list is switched off on this server (no CLERK_TOKEN set)." }),
        );
      }
    } catch (error) {
      status("The desk could not load its lists: " + error.message);
    }
    $("answer-form").addEventListener("submit", onAnswer);
    $("ask-form").addEventListener("submit", onAsk);
    $("lookup-form").addEventListener("submit", onLookup);
    $("compare-topic-form").addEventListener("submit", (e) => onCompare(e, "topic"));
    $("compare-standard-form").addEventListener("submit", (e) => onCompare(e, "standard"));
    $("review-form").addEventListener("submit", onReview);
  }

  document.addEventListener("DOMContentLoaded", start);
})();
