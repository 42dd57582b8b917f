// A tool's argument form (schema fields or JSON text), its validation, and the confirmation
// dialog showing the exact arguments before every call. Lode itself then asks, in its own
// dialog, before a tool the server does not mark read-only: that answer is the one that counts,
// and only there a wish not to be asked again (the checkbox here) is kept.
import { useRef, useState, type SyntheticEvent } from "react";
import { useT } from "../../i18n";
import { callTool, type ConnectionId, type LodeError, type ToolItem, type ToolResult } from "../../ipc";
import { Dialog } from "../../ui-kit/Dialog";
import { FieldErrors } from "../../ui-kit/Field";
import { visibleText } from "../../ui-kit/serverText";
import { LodeErrorBanner } from "../errors";
import { CallProgress } from "./CallProgress";
import { SchemaFields } from "./SchemaFields";
import { buildArguments, fieldsOf, formable, initialValues, parseArgumentsJson, type FormValues, type Problem } from "./schema";
import { isDestructive } from "./toolHints";
import { useFollowedRequest } from "../followed-requests";

export interface ToolFormProps {
  connectionId: ConnectionId;
  tool: ToolItem;
  /** Lode runs this tool without asking (the person said so): no "don't ask again" offered. */
  trusted?: boolean;
  /** A call answered: the result and the arguments it was called with. */
  onResult: (result: ToolResult, args: Record<string, unknown>) => void;
}

type CallState =
  | { kind: "idle" }
  | { kind: "confirming"; args: Record<string, unknown>; dontAskAgain: boolean }
  | { kind: "calling" }
  | { kind: "cancelled" }
  | { kind: "failed"; error: LodeError };

/**
 * A tool's arguments as a form generated from its input schema (or as JSON text), and Call.
 * Every call is confirmed first in a dialog naming the tool and showing the exact arguments:
 * tools can change things. Another tool (or connection) starts from its defaults.
 */
export function ToolForm(props: ToolFormProps) {
  return <ToolFormFor key={`${props.connectionId}\u0000${props.tool.name}`} {...props} />;
}

function ToolFormFor({ connectionId, tool, trusted = false, onResult }: ToolFormProps) {
  const { t } = useT();
  const canForm = formable(tool.inputSchema);
  const [fields] = useState(() => fieldsOf(tool.inputSchema));
  const [values, setValues] = useState<FormValues>(() => initialValues(fields));
  const [asJson, setAsJson] = useState(!canForm);
  const [json, setJson] = useState(() => JSON.stringify(buildArguments(fields, initialValues(fields)).arguments, null, 2));
  const [problems, setProblems] = useState<Record<string, Problem>>({});
  const [jsonProblem, setJsonProblem] = useState<Problem | null>(null);
  const [tried, setTried] = useState(false);
  const [state, setState] = useState<CallState>({ kind: "idle" });
  const form = useRef<HTMLFormElement>(null);
  const followed = useFollowedRequest(connectionId);

  const change = (next: FormValues) => {
    setValues(next);
    if (tried) setProblems(buildArguments(fields, next).problems);
  };

  const switchMode = () => {
    if (asJson) {
      // Back to the fields: they keep what they had; the JSON text is not parsed into them.
      setAsJson(false);
    } else {
      setJson(JSON.stringify(buildArguments(fields, values).arguments, null, 2));
      setJsonProblem(null);
      setAsJson(true);
    }
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setTried(true);
    if (asJson) {
      const parsed = parseArgumentsJson(json);
      if ("problem" in parsed) {
        setJsonProblem(parsed.problem);
        return;
      }
      setJsonProblem(null);
      setState({ kind: "confirming", args: parsed.arguments, dontAskAgain: false });
      return;
    }
    const built = buildArguments(fields, values);
    setProblems(built.problems);
    if (Object.keys(built.problems).length > 0) {
      // Focus the first field that needs attention (after the render that marks it).
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setState({ kind: "confirming", args: built.arguments, dontAskAgain: false });
  };

  const confirm = async (args: Record<string, unknown>, dontAskAgain: boolean) => {
    setState({ kind: "calling" });
    const outcome = await followed.run((tag) => callTool(connectionId, tool.name, args, tag, dontAskAgain));
    switch (outcome.kind) {
      case "answered":
        setState({ kind: "idle" });
        onResult(outcome.value, args);
        break;
      case "failed":
        setState({ kind: "failed", error: outcome.error });
        break;
      // The form is free again at once; Lode stops the call and tells the server meanwhile.
      case "cancelled":
        setState({ kind: "cancelled" });
        break;
      case "superseded":
        break;
    }
  };

  const count = Object.keys(problems).length;
  return (
    <form ref={form} className="catalog-form" noValidate onSubmit={submit} aria-label={t("tools.form.label", { name: tool.name })} data-testid="tool-form">
      {asJson ? (
        <div className="field">
          <label className="field__label" htmlFor={`tool-json-${tool.name}`}>
            {t("tools.json.label")}
          </label>
          <textarea
            id={`tool-json-${tool.name}`}
            className="input input--mono catalog-json"
            rows={8}
            spellCheck={false}
            aria-invalid={jsonProblem ? true : undefined}
            data-testid="tool-json"
            value={json}
            onChange={(event) => setJson(event.target.value)}
          />
          {jsonProblem && <FieldErrors errors={[t(`tools.problem.${jsonProblem}`)]} />}
          {!canForm && <p className="field__hint">{t("tools.json.only")}</p>}
        </div>
      ) : fields.length === 0 ? (
        <p className="field__hint">{t("tools.noArguments")}</p>
      ) : (
        <SchemaFields fields={fields} values={values} onChange={change} problems={tried ? problems : {}} />
      )}
      {tried && !asJson && count > 0 && (
        <FieldErrors testId="tool-form-problems" errors={[t("tools.problems", { count })]} />
      )}
      <div className="catalog-form__actions">
        <button type="submit" className="button button--primary" data-testid="tool-call" disabled={state.kind === "calling"}>
          {t("tools.call")}
        </button>
        {canForm && (
          <button type="button" className="button button--ghost" data-testid="tool-json-toggle" aria-pressed={asJson} onClick={switchMode}>
            {asJson ? t("tools.json.back") : t("tools.json.edit")}
          </button>
        )}
      </div>
      {state.kind === "calling" && <CallProgress name={tool.name} progress={followed.progress} onCancel={followed.cancel} />}
      {state.kind === "cancelled" && (
        <p className="field__hint" role="status" data-testid="call-cancelled">
          {t("tools.progress.cancelled", { name: tool.name })}
        </p>
      )}
      {state.kind === "failed" && <LodeErrorBanner error={state.error} />}
      {state.kind === "confirming" && (
        <ConfirmCall
          name={tool.name}
          destructive={isDestructive(tool)}
          args={state.args}
          offerDontAsk={!trusted && tool.annotations?.readOnlyHint !== true}
          dontAskAgain={state.dontAskAgain}
          onDontAskAgain={(dontAskAgain) => setState({ ...state, dontAskAgain })}
          onCancel={() => setState({ kind: "idle" })}
          onConfirm={() => void confirm(state.args, state.dontAskAgain)}
        />
      )}
    </form>
  );
}

/**
 * "Call this tool?" with the tool's name and the arguments exactly as they will be sent; for a
 * tool Lode will ask about, "Don't ask again for this tool" (only a wish: Lode's dialog says it
 * and keeps it after a yes).
 */
function ConfirmCall({
  name,
  destructive,
  args,
  offerDontAsk,
  dontAskAgain,
  onDontAskAgain,
  onCancel,
  onConfirm,
}: {
  name: string;
  destructive: boolean;
  args: Record<string, unknown>;
  offerDontAsk: boolean;
  dontAskAgain: boolean;
  onDontAskAgain: (dontAskAgain: boolean) => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useT();
  return (
    <Dialog
      // The name is the server's: its hidden characters shown, as everywhere else.
      title={t(destructive ? "tools.confirm.titleDestructive" : "tools.confirm.title", { name: visibleText(name) })}
      role="alertdialog"
      size="medium"
      closeLabel={t("common.cancel")}
      onClose={onCancel}
      testId="tool-confirm"
      footer={
        <>
          <button type="button" className="button" data-autofocus data-testid="tool-confirm-cancel" onClick={onCancel}>
            {t("common.cancel")}
          </button>
          <button type="button" className="button button--primary" data-testid="tool-confirm-call" onClick={onConfirm}>
            {t("tools.confirm.call")}
          </button>
        </>
      }
    >
      <p className="tool-confirm__warning">{t("tools.confirm.warning")}</p>
      <p className="field__label">{t("tools.confirm.arguments")}</p>
      <pre className="tool-confirm__args" data-testid="tool-confirm-args" tabIndex={0}>
        {JSON.stringify(args, null, 2)}
      </pre>
      {offerDontAsk && (
        <>
          <label className="checkbox">
            <input type="checkbox" data-testid="tool-confirm-dont-ask" checked={dontAskAgain} onChange={(event) => onDontAskAgain(event.target.checked)} />
            {t("tools.confirm.dontAskAgain")}
          </label>
          <p className="field__hint">{t("tools.confirm.lodeAsks")}</p>
        </>
      )}
    </Dialog>
  );
}
