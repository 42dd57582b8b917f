// The centered message a pane shows when it has nothing to show.
import type { ReactNode } from "react";

/** A calm, centered message for a pane with nothing to show yet. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="empty-state">{children}</div>;
}
