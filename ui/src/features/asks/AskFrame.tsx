// What the elicitation and sampling dialogs share: the dialog around an ask (its place in the
// queue on top, a failure to send at the bottom) and the sending of the person's answer (busy
// while it goes; the ask closed once answered, or once the server has withdrawn it).
import { useState, type ReactNode } from "react";
import { answerServerAsk, type AskAnswer, type LodeError, type PendingAsk } from "../../ipc";
import { Dialog } from "../../ui-kit/Dialog";

interface AskFrameProps {
  title: string;
  closeLabel: string;
  onClose: () => void;
  onSubmit: () => void;
  testId: string;
  footer: ReactNode;
  /** "Request 1 of 3" when more wait. */
  place: string | null;
  /** "Lode refused N more requests from S", when the server asked more than may wait. */
  refused?: string | null;
  /** Why the answer could not be sent (or what is wrong with it). */
  problem: string | null;
  children: ReactNode;
}

export function AskFrame({ title, closeLabel, onClose, onSubmit, testId, footer, place, refused = null, problem, children }: AskFrameProps) {
  return (
    <Dialog title={title} size="large" closeLabel={closeLabel} onClose={onClose} onSubmit={onSubmit} testId={testId} footer={footer}>
      {place && (
        <p className="ask__server" data-testid="ask-queue">
          {place}
        </p>
      )}
      {refused && (
        <p className="ask__note" data-testid="ask-refused">
          {refused}
        </p>
      )}
      {children}
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
    </Dialog>
  );
}

/**
 * Sends the person's answer to `ask`: `busy` meanwhile, `onDone` once it is answered or the
 * server withdrew it (nothing left to answer). Any other failure is `problem`, unless
 * `handled(error)` takes it (the form's field errors).
 */
export function useAskAnswer(ask: PendingAsk, onDone: () => void, handled: (error: LodeError) => boolean = () => false) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const send = async (answer: AskAnswer) => {
    setBusy(true);
    setProblem(null);
    try {
      await answerServerAsk(ask.id, answer);
      onDone();
    } catch (raw: unknown) {
      const error = raw as LodeError;
      if (handled(error)) return;
      if (error.code === "notFound") onDone();
      else setProblem(error.message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, setProblem, send };
}
