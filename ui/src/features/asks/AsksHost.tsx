// Where servers' asks reach the person: one dialog at a time, oldest first, each naming its
// server and its place in the queue (and how many more of its asks Lode refused, when the
// server asked more than may wait); a note when the server withdraws the one on screen.
import { Dialog } from "../../ui-kit/Dialog";
import { useT } from "../../i18n";
import { ElicitationDialog } from "./ElicitationDialog";
import { SamplingDialog } from "./SamplingDialog";
import { useServerAsks } from "./useServerAsks";
import "./asks.css";

export function AsksHost() {
  const { t } = useT();
  const { asks, refused, note, done, dismissNote } = useServerAsks();
  if (note) {
    return (
      <Dialog
        title={t("asks.from", { server: note.server })}
        size="small"
        role="alertdialog"
        closeLabel={t("asks.close")}
        onClose={dismissNote}
        testId="ask-note"
        footer={
          <button type="button" className="button button--primary" data-autofocus onClick={dismissNote}>
            {t("asks.close")}
          </button>
        }
      >
        <p>{t(`asks.closed.${note.end}`, { server: note.server })}</p>
      </Dialog>
    );
  }
  const current = asks[0];
  if (!current) return null;
  const place = asks.length > 1 ? t("asks.queue", { position: 1, count: asks.length }) : null;
  const refusedHere = refused.find((r) => r.connection === current.connection);
  const refusedNote = refusedHere ? t("asks.refused", { count: refusedHere.count, server: refusedHere.server }) : null;
  return current.ask.kind === "elicitation" ? (
    <ElicitationDialog key={current.id} ask={current} request={current.ask.request} place={place} refused={refusedNote} onDone={() => done(current.id)} />
  ) : (
    <SamplingDialog key={current.id} ask={current} request={current.ask.request} place={place} refused={refusedNote} onDone={() => done(current.id)} />
  );
}
