// The React context useT() reads: locale, setLocale, t and the formatters.
import { createContext } from "react";
import type { Translate } from "./catalog";
import type { Formatters } from "./format";
import type { Locale } from "./locale";

export interface I18n {
  locale: Locale;
  setLocale: (locale: Locale) => void;
  t: Translate;
  format: Formatters;
}

export const I18nContext = createContext<I18n | null>(null);
