// Each pane of the window behind its own error boundary: a pane that fails to render says so in
// its place, translated, with Retry and Dismiss, and the other panes keep working.
import type { ReactNode } from "react";
import { useT } from "../i18n";
import { ErrorBoundary } from "../ui-kit/ErrorBoundary";
import type { Side } from "./SideTabs";

interface PaneBoundaryProps {
  /** The pane's title key, to name it in the message. */
  pane: "connections.title" | "browser.title" | `app.tab.${Side}`;
  /** When it changes, a caught error is forgotten (another resource opened, say). */
  resetKey?: unknown;
  children: ReactNode;
}

export function PaneBoundary({ pane, resetKey, children }: PaneBoundaryProps) {
  const { t } = useT();
  const labels = {
    title: t("boundary.pane", { pane: t(pane) }),
    retry: t("common.retry"),
    dismiss: t("common.dismiss"),
    details: t("common.details"),
  };
  return (
    <ErrorBoundary labels={labels} resetKey={resetKey} testId="pane-error">
      {children}
    </ErrorBoundary>
  );
}
