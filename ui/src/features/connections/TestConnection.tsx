// "Test connection": one connect with the form's draft (the newest attempt wins), and its result
// under the form.
import { useEffect, useRef, useState } from "react";
import { useT } from "../../i18n";
import { testConnection, toLodeError, type ConnectionDraft, type ConnectionId, type LodeError, type ServerInfo } from "../../ipc";
import { Spinner } from "../../ui-kit/Spinner";
import { LodeErrorBanner } from "../errors";

export type TestState =
  | { status: "idle" }
  | { status: "testing" }
  | { status: "ok"; info: ServerInfo }
  | { status: "failed"; error: LodeError };

/** "Test connection": one connect with the draft's settings; only the newest attempt is shown. */
export function useConnectionTest() {
  const [state, setState] = useState<TestState>({ status: "idle" });
  const attempt = useRef(0);
  const run = (draft: ConnectionDraft, id: ConnectionId | null) => {
    attempt.current += 1;
    const mine = attempt.current;
    setState({ status: "testing" });
    testConnection(draft, id).then(
      (info) => {
        if (attempt.current === mine) setState({ status: "ok", info });
      },
      (error: unknown) => {
        if (attempt.current !== mine) return;
        const lodeError = toLodeError(error);
        // Declined in Lode's own dialog: the test simply did not run.
        setState(lodeError.code === "declined" ? { status: "idle" } : { status: "failed", error: lodeError });
      },
    );
  };
  return { state, run };
}

/** The outcome of the last test: who answered and in which protocol, or why it failed. */
export function TestResult({ state }: { state: TestState }) {
  const { t } = useT();
  const shown = useRef<HTMLDivElement>(null);
  // The result sits under the last field: bring it into view when it changes.
  useEffect(() => {
    shown.current?.scrollIntoView({ block: "nearest" });
  }, [state.status]);
  return (
    <div ref={shown} className="test-result" data-testid="connection-test-result" data-status={state.status}>
      {state.status === "testing" && <Spinner size="small" label={t("form.test.running")} />}
      {state.status === "ok" && (
        <p className="test-result__ok" role="status">
          <span className="test-result__icon" aria-hidden="true">
            ✓
          </span>
          <span>
            {t("form.test.ok", {
              server: state.info.title ?? state.info.name ?? t("server.unnamed"),
              version: state.info.protocolVersion,
            })}
          </span>
        </p>
      )}
      {state.status === "failed" && <LodeErrorBanner error={state.error} />}
    </div>
  );
}
