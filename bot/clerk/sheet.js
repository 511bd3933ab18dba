// The answer sheet's one button: print. (Ctrl+P works as well; the toolbar is hidden when printed.)
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  const button = document.getElementById("print-sheet");
  if (button) button.addEventListener("click", () => window.print());
});
