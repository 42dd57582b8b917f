// The "Add to basket" button under a prompt's or tool's answer, with its outcome announced.
import { useT } from "../../i18n";
import type { AddAnswerState } from "./useAddAnswer";

/** The "Add to basket" button of an answer, and what adding did, announced. */
export function AddAnswerButton({ state, onAdd, testId }: { state: AddAnswerState; onAdd: () => void; testId: string }) {
  const { t, format } = useT();
  let message: string | null = null;
  if (state.kind === "added") {
    message = t("basket.added", {
      name: state.basket,
      added: format.number(state.summary.added),
      refreshed: format.number(state.summary.refreshed),
      failed: format.number(state.summary.failed.length),
    });
  } else if (state.kind === "failed") {
    message = `${t(`error.${state.error.code}`)}: ${state.error.message}`;
  }
  return (
    <div className="answer-add">
      <button type="button" className="button button--small" data-testid={testId} disabled={state.kind === "adding"} onClick={onAdd}>
        {t("basket.add")}
      </button>
      <span className="answer-add__status" role="status" data-testid={`${testId}-status`}>
        {message}
      </span>
    </div>
  );
}
