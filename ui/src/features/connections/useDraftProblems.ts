// The connection form's problems as typed: the draft checked by the shell's rule book after a
// pause, with secrets sent as their shape only.
import { useEffect, useMemo, useState } from "react";
import { checkConnection, type ConnectionId, type DraftProblem } from "../../ipc";
import { draftFromForm, type ConnectionForm } from "./draft";
import { placeProblems, type PlacedProblems } from "./problems";

/** How long typing must pause before the draft is checked: fast enough to feel live. */
export const CHECK_DELAY_MS = 150;

/**
 * The problems of the form, by the same rule book Save applies (`check_connection`), asked for
 * once typing pauses. Secret values are sent as their shape only (see `secretShape`). Until the
 * first answer, and when checking fails (the shell answers Save anyway), there are none but the
 * ones the form finds itself.
 */
export function useDraftProblems(form: ConnectionForm, id: ConnectionId | null): PlacedProblems {
  const { draft, owners } = useMemo(() => draftFromForm(form, true), [form]);
  const key = JSON.stringify(draft);
  const [answer, setAnswer] = useState<{ key: string; problems: DraftProblem[] } | null>(null);

  useEffect(() => {
    let current = true;
    const timer = window.setTimeout(() => {
      checkConnection(JSON.parse(key) as typeof draft, id).then(
        (problems) => {
          if (current) setAnswer({ key, problems });
        },
        () => {
          // No answer is no verdict: Save reports what is wrong with the draft if anything is.
        },
      );
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [key, id]);

  // An older answer stays on screen while the newer one is on its way: no flicker per keystroke.
  const problems = answer?.problems;
  return useMemo(() => placeProblems(problems ?? [], form, owners), [problems, form, owners]);
}
