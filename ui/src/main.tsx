// The window's entry point: mounts App under StrictMode and the I18nProvider, and loads the
// theme.
// First: it notes when the script began, before the imports below are evaluated.
import "./scriptBegan";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { askBrowserEarly } from "./features/browser";
import { I18nProvider } from "./i18n";
import "./styles/theme.css";
import { startTheme } from "./theme/themeStore";

// The first rows' questions go out now, answered while React builds the first render.
askBrowserEarly();

// public/theme-boot.js set the theme before this ran; from here on it follows the switch and the OS.
startTheme();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <I18nProvider>
      <App />
    </I18nProvider>
  </StrictMode>,
);
