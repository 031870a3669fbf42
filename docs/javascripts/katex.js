// Render the formulas that pymdownx.arithmatex (generic mode) leaves in `.arithmatex` elements,
// with the KaTeX copy served from this site (docs/assets/katex), on every page load, including
// Material's instant navigation (document$).
(function () {
  function render() {
    if (typeof renderMathInElement !== "function") return;
    document.querySelectorAll(".arithmatex").forEach(function (el) {
      renderMathInElement(el, {
        delimiters: [
          { left: "\\(", right: "\\)", display: false },
          { left: "\\[", right: "\\]", display: true },
        ],
        throwOnError: false,
      });
    });
  }
  if (typeof document$ !== "undefined") {
    document$.subscribe(render);
  } else {
    document.addEventListener("DOMContentLoaded", render);
  }
})();
