// Render the formulas that pymdownx.arithmatex (generic mode) leaves in `.arithmatex` elements,
// with the KaTeX copy served from this site (docs/assets/katex), on every page load, including
// Material's instant navigation (document$). Search result snippets come from the search index,
// which holds the formulas' source text (`\(O(RC)\)`): they are rendered as they appear.
(function () {
  var options = {
    delimiters: [
      { left: "\\(", right: "\\)", display: false },
      { left: "\\[", right: "\\]", display: true },
    ],
    throwOnError: false,
  };
  // A display formula wider than its box (a phone) scrolls sideways; a hint above it says so,
  // shown only while the formula is wider than the box (as the attention viewer's grid does).
  var HINT = "math-scroll-hint";
  function addScrollHint(display) {
    if (display.previousElementSibling && display.previousElementSibling.classList.contains(HINT)) {
      return;
    }
    var hint = document.createElement("p");
    hint.className = HINT;
    hint.setAttribute("aria-hidden", "true");
    hint.textContent = "← 옆으로 밀어 보기 →";
    display.parentNode.insertBefore(hint, display);
    function update() {
      hint.hidden = display.scrollWidth <= display.clientWidth + 1;
    }
    update();
    if (window.ResizeObserver) new ResizeObserver(update).observe(display);
  }
  function render() {
    if (typeof renderMathInElement !== "function") return;
    document.querySelectorAll(".arithmatex").forEach(function (el) {
      renderMathInElement(el, options);
    });
    document.querySelectorAll("article .katex-display").forEach(addScrollHint);
  }
  function renderSearchResults() {
    var list = document.querySelector(".md-search-result__list");
    if (!list || list.dataset.mathObserved) return;
    list.dataset.mathObserved = "1";
    new MutationObserver(function () {
      if (typeof renderMathInElement !== "function") return;
      list.querySelectorAll(".md-search-result__article:not([data-math])").forEach(function (el) {
        el.setAttribute("data-math", "");
        renderMathInElement(el, Object.assign({}, options, {
          delimiters: [{ left: "\\(", right: "\\)", display: false }],
        }));
      });
    }).observe(list, { childList: true, subtree: true });
  }
  function start() {
    render();
    renderSearchResults();
  }
  if (typeof document$ !== "undefined") {
    document$.subscribe(start);
  } else {
    document.addEventListener("DOMContentLoaded", start);
  }
})();
