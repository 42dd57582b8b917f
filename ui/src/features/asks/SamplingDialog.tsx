// A sampling request shown whole (conversation, system prompt, model preferences, limits,
// tools) with the reply the person writes: Lode has no model, and nothing is sent until they
// send or decline. Escape and the close button decline.
import { useState } from "react";
import type { PendingAsk, SamplingAnswer, SamplingContent, SamplingRequest } from "../../ipc";
import { useT } from "../../i18n";
import { AskFrame, useAskAnswer } from "./AskFrame";
import { HighlightedText } from "../../ui-kit/HighlightedText";
import { visibleText } from "../../ui-kit/serverText";
import { RevealedText } from "../../ui-kit/RevealedText";

interface SamplingDialogProps {
  ask: PendingAsk;
  request: SamplingRequest;
  place: string | null;
  /** "N more requests refused", when the server asked more than may wait. */
  refused?: string | null;
  onDone: () => void;
}

/** The model name a typed reply is sent under unless the person changes it. */
export const PERSON_MODEL = "human";

export function SamplingDialog({ ask, request, place, refused = null, onDone }: SamplingDialogProps) {
  const { t, format } = useT();
  const [reply, setReply] = useState("");
  const [model, setModel] = useState(PERSON_MODEL);
  const answering = useAskAnswer(ask, onDone);
  const { busy, problem, setProblem } = answering;
  const send = (answer: SamplingAnswer) => answering.send({ kind: "sampling", answer });
  const submit = () => {
    if (reply.trim() === "") setProblem(t("asks.sampling.emptyReply"));
    else void send({ action: "reply", text: reply, model: model.trim() || PERSON_MODEL });
  };
  const decline = () => void send({ action: "declined" });

  const part = (content: SamplingContent): string => {
    switch (content.type) {
      case "text":
        return content.text;
      case "image":
        return t("asks.sampling.image", { mime: content.mimeType, size: format.bytes(content.bytes) });
      case "audio":
        return t("asks.sampling.audio", { mime: content.mimeType, size: format.bytes(content.bytes) });
      case "toolUse":
        return `${t("asks.sampling.toolUse", { name: visibleText(content.name) })}\n${content.input}`;
      case "toolResult":
        return `${t("asks.sampling.toolResult")}\n${content.text}`;
    }
  };
  const preferences = request.modelPreferences;

  return (
    <AskFrame
      title={t("asks.sampling.title", { server: ask.server })}
      closeLabel={t("asks.decline")}
      onClose={decline}
      onSubmit={submit}
      testId="ask-sampling"
      place={place}
      refused={refused}
      problem={problem}
      footer={
        <>
          <button type="button" className="button" data-testid="ask-decline" disabled={busy} onClick={decline}>
            {t("asks.decline")}
          </button>
          <button type="submit" className="button button--primary" data-testid="ask-send" disabled={busy}>
            {t("asks.sampling.send")}
          </button>
        </>
      }
    >
      <p className="ask__note" data-testid="ask-no-model">
        {t("asks.sampling.noModel")}
      </p>
      {request.systemPrompt !== undefined && (
        <section className="ask__section">
          <h3>{t("asks.sampling.systemPrompt")}</h3>
          <pre className="ask__text" data-testid="ask-system-prompt">
            {request.systemPrompt}
          </pre>
        </section>
      )}
      <section className="ask__section">
        <h3>{t("asks.sampling.messages")}</h3>
        {request.omittedMessages > 0 && <p className="field__hint">{t("asks.sampling.omitted", { count: request.omittedMessages })}</p>}
        {request.messages.map((message, i) => (
          <div key={i} data-testid="ask-sampling-message">
            <span className="ask__message-role">{t(`asks.sampling.role.${message.role}`)}</span>
            {message.content.map((content, j) => (
              <pre key={j} className="ask__text">
                {part(content)}
              </pre>
            ))}
          </div>
        ))}
      </section>
      <section className="ask__section" data-testid="ask-sampling-limits">
        {preferences && (
          <>
            <h3>{t("asks.sampling.preferences")}</h3>
            <ul>
              {preferences.hints.length > 0 && <li>{t("asks.sampling.hints", { hints: preferences.hints.join(", ") })}</li>}
              {preferences.costPriority !== undefined && <li>{t("asks.sampling.priority.cost", { value: format.number(preferences.costPriority, 2) })}</li>}
              {preferences.speedPriority !== undefined && <li>{t("asks.sampling.priority.speed", { value: format.number(preferences.speedPriority, 2) })}</li>}
              {preferences.intelligencePriority !== undefined && (
                <li>{t("asks.sampling.priority.intelligence", { value: format.number(preferences.intelligencePriority, 2) })}</li>
              )}
            </ul>
          </>
        )}
        <p>
          {t("asks.sampling.maxTokens", { count: request.maxTokens })}
          {request.temperature !== undefined && ` · ${t("asks.sampling.temperature", { value: format.number(request.temperature, 2) })}`}
        </p>
      </section>
      {request.tools.length > 0 && (
        <section className="ask__section">
          <h3>{t("asks.sampling.tools")}</h3>
          {request.tools.map((tool) => (
            <details key={tool.name}>
              <summary data-testid="ask-sampling-tool">
                <HighlightedText text={tool.name} />
                {tool.description && (
                  <>
                    {" — "}
                    <bdi>
                      <RevealedText text={tool.description} keepLayout />
                    </bdi>
                  </>
                )}
              </summary>
              <pre className="ask__text">{tool.inputSchema}</pre>
            </details>
          ))}
        </section>
      )}
      <div className="field">
        <label className="field__label" htmlFor={`ask-reply-${ask.id}`}>
          {t("asks.sampling.reply")}
        </label>
        <textarea
          id={`ask-reply-${ask.id}`}
          className="input ask__reply"
          data-testid="ask-reply"
          data-autofocus
          value={reply}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => setReply(e.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`ask-model-${ask.id}`}>
          {t("asks.sampling.model")}
        </label>
        <input id={`ask-model-${ask.id}`} className="input" value={model} onChange={(e) => setModel(e.target.value)} />
      </div>
    </AskFrame>
  );
}
