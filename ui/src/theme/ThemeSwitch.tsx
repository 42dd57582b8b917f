// The labelled theme picker in the header, beside the language switch.
import { useId } from "react";
import { useT } from "../i18n";
import { isThemeChoice, THEME_CHOICES } from "./theme";
import { useTheme } from "./useTheme";

/** System, Light, Dark, High contrast: stored as `lode.theme`, applied at once. */
export function ThemeSwitch() {
  const { t } = useT();
  const { choice, setChoice } = useTheme();
  const id = useId();
  return (
    <div className="header-switch">
      <label htmlFor={id} className="header-switch__label">
        {t("theme.label")}
      </label>
      <select
        id={id}
        data-testid="theme-switch"
        className="header-switch__select"
        value={choice}
        onChange={(event) => {
          if (isThemeChoice(event.target.value)) setChoice(event.target.value);
        }}
      >
        {THEME_CHOICES.map((value) => (
          <option key={value} value={value}>
            {t(`theme.${value}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
