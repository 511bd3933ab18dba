// The repair-request letter: what the tenant types goes into the letter on this page only.
// Nothing typed here is sent anywhere; the form has no action. Print, or download as a text file.
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  const letter = document.getElementById("letter");
  const fields = ["tenant-name", "tenant-address", "landlord-name", "problem"];

  function fill(name) {
    const input = document.getElementById(name);
    const value = input.value.trim();
    for (const span of letter.querySelectorAll(`[data-field="${name}"]`)) {
      let text = value || span.dataset.blank;
      if (name === "problem" && value && !/[.!?)]$/.test(value)) text += ".";
      span.textContent = text;
    }
  }

  // The problem in the tenant's words comes in the link's fragment (#p=…), which is never sent to a server.
  const problem = document.getElementById("problem");
  const fromLink = /(?:^#|&)p=([^&]*)/.exec(window.location.hash);
  if (fromLink) {
    try {
      problem.value = decodeURIComponent(fromLink[1]);
    } catch (_) {
      problem.value = "";
    }
  } else {
    const shown = letter.querySelector('[data-field="problem"]');
    if (shown && shown.textContent !== shown.dataset.blank) problem.value = shown.textContent;
  }
  for (const name of fields) {
    const input = document.getElementById(name);
    input.addEventListener("input", () => fill(name));
    fill(name);
  }

  document.getElementById("letter-form").addEventListener("submit", (event) => event.preventDefault());
  document.getElementById("print-letter").addEventListener("click", () => window.print());
  document.getElementById("download-letter").addEventListener("click", () => {
    const text = letter.innerText.replace(/\n{3,}/g, "\n\n").trim() + "\n";
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    link.download = "repair-request-letter.txt";
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  });
});
