// The i18n provider: the current locale (stored choice or system language, kept on <html lang>),
// its catalog's t(), its Intl formatters, and switching language.
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { interpolate, type Catalog, type Translate } from "./catalog";
import { I18nContext, type I18n } from "./context";
import { en } from "./en";
import { createFormatters } from "./format";
import { initialLocale, storeLocale, type Locale } from "./locale";
import { zhCN } from "./zh-CN";

const CATALOGS: Record<Locale, Catalog> = { en, "zh-CN": zhCN };

export function I18nProvider({ children, defaultLocale }: { children: ReactNode; defaultLocale?: Locale }) {
  const [locale, setLocaleState] = useState<Locale>(() => defaultLocale ?? initialLocale());

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const value = useMemo<I18n>(() => {
    const catalog = CATALOGS[locale];
    const t = ((key, params?: Record<string, string | number>) =>
      interpolate(catalog[key], params)) as Translate;
    return {
      locale,
      t,
      format: createFormatters(locale),
      setLocale: (next) => {
        storeLocale(next);
        setLocaleState(next);
      },
    };
  }, [locale]);

  return <I18nContext value={value}>{children}</I18nContext>;
}
