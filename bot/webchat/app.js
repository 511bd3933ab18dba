// The tenants' web chat. Talks to the assistant over its own route (POST message, same origin);
// the conversation id lives in an HttpOnly cookie the server set, so this script never sees it.
// Bot text is only ever set with textContent, never parsed as HTML.
"use strict";

(() => {
  const MESSAGE = new URL("message", document.baseURI).href;
  const HISTORY = new URL("history", document.baseURI).href;
  const NEW_CHAT = new URL("new", document.baseURI).href;
  const MUNICIPALITIES = new URL("municipalities.json", document.baseURI).href;
  const MAX_CHARS = 2000; // the server's limit on one message
  const LETTER_SECTIONS = 3; // sections quoted in a letter offered under an answer
  const TIMEOUT_MS = 60000;
  const NO_ANSWER =
    "Sorry, the assistant is not answering right now. Please check your connection and try again in a moment.";
  // How a citation is known (the knowledge base's "basis"); "stated" needs no note.
  const BASIS_NOTES = {
    cross_reference: "The section number is confirmed by a cross-reference elsewhere in the code.",
    inferred: "The source text does not print this paragraph's letter, so it is cited by its section and a label.",
    unknown: "The source text gives no section number here, so it is cited by its heading.",
  };
  const LANDLORD_PARTIES = new Set(["owner", "operator", "owner_or_operator"]);

  const log = document.getElementById("log");
  const form = document.getElementById("composer");
  const input = document.getElementById("message");
  const count = document.getElementById("count");
  const status = document.getElementById("status");
  const picker = document.getElementById("municipality");
  const restart = document.getElementById("restart");
  const printChat = document.getElementById("print-chat");
  const intro = log.firstElementChild;
  const provenance = new Map(); // municipality key -> where its text comes from

  // -- rendering -----------------------------------------------------------------------
  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function showStart(node) {
    // Bring the start of a reply into view (long answers are read from the top).
    const top = node.offsetTop - 8;
    log.scrollTop = Math.min(top, log.scrollHeight);
  }
  function bubble(parent, role, text, extraClass) {
    const item = el("div", "msg " + role + (extraClass ? " " + extraClass : ""));
    item.appendChild(el("span", "sr-only", role === "user" ? "You said: " : "Assistant: "));
    item.appendChild(el("p", "text", text));
    parent.appendChild(item);
    return item;
  }
  // Old suggestions cannot be used once the conversation moves on.
  function retireSuggestions() {
    for (const button of log.querySelectorAll(".quick-replies button")) button.disabled = true;
  }
  function quickReplies(parent, buttons, live) {
    const group = el("div", "quick-replies");
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", "Suggested replies");
    for (const b of buttons) {
      if (!b || typeof b.payload !== "string" || !b.payload) continue;
      const title = typeof b.title === "string" && b.title ? b.title : b.payload;
      const button = el("button", "quick", title);
      button.type = "button";
      button.disabled = !live;
      button.addEventListener("click", () => {
        button.classList.add("chosen");
        send(b.payload, title);
        input.focus();
      });
      group.appendChild(button);
    }
    if (group.childElementCount) parent.appendChild(group);
    return group.childElementCount ? group : null;
  }
  // The parts of message i's answer (knowledge/answer_parts.py): in its own payload, or in the
  // payload message that follows it (the bot sends an answer's text and its payload apart).
  function partsOf(messages, i) {
    for (const c of [messages[i], messages[i + 1]]) {
      if (!c || typeof c !== "object" || (c !== messages[i] && c.text)) continue;
      const parts = c.custom && typeof c.custom === "object" ? c.custom.parts : null;
      if (Array.isArray(parts) && parts.every((p) => p && typeof p.text === "string")) return parts;
    }
    return null;
  }
  // The bot's text with each quote left out where the same quote folds out below it: the
  // direct answer leads, the citation names stay, the verbatim text is shown once (in the fold).
  // Built from the answer's parts, never from its words; a text without parts is shown as it is.
  function leadText(text, parts, cited) {
    const names = cited.map((c) => (c && typeof c.citation === "string" ? c.citation : "")).filter(Boolean);
    if (!parts || !names.length) return text;
    return parts
      .filter((p) => p.kind !== "more")
      .map((p) => (p.kind === "source" && names.includes(p.citation) ? "Source: " + p.citation + " (quoted below)" : p.text))
      .join("\n");
  }
  function citations(parent, custom) {
    const list = Array.isArray(custom.citations) ? custom.citations : [];
    const box = el("div", "citations");
    const seen = new Set();
    box.appendChild(el("p", "citations-title", list.length === 1 ? "Source, quoted in full" : "Sources, quoted in full"));
    for (const c of list) {
      if (!c || typeof c.citation !== "string" || seen.has(c.citation)) continue;
      seen.add(c.citation);
      const details = el("details", "citation");
      details.appendChild(el("summary", null, c.citation));
      details.appendChild(el("blockquote", null, typeof c.quote === "string" ? c.quote : ""));
      const notes = [];
      if (typeof c.heading === "string" && c.heading && !c.citation.includes(c.heading)) {
        notes.push("Heading: " + (/[.?!]$/.test(c.heading) ? c.heading : c.heading + "."));
      }
      if (BASIS_NOTES[c.basis]) notes.push(BASIS_NOTES[c.basis]);
      if (notes.length) details.appendChild(el("p", "meta", notes.join(" ")));
      const origin = typeof c.provenance === "string" && c.provenance ? c.provenance : provenance.get(c.municipality);
      if (origin) details.appendChild(el("p", "meta provenance", origin));
      box.appendChild(details);
    }
    if (box.childElementCount > 1) parent.appendChild(box);
    return box.childElementCount > 1 ? box : null;
  }
  function linkQuery(custom, count) {
    const params = new URLSearchParams();
    params.append("m", custom.municipality);
    const sections = [];
    for (const c of custom.citations) {
      if (c && typeof c.section === "string" && !sections.includes(c.section)) sections.push(c.section);
    }
    for (const s of sections.slice(0, count)) params.append("s", s);
    if (typeof custom.topic === "string" && /^[a-z_]+$/.test(custom.topic)) params.append("t", custom.topic);
    return params.toString();
  }
  // A letter fits an answer about a duty or a standard the landlord may owe.
  function letterFits(custom) {
    if (!custom || !custom.addressed || typeof custom.municipality !== "string") return false;
    if (!Array.isArray(custom.citations) || !custom.citations.some((c) => c && typeof c.section === "string")) return false;
    const standards = Array.isArray(custom.standards) && custom.standards.length > 0;
    const duties = Array.isArray(custom.duties) ? custom.duties : [];
    // Not when every duty is settled and falls to the tenant alone.
    const tenantOnly = (d) => d && d.decided && Array.isArray(d.parties) && d.parties.length > 0 &&
      d.parties.every((p) => !LANDLORD_PARTIES.has(p));
    return standards || (duties.length > 0 && !duties.every(tenantOnly));
  }
  function letterHref(custom, problem) {
    return "letter?" + linkQuery(custom, LETTER_SECTIONS) + (problem ? "#p=" + encodeURIComponent(problem) : "");
  }
  function answerActions(reply, custom, problem) {
    const bar = el("div", "reply-actions");
    bar.setAttribute("role", "group");
    bar.setAttribute("aria-label", "This answer");
    const print = el("button", "action", "Print this answer");
    print.type = "button";
    print.addEventListener("click", () => printOne(reply));
    const share = el("button", "action", "Copy link");
    share.type = "button";
    share.addEventListener("click", () => showLink(reply, custom, share));
    bar.append(print, share);
    if (letterFits(custom)) {
      const letter = el("a", "action letter-link", "Write a letter to the landlord");
      letter.href = letterHref(custom, problem);
      letter.target = "_blank";
      letter.rel = "noopener";
      bar.appendChild(letter);
    }
    reply.appendChild(bar);
  }
  async function showLink(reply, custom, button) {
    const url = new URL("share?" + linkQuery(custom, 12), document.baseURI).href;
    let box = reply.querySelector(".share-box");
    if (!box) {
      box = el("div", "share-box");
      const id = "share-" + Math.random().toString(36).slice(2);
      const label = el("label", null, "Link to this answer (it holds no personal details)");
      label.htmlFor = id;
      const field = el("input", "share-link");
      field.id = id;
      field.type = "text";
      field.readOnly = true;
      box.append(label, field, el("p", "share-status"));
      reply.appendChild(box);
    }
    const field = box.querySelector("input");
    field.value = url;
    let copied = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(url);
        copied = true;
      }
    } catch (_) {
      copied = false;
    }
    box.querySelector(".share-status").textContent = copied ? "Link copied." : "Copy the link above.";
    field.focus();
    field.select();
    button.setAttribute("aria-expanded", "true");
  }
  function printOne(reply) {
    document.body.classList.add("print-one");
    reply.classList.add("print-target");
    window.print();
  }
  // Quotes fold in <details>; on paper every one is shown.
  let reopened = [];
  window.addEventListener("beforeprint", () => {
    reopened = Array.from(log.querySelectorAll("details:not([open])"));
    for (const d of reopened) d.open = true;
  });
  window.addEventListener("afterprint", () => {
    for (const d of reopened) d.open = false;
    reopened = [];
    document.body.classList.remove("print-one");
    for (const r of log.querySelectorAll(".print-target")) r.classList.remove("print-target");
  });
  printChat.addEventListener("click", () => window.print());

  let pendingLetter = null; // a letter asked for before an answer could carry it
  let lastQuestion = ""; // the user's own words, for a letter's "the problem"

  // One reply of the assistant: its messages in one group; `live` false for replies from history
  // that the conversation has moved past (their suggestions are disabled).
  function render(messages, live, letter) {
    const reply = el("div", "reply");
    log.appendChild(reply);
    let answered = null;
    // The citations of the whole reply (the bot sends its text and its payload as separate messages).
    const cited = [];
    for (const m of messages) {
      if (m && m.custom && typeof m.custom === "object" && Array.isArray(m.custom.citations)) cited.push(...m.custom.citations);
    }
    messages.forEach((m, i) => {
      if (!m || typeof m !== "object") return;
      const custom = m.custom && typeof m.custom === "object" ? m.custom : null;
      if (typeof m.text === "string" && m.text) bubble(reply, "bot", leadText(m.text, partsOf(messages, i), cited));
      if (Array.isArray(m.buttons) && m.buttons.length) quickReplies(reply, m.buttons, live);
      if (custom) {
        if (citations(reply, custom) && custom.municipality && custom.addressed) answered = custom;
        if (typeof custom.municipality === "string") showMunicipality(custom.municipality);
      }
    });
    if (letter) pendingLetter = letter.problem || lastQuestion;
    if (answered) {
      answerActions(reply, answered, pendingLetter !== null ? pendingLetter : lastQuestion);
      if (pendingLetter !== null && live && letterFits(answered)) {
        const ready = bubble(reply, "bot", "");
        const text = ready.querySelector(".text");
        text.textContent = "Your repair-request letter is ready to fill in and print: ";
        const link = el("a", "letter-ready", "open the letter to your landlord");
        link.href = letterHref(answered, pendingLetter);
        link.target = "_blank";
        link.rel = "noopener";
        text.appendChild(link);
        pendingLetter = null;
      }
    }
    if (!reply.childElementCount) bubble(reply, "bot", "The assistant did not reply. Please try asking in other words.");
    return reply;
  }

  // -- talking to the assistant ----------------------------------------------------------
  let queue = Promise.resolve();
  let pending = 0;
  let generation = 0; // replies to an abandoned conversation are dropped

  function setBusy(delta) {
    pending += delta;
    status.textContent = pending > 0 ? "The assistant is answering…" : "";
  }
  async function postJson(url, body) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
    try {
      const reply = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
        credentials: "same-origin",
        signal: controller.signal,
      });
      let data = null;
      try {
        data = await reply.json();
      } catch (_) {
        data = null;
      }
      return { ok: reply.ok, data };
    } catch (_) {
      return { ok: false, data: null };
    } finally {
      clearTimeout(timer);
    }
  }
  async function post(text) {
    const { ok, data } = await postJson(MESSAGE, { message: text });
    if (ok && data && Array.isArray(data.messages)) return { messages: data.messages, letter: data.letter || null };
    if (data && typeof data.error === "string") return { error: data.error };
    return { error: NO_ANSWER };
  }
  // Send `text` to the assistant, showing `shown` (default: the text) as the user's message.
  function send(text, shown) {
    const mine = generation;
    retireSuggestions();
    if (!shown) lastQuestion = text;
    showStart(bubble(log, "user", shown || text));
    setBusy(1);
    queue = queue.then(async () => {
      const result = await post(text);
      setBusy(-1);
      if (mine !== generation) return;
      if (result.messages) showStart(render(result.messages, true, result.letter));
      else showStart(bubble(log, "bot", result.error, "error"));
    });
  }

  // -- the message box: a character count, and nothing typed is lost when it is too long ----
  const number = (n) => n.toLocaleString("en-US");
  function updateCount() {
    const n = input.value.length;
    const over = n > MAX_CHARS;
    count.textContent = over
      ? `${number(n)} / ${number(MAX_CHARS)} characters: ${number(n - MAX_CHARS)} too many. Shorten it to send.`
      : `${number(n)} / ${number(MAX_CHARS)} characters`;
    count.classList.toggle("over", over);
    input.setAttribute("aria-invalid", over ? "true" : "false");
  }
  input.addEventListener("input", updateCount);

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) {
      input.focus();
      return;
    }
    if (text.length > MAX_CHARS) {
      status.textContent = `Your message is ${number(text.length)} characters; the limit is ${number(MAX_CHARS)}. Nothing was sent and your text is still in the box.`;
      input.focus();
      return;
    }
    input.value = "";
    updateCount();
    send(text);
  });

  // -- the municipality picker --------------------------------------------------------
  // A pointer choice is sent at once. With the keyboard, arrow keys only move through the
  // list (Chromium fires "change" on each); Enter, or leaving the list, sends the choice.
  let committed = "";
  let browsing = false;
  const payloads = new Map();

  function showMunicipality(key) {
    if (payloads.has(key) && picker.value !== key) picker.value = key;
    if (payloads.has(key)) committed = key;
  }
  function commit(refocus) {
    browsing = false;
    const key = picker.value;
    if (!key || key === committed || !payloads.has(key)) return;
    committed = key;
    send(payloads.get(key), picker.options[picker.selectedIndex].textContent);
    if (refocus) input.focus();
  }
  picker.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      commit(true);
    } else if (event.key !== "Tab") {
      browsing = true;
    }
  });
  picker.addEventListener("pointerdown", () => {
    browsing = false;
  });
  picker.addEventListener("change", () => {
    if (!browsing) commit(true);
  });
  picker.addEventListener("blur", () => {
    if (browsing) commit(false);
  });

  function clearLog() {
    while (log.lastChild) log.removeChild(log.lastChild);
    if (intro) log.appendChild(intro);
    picker.value = "";
    committed = "";
    pendingLetter = null;
    lastQuestion = "";
  }

  restart.addEventListener("click", async () => {
    if (!window.confirm("Start a new chat? This conversation will be cleared from this page.")) return;
    generation += 1;
    const { ok } = await postJson(NEW_CHAT, {});
    clearLog();
    status.textContent = ok ? "New chat started." : NO_ANSWER;
    input.focus();
  });

  async function loadMunicipalities() {
    try {
      const reply = await fetch(MUNICIPALITIES);
      const body = await reply.json();
      if (!reply.ok || !Array.isArray(body.municipalities)) throw new Error("unavailable");
      picker.replaceChildren(el("option", null, "Choose…"));
      picker.firstChild.value = "";
      for (const m of body.municipalities) {
        if (!m || typeof m.key !== "string" || typeof m.payload !== "string") continue;
        const option = el("option", null, m.name);
        option.value = m.key;
        payloads.set(m.key, m.payload);
        if (typeof m.provenance === "string") provenance.set(m.key, m.provenance);
        picker.appendChild(option);
      }
      picker.disabled = false;
    } catch (_) {
      picker.replaceChildren(el("option", null, "Unavailable"));
      picker.firstChild.value = "";
    }
  }

  // The conversation so far (after a reload): the user's messages and the bot's replies.
  async function loadHistory() {
    let data = null;
    try {
      const reply = await fetch(HISTORY, { credentials: "same-origin" });
      data = reply.ok ? await reply.json() : null;
    } catch (_) {
      data = null;
    }
    if (!data || !Array.isArray(data.messages) || !data.messages.length) return;
    const groups = [];
    for (const m of data.messages) {
      if (!m || typeof m !== "object") continue;
      if (m.role === "user" && m.hidden) groups.push({ hidden: true });
      else if (m.role === "user") groups.push({ user: String(m.text || "") });
      else if (groups.length && groups[groups.length - 1].bot) groups[groups.length - 1].bot.push(m);
      else groups.push({ bot: [m] });
    }
    let last = null;
    groups.forEach((g, i) => {
      if (g.hidden) return;
      if (g.user !== undefined) {
        bubble(log, "user", g.user);
        if (!g.user.startsWith("/")) lastQuestion = g.user;
      } else {
        last = render(g.bot, i === groups.length - 1, null);
      }
    });
    if (typeof data.municipality === "string") showMunicipality(data.municipality);
    status.textContent = "Your conversation so far is shown.";
    if (last) showStart(last);
  }

  updateCount();
  loadMunicipalities().then(loadHistory);
})();
