// The Info button that opens and closes the server details, its tooltip naming the shortcut.
import type { Ref } from "react";
import { useT } from "../../i18n";
import { detailsShortcut } from "./shortcut";

interface ServerDetailsButtonProps {
  open: boolean;
  /** The id of the panel it opens. */
  controls: string;
  onToggle: () => void;
  ref?: Ref<HTMLButtonElement>;
}

/** Opens and closes the server details; its tooltip names the keyboard shortcut. */
export function ServerDetailsButton({ open, controls, onToggle, ref }: ServerDetailsButtonProps) {
  const { t } = useT();
  const shortcut = detailsShortcut();
  return (
    <button
      ref={ref}
      type="button"
      className="button button--small server-toggle"
      data-testid="server-details-toggle"
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      aria-keyshortcuts={shortcut.aria}
      title={t("server.toggle.title", { shortcut: shortcut.label })}
      onClick={onToggle}
    >
      <svg className="server-toggle__icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="6.75" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <circle cx="8" cy="4.9" r="1" fill="currentColor" />
        <path d="M8 7.2v4.6" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      {t("server.toggle")}
    </button>
  );
}
