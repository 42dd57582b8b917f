// Tests only: rendering a preview component under the i18n provider.
import { render } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { I18nProvider, type Locale } from "../i18n";

/** Renders a preview component under the i18n provider; `rerender` keeps it (tests only). */
export function renderWithI18n(element: ReactElement, locale: Locale = "en") {
  const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider defaultLocale={locale}>{children}</I18nProvider>;
  return render(element, { wrapper });
}
