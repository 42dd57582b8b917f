// The prompts tab: the selected server's prompts to pick from, a prompt's argument form and Get,
// its messages, and adding them to the basket.
import { useState, type SyntheticEvent } from "react";
import { useT } from "../../i18n";
import {
  addPromptToBasket,
  getPrompt,
  listPrompts,
  toLodeError,
  type Connection,
  type ConnectionId,
  type LodeError,
  type PromptItem,
  type PromptResult,
} from "../../ipc";
import { EmptyState } from "../../ui-kit/EmptyState";
import { HighlightedText } from "../../ui-kit/HighlightedText";
import { visibleText } from "../../ui-kit/serverText";
import { CatalogDescription, useListChanged, ItemMetadata, AnswerBlock, CatalogList } from "../catalog";
import { AddAnswerButton, useAddAnswer, type Baskets } from "../basket";
import { Pane } from "../../ui-kit/Pane";
import { Spinner } from "../../ui-kit/Spinner";
import { useAsync } from "../../ui-kit/useAsync";
import { LodeErrorBanner } from "../errors";
import { RequestProgress } from "../followed-requests";
import { useFollowedRequest } from "../followed-requests";
import { PromptArgumentField } from "./PromptArgumentField";

interface PromptsPaneProps {
  /** The connection selected in the connections pane; its server's prompts are shown. */
  connection: Connection | null;
  baskets: Baskets;
  /** The prompt selected when the list first shows (one chosen in the command palette). */
  initialName?: string | null;
}

/** The selected server's prompts: pick one, fill in its arguments, Get, and keep the messages. */
export function PromptsPane({ connection, baskets, initialName = null }: PromptsPaneProps) {
  const { t } = useT();
  return (
    <Pane title={connection ? t("prompts.titleFor", { name: connection.name }) : t("prompts.title")} className="pane--prompts" testId="prompts-pane">
      {connection ? <PromptsOf key={connection.id} connection={connection} baskets={baskets} initialName={initialName} /> : <EmptyState>{t("catalog.noConnection")}</EmptyState>}
    </Pane>
  );
}

function PromptsOf({ connection, baskets, initialName }: { connection: Connection; baskets: Baskets; initialName: string | null }) {
  const { t } = useT();
  const prompts = useAsync<PromptItem[], LodeError>(`prompts:${connection.id}`, () => listPrompts(connection.id), toLodeError);
  useListChanged(connection.id, "promptListChanged", prompts.refresh);
  const [selected, setSelected] = useState<string | null>(initialName);

  const { state } = prompts;
  if (state.status === "loading" || state.status === "idle") return <Spinner label={t("prompts.loading")} />;
  if (state.status === "error") return <LodeErrorBanner error={state.error} onRetry={prompts.reload} />;
  const list = state.data;
  if (list.length === 0) return <EmptyState>{t("prompts.empty")}</EmptyState>;
  const prompt = list.find((item) => item.name === selected) ?? null;
  return (
    <>
      <CatalogList label={t("prompts.list.label")} items={list} selected={selected} onSelect={setSelected} testId="prompt" />
      {prompt && <PromptDetail key={prompt.name} connectionId={connection.id} prompt={prompt} baskets={baskets} />}
    </>
  );
}

interface Rendered {
  args: Record<string, string>;
  result: PromptResult;
}

function PromptDetail({ connectionId, prompt, baskets }: { connectionId: ConnectionId; prompt: PromptItem; baskets: Baskets }) {
  const { t } = useT();
  const [values, setValues] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const followed = useFollowedRequest(connectionId);
  const [error, setError] = useState<LodeError | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const [rendered, setRendered] = useState<Rendered | null>(null);
  const adding = useAddAnswer(baskets);

  // Empty arguments are left out: the server's own default applies.
  const filled = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ""));
  const missing = prompt.arguments.filter((a) => a.required && !filled[a.name]);

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (missing.length > 0) {
      const inputs = Array.from(event.currentTarget.querySelectorAll<HTMLInputElement>('input[aria-required="true"]'));
      inputs.find((input) => input.value === "")?.focus();
      return;
    }
    setError(null);
    setCancelled(false);
    const outcome = await followed.run((tag) => getPrompt(connectionId, prompt.name, filled, tag));
    switch (outcome.kind) {
      case "answered":
        setRendered({ args: filled, result: outcome.value });
        adding.reset();
        break;
      case "failed":
        setError(outcome.error);
        break;
      // The form is free again at once; Lode stops the get and tells the server meanwhile.
      case "cancelled":
        setCancelled(true);
        break;
      case "superseded":
        break;
    }
  };

  const title = prompt.title ?? prompt.name;
  return (
    <section className="catalog-detail" aria-label={visibleText(title)} data-testid="prompt-detail">
      <h3 className="catalog-detail__title">
        <HighlightedText text={title} />
      </h3>
      {prompt.description && <CatalogDescription text={prompt.description} />}
      <ItemMetadata icons={prompt.icons} meta={prompt.meta} />
      <form className="catalog-form" noValidate onSubmit={(event) => void submit(event)} aria-label={t("prompts.form.label", { name: visibleText(prompt.name) })} data-testid="prompt-form">
        {prompt.arguments.length === 0 && <p className="field__hint">{t("prompts.noArguments")}</p>}
        {prompt.arguments.map((argument) => (
          <PromptArgumentField
            key={argument.name}
            connectionId={connectionId}
            prompt={prompt.name}
            argument={argument}
            value={values[argument.name] ?? ""}
            context={Object.fromEntries(Object.entries(filled).filter(([name]) => name !== argument.name))}
            missing={tried && missing.includes(argument)}
            onChange={(value) => setValues((old) => ({ ...old, [argument.name]: value }))}
          />
        ))}
        <div className="catalog-form__actions">
          <button type="submit" className="button button--primary" data-testid="prompt-get" disabled={followed.running}>
            {t("prompts.get")}
          </button>
        </div>
        {followed.running && (
          <RequestProgress
            progress={followed.progress}
            busyLabel={t("prompts.getting")}
            barLabel={t("requests.prompt.label", { name: prompt.name })}
            onCancel={followed.cancel}
            testId="prompt"
          />
        )}
        {cancelled && (
          <p className="field__hint" role="status" data-testid="prompt-cancelled">
            {t("requests.prompt.cancelled", { name: prompt.name })}
          </p>
        )}
      </form>
      {error && <LodeErrorBanner error={error} />}
      {rendered && (
        <section className="catalog-answer" aria-label={t("prompts.messages")} data-testid="prompt-messages">
          <h4 className="catalog-detail__title">{t("prompts.messages")}</h4>
          {rendered.result.description && <CatalogDescription text={rendered.result.description} />}
          {rendered.result.messages.map((message, index) => (
            <div key={index} className="catalog-answer__message" data-testid="prompt-message" data-role={message.role}>
              <p className="catalog-answer__role">{t(`prompts.role.${message.role}`)}</p>
              <AnswerBlock block={message.content} uri={`lode-prompt:${prompt.name}`} />
            </div>
          ))}
          <AddAnswerButton
            state={adding.state}
            onAdd={() => void adding.add((basket) => addPromptToBasket(basket, connectionId, prompt.name, rendered.args, rendered.result))}
            testId="prompt-add-to-basket"
          />
        </section>
      )}
    </section>
  );
}
