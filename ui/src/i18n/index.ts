// The i18n module's public entry: the provider, useT, the locales, and the catalog and
// formatter types.
export type { Catalog, MessageKey, Translate } from "./catalog";
export type { Formatters } from "./format";
export { parseTimestamp } from "./format";
export { I18nProvider } from "./I18nProvider";
export { LOCALES, isLocale, localeFromLanguage, type Locale } from "./locale";
export { useT } from "./useT";
