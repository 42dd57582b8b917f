// Sets <html data-theme data-scheme> before the first paint, so no theme flashes another in.
// A classic script (index.html loads it before the stylesheet; the CSP allows 'self' scripts).
// It mirrors resolveTheme() in src/theme/theme.ts; theme.test.ts runs both and compares them.
(function () {
  var choice = "system";
  try {
    var stored = window.localStorage.getItem("lode.theme");
    if (stored === "light" || stored === "dark" || stored === "contrast" || stored === "system") choice = stored;
  } catch {
    // No storage: follow the system.
  }
  function matches(query) {
    return typeof window.matchMedia === "function" && window.matchMedia(query).matches;
  }
  var dark = matches("(prefers-color-scheme: dark)");
  var theme = choice;
  var scheme = choice === "light" ? "light" : "dark";
  if (choice === "system") {
    if (matches("(forced-colors: active)")) {
      theme = "contrast";
      scheme = dark ? "dark" : "light";
    } else if (matches("(prefers-contrast: more)")) {
      theme = "contrast";
      scheme = "dark";
    } else {
      theme = dark ? "dark" : "light";
      scheme = theme;
    }
  }
  document.documentElement.setAttribute("data-theme", theme);
  document.documentElement.setAttribute("data-scheme", scheme);
})();
