// The keyboard-shortcut sheet: a dialog listing every shortcut of `shortcuts.ts` by section,
// opened with `?` (outside text fields, with no dialog open) or from the app menu.
import { Fragment, useEffect, useState } from "react";
import { useT } from "../i18n";
import { usesCommandKey } from "../features/server";
import { Dialog } from "../ui-kit/Dialog";
import { isSheetKey, keyLabel, SECTIONS, SHORTCUTS, type Shortcut } from "./shortcuts";
import "./ShortcutSheet.css";

/** Whether the sheet is open; `?` opens it unless a text field has focus or a dialog is open. */
export function useShortcutSheet() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A modal dialog makes the app inert: its keys are its own.
      if (document.getElementById("root")?.inert) return;
      if (!isSheetKey(event)) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return { open, show: () => setOpen(true), close: () => setOpen(false) };
}

export function ShortcutSheet({ onClose }: { onClose: () => void }) {
  const { t } = useT();
  return (
    <Dialog title={t("shortcuts.title")} onClose={onClose} closeLabel={t("common.close")} size="large" testId="shortcut-sheet" scrollableText>
      <div className="shortcuts">
        {SECTIONS.map((section) => (
          <table key={section} className="shortcuts__table" data-section={section}>
            <caption className="shortcuts__caption">{t(`shortcuts.section.${section}`)}</caption>
            <thead className="shortcuts__head">
              <tr>
                <th scope="col">{t("shortcuts.keys")}</th>
                <th scope="col">{t("shortcuts.action")}</th>
              </tr>
            </thead>
            <tbody>
              {SHORTCUTS.filter((shortcut) => shortcut.section === section).map((shortcut) => (
                <tr key={shortcut.id} data-testid="shortcut" data-shortcut={shortcut.id}>
                  <td className="shortcuts__keys">
                    <Keys shortcut={shortcut} />
                  </td>
                  <td>{t(shortcut.does)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </Dialog>
  );
}

function Keys({ shortcut }: { shortcut: Shortcut }) {
  const { t } = useT();
  const mac = usesCommandKey();
  const name = (key: string) =>
    key === "click" ? t("shortcuts.key.click") : key === "Space" ? t("shortcuts.key.Space") : keyLabel(key, mac);
  return (
    <>
      {shortcut.keys.map((chord, at) => (
        <Fragment key={at}>
          {at > 0 && <span className="shortcuts__or"> {t("shortcuts.or")} </span>}
          {chord.map((key, i) => (
            <Fragment key={i}>
              {i > 0 && "+"}
              <kbd>{name(key)}</kbd>
            </Fragment>
          ))}
        </Fragment>
      ))}
    </>
  );
}
