// useT(): the current language's t(), formatters and switch, from I18nProvider.
import { useContext } from "react";
import { I18nContext, type I18n } from "./context";

/** The current language's `t`, formatters and switch. Must be used under `I18nProvider`. */
export function useT(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useT() must be used inside <I18nProvider>");
  return i18n;
}
