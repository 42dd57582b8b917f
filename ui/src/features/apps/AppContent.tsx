// An app resource in the preview: its review first (what it declares), Run (Lode asks the
// person in its own dialog the first time and whenever the declaration changed), then the live
// app with what it said and the context it offered.
import { useCallback, useEffect, useState } from "react";
import { useT } from "../../i18n";
import { addAppContextToBasket, openApp, reviewApp, toLodeError, type AppReview, type ConnectionId, type LodeError } from "../../ipc";
import { AddAnswerButton, useAddAnswer, type Baskets } from "../basket";
import { LodeErrorBanner } from "../errors";
import { RevealedText } from "../../ui-kit/RevealedText";
import { AppFrame, type RenderedCall } from "./AppFrame";
import { AppReviewPane } from "./AppReviewPane";
import "./apps.css";

type State =
  | { kind: "reviewing" }
  | { kind: "reviewed"; review: AppReview; declined: boolean }
  | { kind: "starting"; review: AppReview }
  | { kind: "running"; review: AppReview; view: string }
  | { kind: "failed"; error: LodeError };

/** The most lines the app said that are kept on screen. */
const MOST_MESSAGES = 50;

interface AppContentProps {
  connectionId: ConnectionId;
  uri: string;
  /** A tool call to render: the app runs at once if the person already chose to run it. */
  call?: RenderedCall | undefined;
  /** Where the app's context can be kept; without it, the context is only shown. */
  baskets?: Baskets | undefined;
}

export function AppContent({ connectionId, uri, call, baskets }: AppContentProps) {
  const { t } = useT();
  const [state, setState] = useState<State>({ kind: "reviewing" });
  const [messages, setMessages] = useState<string[]>([]);
  const [context, setContext] = useState<string | null>(null);

  const run = useCallback((current: AppReview) => {
    setState({ kind: "starting", review: current });
    openApp(connectionId, uri).then(
      (opened) => setState({ kind: "running", review: opened.review, view: opened.view }),
      (error: unknown) => {
        const lode = toLodeError(error);
        setState(lode.code === "declined" ? { kind: "reviewed", review: current, declined: true } : { kind: "failed", error: lode });
      },
    );
  }, [connectionId, uri]);

  // Reads what the app declares; runs it at once when asked to and the person already chose to.
  const load = useCallback(
    (runIfApproved: boolean) => {
      reviewApp(connectionId, uri).then(
        (review) => (runIfApproved && review.approval === "approved" ? run(review) : setState({ kind: "reviewed", review, declined: false })),
        (error: unknown) => setState({ kind: "failed", error: toLodeError(error) }),
      );
    },
    [connectionId, uri, run],
  );
  const review = () => {
    setState({ kind: "reviewing" });
    load(false);
  };
  const renders = call !== undefined;
  useEffect(() => load(renders), [load, renders]);

  switch (state.kind) {
    case "reviewing":
      return <p className="preview-note">{t("apps.loading")}</p>;
    case "failed":
      return <LodeErrorBanner error={state.error} onRetry={review} />;
    case "reviewed":
    case "starting":
      return (
        <div className="app-content">
          <AppReviewPane review={state.review} />
          <div className="app-content__actions">
            <button type="button" className="button button--primary" data-testid="app-run" disabled={state.kind === "starting"} onClick={() => run(state.review)}>
              {state.kind === "starting" ? t("apps.starting") : t("apps.run")}
            </button>
            {state.kind === "reviewed" && state.declined && <span data-testid="app-declined">{t("apps.declined")}</span>}
          </div>
        </div>
      );
    case "running":
      return (
        <div className="app-content" data-testid="app-running">
          <div className="app-content__actions">
            <button type="button" className="button button--small" data-testid="app-stop" onClick={review}>
              {t("apps.stop")}
            </button>
          </div>
          <AppFrame
            view={state.view}
            uri={uri}
            call={call}
            onMessage={(text) => setMessages((kept) => [...kept, text].slice(-MOST_MESSAGES))}
            onContext={setContext}
          />
          {messages.length > 0 && (
            <section className="app-content__said" data-testid="app-messages">
              <h4>{t("apps.messages.title")}</h4>
              {messages.map((text, index) => (
                <p key={index}>
                  <RevealedText text={text} keepLayout />
                </p>
              ))}
            </section>
          )}
          {context !== null && (
            <section className="app-content__said" data-testid="app-context">
              <h4>{t("apps.context.title")}</h4>
              <p>
                <RevealedText text={context} keepLayout />
              </p>
              {baskets && <AddContext key={context} baskets={baskets} view={state.view} text={context} />}
            </section>
          )}
        </div>
      );
  }
}

/** "Add to basket" for the app's latest context: kept under the app, on its server. */
function AddContext({ baskets, view, text }: { baskets: Baskets; view: string; text: string }) {
  const adding = useAddAnswer(baskets);
  return <AddAnswerButton state={adding.state} onAdd={() => void adding.add((basket) => addAppContextToBasket(basket, view, text))} testId="app-context-add" />;
}
