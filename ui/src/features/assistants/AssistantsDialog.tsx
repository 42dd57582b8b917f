// The "Connect an assistant" dialog: each assistant, installed or not, and Lode's entry in its
// configuration (absent, current, stale, another program's), with Connect, Repair and
// Disconnect. A button first shows the change as a diff; writing it is then confirmed by Lode
// itself in a native dialog (the shell's `change_assistant`), so a page cannot do it alone.
import { useState } from "react";
import { useT } from "../../i18n";
import {
  changeAssistant,
  listAssistants,
  previewAssistantChange,
  toLodeError,
  type AssistantAction,
  type AssistantConfig,
  type LodeError,
  type PlannedChangeView,
} from "../../ipc";
import { Dialog } from "../../ui-kit/Dialog";
import { Spinner } from "../../ui-kit/Spinner";
import { useAsync } from "../../ui-kit/useAsync";
import { LodeErrorBanner } from "../errors";
import { RevealedText } from "../../ui-kit/RevealedText";
import "./assistants.css";

type Note = { kind: "written"; text: string } | { kind: "failed"; error: LodeError };

/** `profile`: the hub profile the entries serve (the Hub tab's; "default" from the menu). */
export function AssistantsDialog({ onClose, profile }: { onClose: () => void; profile?: string }) {
  const { t } = useT();
  const { state, reload } = useAsync<AssistantConfig[], LodeError>(
    `assistants:${profile ?? ""}`,
    () => listAssistants(profile),
    toLodeError,
  );
  const [preview, setPreview] = useState<{ row: AssistantConfig; change: PlannedChangeView } | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note | null>(null);

  // The profile an entry serves: the one this dialog is for (the Hub tab's); from the menu, a
  // repair keeps the profile the entry already serves rather than turning it into "default".
  const servedBy = (row: AssistantConfig) => profile ?? row.profile;
  const show = (row: AssistantConfig, action: AssistantAction) => {
    setBusy(true);
    setNote(null);
    previewAssistantChange(row.assistant, action, servedBy(row)).then(
      (change) => {
        setBusy(false);
        setPreview({ row, change });
      },
      (error: unknown) => {
        setBusy(false);
        setNote({ kind: "failed", error: toLodeError(error) });
      },
    );
  };

  const write = () => {
    if (!preview) return;
    setBusy(true);
    changeAssistant(preview.change.assistant, preview.change.action, servedBy(preview.row)).then(
      (written) => {
        setBusy(false);
        setPreview(null);
        const text = !written.changed
          ? t("assistants.unchanged", { path: written.path })
          : written.backup
            ? t("assistants.writtenBackup", { path: written.path, backup: written.backup })
            : t("assistants.written", { path: written.path });
        setNote({ kind: "written", text });
        reload();
      },
      (error: unknown) => {
        setBusy(false);
        const lodeError = toLodeError(error);
        // A "no" in Lode's own dialog is the person's answer, not a failure.
        setNote(lodeError.code === "declined" ? { kind: "written", text: t("assistants.declined") } : { kind: "failed", error: lodeError });
        setPreview(null);
        reload();
      },
    );
  };

  return (
    <Dialog title={t("assistants.title")} onClose={onClose} closeLabel={t("common.close")} testId="assistants-dialog" size="large">
      <p className="assistants__intro">{t("assistants.intro")}</p>
      {note?.kind === "written" && (
        <p className="assistants__note" role="status" data-testid="assistants-note">
          <RevealedText text={note.text} />
        </p>
      )}
      {note?.kind === "failed" && <LodeErrorBanner error={note.error} />}
      {preview ? (
        <ChangePreview change={preview.change} busy={busy} onWrite={write} onCancel={() => setPreview(null)} />
      ) : state.status === "success" ? (
        <ul className="assistants__list" aria-label={t("assistants.list")} data-testid="assistants-list">
          {state.data.map((row) => (
            <AssistantRow key={`${row.assistant}-${row.scope}`} row={row} busy={busy} onAction={(action) => show(row, action)} />
          ))}
        </ul>
      ) : state.status === "error" ? (
        <LodeErrorBanner error={state.error} onRetry={reload} />
      ) : (
        <Spinner label={t("assistants.loading")} />
      )}
    </Dialog>
  );
}

function AssistantRow({ row, busy, onAction }: { row: AssistantConfig; busy: boolean; onAction: (action: AssistantAction) => void }) {
  const { t } = useT();
  const state = row.state ?? "unreadable";
  const button = (action: AssistantAction, label: string, primary = false) => (
    <button
      type="button"
      className={`button button--small${primary ? " button--primary" : ""}`}
      disabled={busy}
      onClick={() => onAction(action)}
      data-testid={`assistant-${action}-${row.cliName}`}
    >
      {label}
    </button>
  );
  return (
    <li className="assistants__row" data-testid={`assistant-${row.cliName}`} data-state={state}>
      <div className="assistants__what">
        <span className="assistants__name">{row.name}</span>
        <span className={`assistants__installed${row.installed ? "" : " assistants__installed--no"}`}>
          {row.installed ? t("assistants.installed") : t("assistants.notInstalled")}
        </span>
        <span className={`assistants__state assistants__state--${state}`}>{t(`assistants.state.${state}`)}</span>
        <code className="assistants__path">
          <RevealedText text={row.path} />
        </code>
        {row.problem && (
          <span className="assistants__problem">
            <RevealedText text={row.problem} />
          </span>
        )}
      </div>
      <div className="assistants__actions">
        {state === "absent" && button("connect", t("assistants.connect", { name: row.name }), true)}
        {state === "stale" && button("repair", t("assistants.repair", { name: row.name }), true)}
        {(state === "current" || state === "stale") && button("disconnect", t("assistants.disconnect", { name: row.name }))}
      </div>
    </li>
  );
}

function ChangePreview({ change, busy, onWrite, onCancel }: { change: PlannedChangeView; busy: boolean; onWrite: () => void; onCancel: () => void }) {
  const { t } = useT();
  const nothing = change.diff === "";
  return (
    <section className="assistants__preview" data-testid="assistants-preview">
      <p>{t(`assistants.preview.${change.action}`, { path: change.path })}</p>
      {change.createsFile && <p>{t("assistants.preview.creates")}</p>}
      {nothing ? (
        <p>{t("assistants.preview.nothing")}</p>
      ) : (
        <pre className="assistants__diff" tabIndex={0} data-testid="assistants-diff">
          {change.diff.split("\n").map((line, i) => (
            <span key={i} className={line.startsWith("+") && !line.startsWith("+++") ? "assistants__added" : line.startsWith("-") && !line.startsWith("---") ? "assistants__removed" : undefined}>
              <RevealedText text={line} />
              {"\n"}
            </span>
          ))}
        </pre>
      )}
      {!nothing && <p className="assistants__hint">{t("assistants.preview.confirmHint")}</p>}
      <div className="assistants__preview-actions">
        <button type="button" className="button" onClick={onCancel}>
          {t("common.cancel")}
        </button>
        {!nothing && (
          <button type="button" className="button button--primary" disabled={busy} onClick={onWrite} data-testid="assistants-write" data-autofocus>
            {t("assistants.preview.write")}
          </button>
        )}
      </div>
    </section>
  );
}
