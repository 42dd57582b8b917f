// One variable of a resource template: the shared completion combobox, labelled with the
// variable's expression and hinted with what its operator does.
import { useCallback, type Ref } from "react";
import { useT } from "../../i18n";
import { completeTemplate, type ConnectionId, type TemplateVariable } from "../../ipc";
import { CompletionField, type AskCompletion } from "../completion";
import { expressionOf } from "./expression";

interface TemplateFieldProps {
  connectionId: ConnectionId;
  template: string;
  variable: TemplateVariable;
  value: string;
  /** The other arguments already filled in: the server's completion may depend on them. */
  context: Record<string, string>;
  onChange: (value: string) => void;
  /** Enter with no suggestion to pick: the form moves to the next field, or opens. */
  onEnter: () => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** One variable as a combobox of the server's suggestions, the operator as a hint. */
export function TemplateField({ connectionId, template, variable, value, context, onChange, onEnter, inputRef }: TemplateFieldProps) {
  const { t } = useT();
  const ask = useCallback<AskCompletion>(
    (value, context) => completeTemplate(connectionId, template, variable.name, value, context),
    [connectionId, template, variable.name],
  );
  const prefix =
    variable.prefix === undefined
      ? ""
      : ` ${variable.prefix === 1 ? t("templates.prefix.one") : t("templates.prefix.other", { count: variable.prefix })}`;
  return (
    <CompletionField
      name={variable.name}
      label={
        <>
          {variable.name}
          <code className="template-field__expression">{expressionOf(variable)}</code>
        </>
      }
      labelClassName="template-field__label"
      ask={ask}
      value={value}
      context={context}
      onChange={onChange}
      onEnter={onEnter}
      hint={`${t(`templates.operator.${variable.operator}`)}${prefix}`}
      mono
      inputRef={inputRef}
      testIdPrefix="template"
    />
  );
}
