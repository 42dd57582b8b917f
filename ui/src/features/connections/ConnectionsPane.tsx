// The connections pane: the saved connections, keeping the selection in step with the list,
// the row actions and dialogs, and the notice (with Undo after a delete).
import { useEffect, useRef, useState } from "react";
import { useT } from "../../i18n";
import { onLaunchInstall, stopListening, takeInstallLink, type ConnectionId, type Connection } from "../../ipc";
import { EmptyState } from "../../ui-kit/EmptyState";
import { Pane } from "../../ui-kit/Pane";
import { Spinner } from "../../ui-kit/Spinner";
import { Toast } from "../../ui-kit/Toast";
import { LodeErrorBanner } from "../errors";
import { onPickerSettingsKept, reloadPickerSettings } from "../picker";
import { useInstallAlerts } from "../install";
import { ConnectionDialogs, type OpenDialog } from "./ConnectionDialogs";
import { ConnectionItem } from "./ConnectionItem";
import type { RowAction } from "./rowActions";
import { useConnectionActions } from "./useConnectionActions";
import type { ConnectionStatuses } from "./useConnectionStatuses";
import { useConnections } from "./useConnections";
import { ConnectionGrip } from "./ConnectionGrip";
import { useConnectionOrder } from "./useConnectionOrder";
import { REORDER_KEY_ATTRIBUTE } from "../../ui-kit/usePointerReorder";
import "./connections.css";

interface ConnectionsPaneProps {
  statuses: ConnectionStatuses;
  selectedId: ConnectionId | null;
  /** Also called with the newer copy of the selected connection after it was edited. */
  onSelect: (connection: Connection) => void;
  /** The selected connection is gone (deleted) and no other is left to show. */
  onDeselect?: () => void;
}

export function ConnectionsPane({ statuses, selectedId, onSelect, onDeselect }: ConnectionsPaneProps) {
  const { t } = useT();
  const { state, reload, refresh } = useConnections();
  const [open, setOpen] = useState<OpenDialog>(null);
  // A just-saved or restored connection to select once the refreshed list has it.
  const wanted = useRef<ConnectionId | null>(null);
  const loaded = state.status === "success" ? state.data : null;
  const { shown: list, listRef, reorder, onKeyDown, announce } = useConnectionOrder(loaded, refresh);

  const changed = (select?: Connection) => {
    if (select) {
      wanted.current = select.id;
      onSelect(select);
    }
    refresh();
    // Whether a connection's resources show is in its edit form too: the browser reads again.
    reloadPickerSettings();
  };
  const alerts = useInstallAlerts();
  const actions = useConnectionActions((select) => {
    changed(select);
    alerts.reload();
  });
  // Opened by a lode://install link or an .mcpb file — or handed one later, while it runs: the
  // Add server flow at its server or bundle (the install itself still waits for the person's
  // yes in Lode's own dialog).
  useEffect(() => {
    const take = () =>
      takeInstallLink().then(
        (launch) => {
          if (launch) setOpen({ kind: "add", launch });
        },
        (failure: unknown) => actions.fail(failure),
      );
    void take();
    const listening = onLaunchInstall(() => void take());
    return () => {
      void listening.then(stopListening, () => undefined);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the pane opens
  }, []);
  // ...and the list, which an edit form opens from, follows a change made in the server details.
  useEffect(() => onPickerSettingsKept(refresh), [refresh]);

  // Keep the selection in step with the list: the first connection on a first launch (so the
  // Demo server's resources show at once), a just-saved one, the newer copy of an edited one,
  // and another one when the selected one was deleted.
  useEffect(() => {
    if (!list) return;
    const want = list.find((c) => c.id === wanted.current);
    if (want) {
      wanted.current = null;
      onSelect(want);
    } else if (wanted.current === null && !list.some((c) => c.id === selectedId)) {
      const first = list[0];
      if (first) onSelect(first);
      else if (selectedId !== null) onDeselect?.();
    }
  }, [list, selectedId, onSelect, onDeselect]);

  const act = (connection: Connection, action: RowAction) => {
    if (action === "edit" || action === "delete") setOpen({ kind: action, connection });
    else if (action === "export") setOpen({ kind: "export", connections: [connection] });
    else actions[action](connection);
  };

  const aside = (
    <button
      type="button"
      className="button button--small button--primary connections-add"
      data-testid="connections-add"
      aria-label={t("connections.add.title")}
      title={t("connections.add.title")}
      onClick={() => setOpen({ kind: "add" })}
    >
      <span aria-hidden="true">+</span>
    </button>
  );
  // Importing and exporting are less frequent than adding: below the list, out of the title's way.
  const footer = (
    <>
      <button type="button" className="button button--small" data-testid="connections-import" onClick={() => setOpen({ kind: "import" })}>
        {t("connections.import")}
      </button>
      {list?.some((c) => c.origin?.registry) && (
        <button
          type="button"
          className="button button--small"
          data-testid="connections-check-updates"
          title={t("install.checkUpdatesTitle")}
          onClick={() => {
            alerts.checkNow().then(
              (found) => {
                const news = found.alerts.length;
                const said = news === 0 ? t("install.checked.none") : t("install.checked.some", { count: news });
                actions.say(found.problems.length > 0 ? `${said}. ${t("install.checkProblems", { problems: found.problems.join("; ") })}` : said);
              },
              (failure: unknown) => actions.fail(failure),
            );
          }}
        >
          {t("install.checkUpdates")}
        </button>
      )}
      {list && list.length > 0 && (
        <button
          type="button"
          className="button button--small"
          data-testid="connections-export"
          title={t("connections.exportAll.title")}
          onClick={() => setOpen({ kind: "export", connections: list })}
        >
          {t("connections.exportAll")}
        </button>
      )}
    </>
  );

  return (
    <Pane title={t("connections.title")} aside={aside} footer={footer} className="pane--connections">
      {state.status === "loading" && <Spinner label={t("connections.loading")} />}
      {state.status === "error" && <LodeErrorBanner error={state.error} onRetry={reload} />}
      {list?.length === 0 && <EmptyState>{t("connections.empty")}</EmptyState>}
      {list && list.length > 0 && (
        <ul
          ref={listRef}
          className={`connection-list${reorder.dragging === null ? "" : " reorder-list--dragging"}`}
          aria-label={t("connections.listLabel")}
          aria-describedby="connections-order-hint"
          onKeyDown={onKeyDown}
        >
          {list.map((connection, index) => (
            <ConnectionItem
              drag={{
                className: reorder.rowClass(connection.id, index),
                rowAttributes: { [REORDER_KEY_ATTRIBUTE]: connection.id },
                grip: <ConnectionGrip name={connection.name} onPointerDown={(event) => reorder.startDrag(connection.id, event)} />,
              }}
              key={connection.id}
              connection={connection}
              status={statuses.get(connection.id)}
              selected={connection.id === selectedId}
              onSelect={() => onSelect(connection)}
              onAction={(action) => act(connection, action)}
              alert={alerts.byConnection.get(connection.id)}
            />
          ))}
        </ul>
      )}
      <p id="connections-order-hint" className="visually-hidden">
        {t("drag.connections.hint")}
      </p>
      <p className="visually-hidden" aria-live="polite" data-testid="connections-order-announce">
        {announce}
      </p>
      <ConnectionDialogs open={open} onClose={() => setOpen(null)} onChanged={changed} onDelete={actions.remove} />
      {actions.notice && (
        <Toast
          key={actions.notice.serial}
          message={actions.notice.message}
          actionLabel={actions.notice.undo || actions.notice.undoUpdate ? t("common.undo") : undefined}
          onAction={() => {
            if (actions.notice?.undo) actions.undo(actions.notice.undo);
            else if (actions.notice?.undoUpdate) actions.undoUpdate(actions.notice.undoUpdate);
          }}
          actionTestId={actions.notice.undoUpdate ? "undo-update" : "undo-delete"}
          onDismiss={actions.dismiss}
          dismissLabel={t("common.dismiss")}
          testId="notice"
        />
      )}
    </Pane>
  );
}
