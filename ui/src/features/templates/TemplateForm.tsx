// The resource template form: a field per RFC 6570 variable, the URI they give shown live,
// Open, and a malformed template's problem pointed at.
import { useId, useRef, useState, type SyntheticEvent } from "react";
import { useT } from "../../i18n";
import {
  expandTemplate,
  templateVariables,
  toLodeError,
  type ConnectionId,
  type LodeError,
  type ResourceTemplate,
  type TemplateVariable,
} from "../../ipc";
import { useAsync } from "../../ui-kit/useAsync";
import { LodeErrorBanner } from "../errors";
import { filledValues } from "./expression";
import { TemplateField } from "./TemplateField";
import { useExpansion } from "./useExpansion";
import { ItemMetadata } from "../catalog";
import { RevealedText } from "../../ui-kit/RevealedText";
import { HighlightedText } from "../../ui-kit/HighlightedText";
import { visibleText } from "../../ui-kit/serverText";
import "./templates.css";

export interface TemplateFormProps {
  connectionId: ConnectionId;
  template: ResourceTemplate;
  /** Called with the expanded URI when the person opens it (Open, or Enter in the last field). */
  onOpen: (uri: string) => void;
}

/**
 * A form from a resource template's RFC 6570 variables: one field per variable with the
 * server's suggestions as you type, the URI the values give shown live, and Open.
 * Another template (or connection) starts from empty fields.
 */
export function TemplateForm(props: TemplateFormProps) {
  return <TemplateFormFor key={`${props.connectionId}\u0000${props.template.uriTemplate}`} {...props} />;
}

function TemplateFormFor({ connectionId, template, onOpen }: TemplateFormProps) {
  const { t } = useT();
  const uriTemplate = template.uriTemplate;
  const fields = useAsync<TemplateVariable[], LodeError>(
    `fields:${uriTemplate}`,
    () => templateVariables(uriTemplate),
    toLodeError,
  );
  const [values, setValues] = useState<Record<string, string>>({});
  const [openError, setOpenError] = useState<LodeError | null>(null);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const uriLabel = useId();
  const filled = filledValues(values);
  const { expansion, pending } = useExpansion(uriTemplate, filled);

  // Expanded afresh from the values as they are now: the one on screen may be a keystroke old.
  const open = () => {
    expandTemplate(uriTemplate, filledValues(values)).then(
      (uri) => {
        setOpenError(null);
        onOpen(uri);
      },
      (error: unknown) => setOpenError(toLodeError(error)),
    );
  };

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    open();
  };

  const heading = template.title ?? template.name;
  const label = t("templates.form.label", { name: visibleText(heading) });

  if (fields.state.status === "error") {
    return (
      <section className="template-form" aria-label={label} data-testid="template-form">
        <TemplateHeader template={template} heading={heading} />
        <TemplateProblem error={fields.state.error} onRetry={fields.reload} />
      </section>
    );
  }
  const variables = fields.state.status === "success" ? fields.state.data : null;

  return (
    <form className="template-form" aria-label={label} data-testid="template-form" onSubmit={onSubmit} noValidate>
      <TemplateHeader template={template} heading={heading} />
      {variables?.length === 0 && <p className="template-form__note">{t("templates.noVariables")}</p>}
      {variables?.map((variable, index) => (
        <TemplateField
          key={variable.name}
          connectionId={connectionId}
          template={uriTemplate}
          variable={variable}
          value={values[variable.name] ?? ""}
          context={filledValues(values, variable.name)}
          onChange={(value) => setValues((previous) => ({ ...previous, [variable.name]: value }))}
          onEnter={() => {
            const next = inputs.current[index + 1];
            if (next) next.focus();
            else open();
          }}
          inputRef={(input) => {
            inputs.current[index] = input;
          }}
        />
      ))}
      <div className="template-form__result">
        <span className="template-form__uri-label" id={uriLabel}>
          {t("templates.uri")}
        </span>
        <output
          className="template-form__uri"
          data-testid="template-uri"
          aria-labelledby={uriLabel}
          aria-live="polite"
          aria-busy={pending || undefined}
        >
          {expansion && "uri" in expansion ? expansion.uri : t("templates.uri.pending")}
        </output>
      </div>
      {expansion && "error" in expansion && <TemplateProblem error={expansion.error} />}
      {openError && <TemplateProblem error={openError} />}
      <div className="template-form__actions">
        <button type="submit" className="button button--primary" data-testid="template-open" disabled={!variables}>
          {t("templates.open")}
        </button>
      </div>
    </form>
  );
}

function TemplateHeader({ template, heading }: { template: ResourceTemplate; heading: string }) {
  return (
    <header className="template-form__header">
      <h3 className="template-form__heading">
        <HighlightedText text={heading} />
      </h3>
      <code className="template-form__template" data-testid="template-form-template">
        <bdi>
          <RevealedText text={template.uriTemplate} />
        </bdi>
      </code>
      {template.description && (
        <p className="template-form__description">
          <bdi>
            <RevealedText text={template.description} keepLayout />
          </bdi>
        </p>
      )}
      <ItemMetadata icons={template.icons} meta={template.meta} />
    </header>
  );
}

/**
 * A malformed template says what is wrong and points at it (the detail is the template with a
 * caret under the problem); any other failure is the usual error banner.
 */
function TemplateProblem({ error, onRetry }: { error: LodeError; onRetry?: () => void }) {
  const { t } = useT();
  if (error.code !== "invalidInput") return <LodeErrorBanner error={error} onRetry={onRetry} />;
  return (
    <div className="template-form__malformed" role="alert" data-testid="template-malformed">
      <p className="template-form__malformed-title">{t("templates.malformed")}</p>
      <p>{error.message}</p>
      {error.detail && <pre className="template-form__caret">{error.detail}</pre>}
    </div>
  );
}
