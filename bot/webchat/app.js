// The tenants' web chat. Talks to the assistant over the REST channel (same origin).
// Bot text is only ever set with textContent, never parsed as HTML.
"use strict";

(() => {
  const WEBHOOK = new URL("../rest/webhook", document.baseURI).href;
  const MUNICIPALITIES = new URL("municipalities.json", document.baseURI).href;
  const SENDER_KEY = "housing-webchat-sender";
  const TIMEOUT_MS = 60000;
  const NO_ANSWER =
    "Sorry, the assistant is not answering right now. Please check your connection and try again in a moment.";
  // How a citation is known (the knowledge base's "basis"); "stated" needs no note.
  const BASIS_NOTES = {
    cross_reference: "The section number is confirmed by a cross-reference elsewhere in the code.",
    inferred: "The source text does not print this paragraph's letter, so it is cited by its section and a label.",
    unknown: "The source text gives no section number here, so it is cited by its heading.",
  };

  const log = document.getElementById("log");
  const form = document.getElementById("composer");
  const input = document.getElementById("message");
  const status = document.getElementById("status");
  const picker = document.getElementById("municipality");
  const restart = document.getElementById("restart");
  const intro = log.firstElementChild;

  // -- the sender id: random, kept for the browser tab's session ------------------------
  let memorySender = null;
  function newSender() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return "web-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }
  function sender() {
    try {
      let id = sessionStorage.getItem(SENDER_KEY);
      if (!id) {
        id = newSender();
        sessionStorage.setItem(SENDER_KEY, id);
      }
      return id;
    } catch (_) {
      memorySender = memorySender || newSender();
      return memorySender;
    }
  }
  function resetSender() {
    memorySender = null;
    try {
      sessionStorage.removeItem(SENDER_KEY);
    } catch (_) {
      /* storage unavailable: the in-memory id was reset */
    }
  }

  // -- rendering -----------------------------------------------------------------------
  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function append(node) {
    log.appendChild(node);
    return node;
  }
  function showStart(node) {
    // Bring the start of a reply into view (long answers are read from the top).
    const top = node.offsetTop - 8;
    log.scrollTop = Math.min(top, log.scrollHeight);
  }
  function bubble(role, text, extraClass) {
    const item = el("div", "msg " + role + (extraClass ? " " + extraClass : ""));
    item.appendChild(el("span", "sr-only", role === "user" ? "You said: " : "Assistant: "));
    item.appendChild(el("p", "text", text));
    return append(item);
  }
  function quickReplies(buttons) {
    const group = el("div", "quick-replies");
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", "Suggested replies");
    for (const b of buttons) {
      if (!b || typeof b.payload !== "string" || !b.payload) continue;
      const title = typeof b.title === "string" && b.title ? b.title : b.payload;
      const button = el("button", "quick", title);
      button.type = "button";
      button.addEventListener("click", () => {
        for (const other of group.querySelectorAll("button")) other.disabled = true;
        button.classList.add("chosen");
        send(b.payload, title);
        input.focus();
      });
      group.appendChild(button);
    }
    return group.childElementCount ? append(group) : null;
  }
  function citations(custom) {
    const list = Array.isArray(custom.citations) ? custom.citations : [];
    const box = el("div", "citations");
    box.appendChild(el("p", "citations-title", list.length === 1 ? "Source" : "Sources"));
    for (const c of list) {
      if (!c || typeof c.citation !== "string") continue;
      const details = el("details", "citation");
      details.appendChild(el("summary", null, c.citation));
      details.appendChild(el("blockquote", null, typeof c.quote === "string" ? c.quote : ""));
      const notes = [];
      if (typeof c.heading === "string" && c.heading && !c.citation.includes(c.heading)) {
        notes.push("Heading: " + (/[.?!]$/.test(c.heading) ? c.heading : c.heading + "."));
      }
      if (BASIS_NOTES[c.basis]) notes.push(BASIS_NOTES[c.basis]);
      if (notes.length) details.appendChild(el("p", "meta", notes.join(" ")));
      box.appendChild(details);
    }
    return box.childElementCount > 1 ? append(box) : null;
  }
  function render(messages) {
    let first = null;
    const keep = (node) => {
      first = first || node;
    };
    for (const m of messages) {
      if (!m || typeof m !== "object") continue;
      if (typeof m.text === "string" && m.text) keep(bubble("bot", m.text));
      if (Array.isArray(m.buttons) && m.buttons.length) {
        const group = quickReplies(m.buttons);
        if (group) keep(group);
      }
      if (m.custom && typeof m.custom === "object") {
        const box = citations(m.custom);
        if (box) keep(box);
        if (typeof m.custom.municipality === "string") showMunicipality(m.custom.municipality);
      }
    }
    if (!first) first = bubble("bot", "The assistant did not reply. Please try asking in other words.", "error");
    showStart(first);
  }

  // -- talking to the assistant ----------------------------------------------------------
  let queue = Promise.resolve();
  let pending = 0;
  let generation = 0; // replies to an abandoned conversation are dropped

  function setBusy(delta) {
    pending += delta;
    status.textContent = pending > 0 ? "The assistant is answering…" : "";
  }
  async function post(text) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
    try {
      const reply = await fetch(WEBHOOK, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ sender: sender(), message: text }),
        signal: controller.signal,
      });
      let body = null;
      try {
        body = await reply.json();
      } catch (_) {
        body = null;
      }
      if (reply.ok && Array.isArray(body)) return { messages: body };
      if (body && typeof body.error === "string") return { error: body.error };
      return { error: NO_ANSWER };
    } catch (_) {
      return { error: NO_ANSWER };
    } finally {
      clearTimeout(timer);
    }
  }
  // Send `text` to the assistant, showing `shown` (default: the text) as the user's message.
  function send(text, shown) {
    const mine = generation;
    showStart(bubble("user", shown || text));
    setBusy(1);
    queue = queue.then(async () => {
      const result = await post(text);
      setBusy(-1);
      if (mine !== generation) return;
      if (result.messages) render(result.messages);
      else showStart(bubble("bot", result.error, "error"));
    });
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) {
      input.focus();
      return;
    }
    input.value = "";
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
  function commit() {
    browsing = false;
    const key = picker.value;
    if (!key || key === committed || !payloads.has(key)) return;
    committed = key;
    send(payloads.get(key), picker.options[picker.selectedIndex].textContent);
  }
  picker.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      commit();
    } else if (event.key !== "Tab") {
      browsing = true;
    }
  });
  picker.addEventListener("pointerdown", () => {
    browsing = false;
  });
  picker.addEventListener("change", () => {
    if (!browsing) commit();
  });
  picker.addEventListener("blur", () => {
    if (browsing) commit();
  });

  restart.addEventListener("click", () => {
    generation += 1;
    resetSender();
    while (log.lastChild) log.removeChild(log.lastChild);
    if (intro) log.appendChild(intro);
    picker.value = "";
    committed = "";
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
        picker.appendChild(option);
      }
      picker.disabled = false;
    } catch (_) {
      picker.replaceChildren(el("option", null, "Unavailable"));
      picker.firstChild.value = "";
    }
  }

  loadMunicipalities();
})();
