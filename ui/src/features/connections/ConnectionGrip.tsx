// The grip a connection row is dragged by (pointer only: the keyboard moves the focused row
// with Alt+Up / Alt+Down, which the list's description says).
import type { PointerEvent } from "react";
import { useT } from "../../i18n";
import "../../ui-kit/reorder.css";

export function ConnectionGrip({ name, onPointerDown }: { name: string; onPointerDown: (event: PointerEvent<HTMLElement>) => void }) {
  const { t } = useT();
  return (
    <span
      className="reorder-grip connection-row__grip"
      data-testid="connection-grip"
      title={t("drag.grip", { name })}
      aria-hidden="true"
      onPointerDown={onPointerDown}
    >
      ⠿
    </span>
  );
}
