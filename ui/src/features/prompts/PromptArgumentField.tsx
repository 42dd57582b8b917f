// One argument of a prompt: the shared completion combobox, labelled with the argument's name
// and a required mark, and hinted with the server's description.
import { useCallback } from "react";
import { useT } from "../../i18n";
import { completePrompt, type ConnectionId, type PromptArgument } from "../../ipc";
import { RequiredMark } from "../../ui-kit/RequiredMark";
import { CompletionField, type AskCompletion } from "../completion";

interface PromptArgumentFieldProps {
  connectionId: ConnectionId;
  prompt: string;
  argument: PromptArgument;
  value: string;
  /** The other arguments filled in: the server's suggestions may depend on them. */
  context: Record<string, string>;
  /** Shown once the person tried to get the prompt with a required argument empty. */
  missing: boolean;
  onChange: (value: string) => void;
}

/** One prompt argument as a combobox of the server's suggestions; required ones are marked. */
export function PromptArgumentField({ connectionId, prompt, argument, value, context, missing, onChange }: PromptArgumentFieldProps) {
  const { t } = useT();
  const ask = useCallback<AskCompletion>(
    (value, context) => completePrompt(connectionId, prompt, argument.name, value, context),
    [connectionId, prompt, argument.name],
  );
  return (
    <CompletionField
      name={argument.name}
      label={
        <>
          <span className="schema-field__name">{argument.name}</span>
          {argument.required && <RequiredMark />}
        </>
      }
      labelClassName="schema-field__label"
      ask={ask}
      value={value}
      context={context}
      onChange={onChange}
      required={argument.required}
      problem={missing ? t("tools.problem.required") : null}
      hint={argument.description}
      testIdPrefix="prompt"
    />
  );
}
