// The labelled theme picker in the header, beside the language switch.
import { useT } from "../i18n";
import { HeaderPicker } from "../ui-kit/HeaderPicker";
import { THEME_CHOICES } from "./theme";
import { useTheme } from "./useTheme";

/** System, Light, Dark, High contrast: stored as `lode.theme`, applied at once. */
export function ThemeSwitch() {
  const { t } = useT();
  const { choice, setChoice } = useTheme();
  const options = THEME_CHOICES.map((value) => ({ value, label: t(`theme.${value}`) }));
  return <HeaderPicker label={t("theme.label")} value={choice} options={options} onChange={setChoice} testId="theme-switch" />;
}
