// The tools tab: the selected server's tools to pick from, the call form, the result's blocks
// and structured content, and adding the result or a linked resource to the basket.
import { useState } from "react";
import { useT } from "../../i18n";
import { addToBasket, addToolResultToBasket, listTools, toLodeError, type Connection, type LodeError, type ToolItem, type ToolResult } from "../../ipc";
import { EmptyState } from "../../ui-kit/EmptyState";
import { Pane } from "../../ui-kit/Pane";
import { Spinner } from "../../ui-kit/Spinner";
import { useAsync } from "../../ui-kit/useAsync";
import { AnswerBlock, StructuredContent, CatalogDescription, CatalogList, useListChanged, ItemMetadata, type ResourceLink } from "../catalog";
import { AddAnswerButton, useAddAnswer, type Baskets } from "../basket";
import { HighlightedText } from "../../ui-kit/HighlightedText";
import { visibleText } from "../../ui-kit/serverText";
import { LodeErrorBanner } from "../errors";
import { ToolForm } from "./ToolForm";
import { ToolHintBadges } from "./ToolHintBadges";
import { OutputCheckNote } from "./OutputCheckNote";
import { AskAgainNote } from "./AskAgainNote";
import { useTrustedTools } from "./useTrustedTools";
import { ToolAppNote } from "./ToolAppNote";
import { AppContent } from "../apps";

interface ToolsPaneProps {
  /** The connection selected in the connections pane; its server's tools are shown. */
  connection: Connection | null;
  baskets: Baskets;
  /** The tool selected when the list first shows (one chosen in the command palette). */
  initialName?: string | null;
}

/** The selected server's tools: pick one, fill in its arguments, confirm, call, see the result. */
export function ToolsPane({ connection, baskets, initialName = null }: ToolsPaneProps) {
  const { t } = useT();
  return (
    <Pane title={connection ? t("tools.titleFor", { name: connection.name }) : t("tools.title")} className="pane--tools" testId="tools-pane">
      {connection ? <ToolsOf key={connection.id} connection={connection} baskets={baskets} initialName={initialName} /> : <EmptyState>{t("catalog.noConnection")}</EmptyState>}
    </Pane>
  );
}

interface Answer {
  tool: string;
  args: Record<string, unknown>;
  result: ToolResult;
  /** Counts the calls: each renders its app anew. */
  call: number;
}

function ToolsOf({ connection, baskets, initialName }: { connection: Connection; baskets: Baskets; initialName: string | null }) {
  const { t } = useT();
  const tools = useAsync<ToolItem[], LodeError>(`tools:${connection.id}`, () => listTools(connection.id), toLodeError);
  const [selected, setSelected] = useState<string | null>(initialName);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const adding = useAddAnswer(baskets);
  const trusted = useTrustedTools(connection.id);
  useListChanged(connection.id, "toolListChanged", tools.refresh);

  const { state } = tools;
  if (state.status === "loading" || state.status === "idle") return <Spinner label={t("tools.loading")} />;
  if (state.status === "error") return <LodeErrorBanner error={state.error} onRetry={tools.reload} />;
  const list = state.data;
  if (list.length === 0) return <EmptyState>{t("tools.empty")}</EmptyState>;
  const tool = list.find((item) => item.name === selected) ?? null;

  const choose = (name: string) => {
    setSelected(name);
    setAnswer(null);
    adding.reset();
  };

  return (
    <>
      <CatalogList label={t("tools.list.label")} items={list} selected={selected} onSelect={choose} testId="tool" />
      {tool && (
        <section className="catalog-detail" aria-label={visibleText(tool.title ?? tool.name)} data-testid="tool-detail">
          <h3 className="catalog-detail__title">
            <HighlightedText text={tool.title ?? tool.annotations?.title ?? tool.name} />
          </h3>
          <ToolHintBadges tool={tool} />
          {trusted.names.includes(tool.name) && <AskAgainNote name={tool.name} error={trusted.error} onAskAgain={() => trusted.forget(tool.name)} />}
          {tool.description && <CatalogDescription text={tool.description} />}
          <ToolAppNote tool={tool} />
          <ItemMetadata icons={tool.icons} meta={tool.meta} />
          <ToolForm
            connectionId={connection.id}
            tool={tool}
            trusted={trusted.names.includes(tool.name)}
            onResult={(result, args) => {
              setAnswer({ tool: tool.name, args, result, call: (answer?.call ?? 0) + 1 });
              adding.reset();
              trusted.refresh();
            }}
          />
          {answer?.tool === tool.name && tool.ui?.resourceUri && (
            <AppContent key={answer.call} connectionId={connection.id} uri={tool.ui.resourceUri} call={{ args: answer.args, result: answer.result }} baskets={baskets} />
          )}
          {answer?.tool === tool.name && (
            <ToolAnswer
              answer={answer}
              adding={adding.state}
              onAdd={() =>
                void adding.add((basket) => addToolResultToBasket(basket, connection.id, answer.tool, answer.args, answer.result))
              }
              onAddLink={(link) =>
                // The linked resource is read from the same server and added as a resource.
                void adding.add((basket) =>
                  addToBasket(basket, [
                    { server: connection.name, uri: link.uri, name: link.name, mimeType: link.mimeType, annotations: {} },
                  ]),
                )
              }
            />
          )}
        </section>
      )}
    </>
  );
}

function ToolAnswer({
  answer,
  adding,
  onAdd,
  onAddLink,
}: {
  answer: Answer;
  adding: ReturnType<typeof useAddAnswer>["state"];
  onAdd: () => void;
  onAddLink: (link: ResourceLink) => void;
}) {
  const { t } = useT();
  const { result } = answer;
  const uri = `lode-tool:${answer.tool}`;
  return (
    <section className="catalog-answer" aria-label={t("tools.result")} data-testid="tool-result" data-error={result.isError || undefined}>
      <h4 className="catalog-detail__title">{t("tools.result")}</h4>
      {result.isError && (
        <p className="catalog-answer__error" role="alert" data-testid="tool-result-error">
          {t("tools.result.error")}
        </p>
      )}
      <OutputCheckNote check={result.outputCheck} />
      {result.content.length === 0 && result.structuredContent === undefined && <p className="field__hint">{t("tools.result.empty")}</p>}
      {result.content.map((block, index) => (
        <AnswerBlock key={index} block={block} uri={uri} index={index} onAddLink={onAddLink} />
      ))}
      {result.structuredContent !== undefined && (
        <>
          <p className="catalog-answer__role">{t("tools.result.structured")}</p>
          <StructuredContent value={result.structuredContent} uri={uri} />
        </>
      )}
      <AddAnswerButton state={adding} onAdd={onAdd} testId="tool-add-to-basket" />
    </section>
  );
}
