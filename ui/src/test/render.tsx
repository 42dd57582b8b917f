// renderApp: the whole App under the i18n provider, for the app-level tests.
import { render } from "@testing-library/react";
import { App } from "../app/App";
import { I18nProvider, type Locale } from "../i18n";

export function renderApp(locale: Locale = "en") {
  return render(
    <I18nProvider defaultLocale={locale}>
      <App />
    </I18nProvider>,
  );
}
