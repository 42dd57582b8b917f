// The window's header: the app's name and tagline, the theme and language switches and the app
// menu.
import { useState } from "react";
import { AppMenu } from "../features/updates";
import { LOCALES, useT, type Locale } from "../i18n";
import { ThemeSwitch } from "../theme/ThemeSwitch";
import { HeaderPicker } from "../ui-kit/HeaderPicker";
import { ShortcutSheet, useShortcutSheet } from "./ShortcutSheet";

export function AppHeader() {
  const { t, locale, setLocale } = useT();
  // Until the language menu first takes the focus, "简体中文" is written in Latin letters in a
  // window that is not in Chinese: WebKit measures every option for the menu's width, and that
  // name alone loaded a CJK font (2 MB of the web process) the window never needs otherwise. The
  // menu shows each language's own name from its first focus on, before its list opens.
  const [languagesFocused, setLanguagesFocused] = useState(false);
  const options = LOCALES.map((value: Locale) => ({
    value,
    label:
      value === "zh-CN" && locale !== "zh-CN" && !languagesFocused ? t("language.zh-CN.inLatin") : t(`language.${value}`),
  }));
  const sheet = useShortcutSheet();
  return (
    <header className="app-header">
      <div className="app-header__brand">
        <img className="app-header__logo" src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" />
        <span className="app-header__name">{t("app.name")}</span>
        <span className="app-header__tagline">{t("app.tagline")}</span>
      </div>
      <div className="app-header__actions">
        <ThemeSwitch />
        <HeaderPicker label={t("language.label")} value={locale} options={options} onChange={setLocale} onFocus={() => setLanguagesFocused(true)} testId="language-switch" />
        <AppMenu onShortcuts={sheet.show} />
        {sheet.open && <ShortcutSheet onClose={sheet.close} />}
      </div>
    </header>
  );
}
