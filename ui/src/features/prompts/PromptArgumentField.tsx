import { useCallback, useId, useState, type KeyboardEvent } from "react";
import { useT } from "../../i18n";
import { completePrompt, type ConnectionId, type PromptArgument } from "../../ipc";
import { FieldErrors } from "../../ui-kit/Field";
import { useCompletion, type AskCompletion } from "../templates/useCompletion";
import "../templates/templates.css";

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

/**
 * One prompt argument as an ARIA combobox: the server's suggestions as you type (arrows move,
 * Enter picks, Escape closes); required ones are marked.
 */
export function PromptArgumentField({ connectionId, prompt, argument, value, context, missing, onChange }: PromptArgumentFieldProps) {
  const { t } = useT();
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const ask = useCallback<AskCompletion>(
    (value, context) => completePrompt(connectionId, prompt, argument.name, value, context),
    [connectionId, prompt, argument.name],
  );
  const { suggestions, request, cancel } = useCompletion(ask);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { values } = suggestions;
  const shown = open && values.length > 0;
  const current = shown && active < values.length ? active : -1;

  const type = (typed: string) => {
    onChange(typed);
    request(typed, context);
    setOpen(true);
    setActive(-1);
  };
  const pick = (picked: string) => {
    onChange(picked);
    cancel();
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = values.length;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        if (!shown) {
          setOpen(true);
          request(value, context);
          return;
        }
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((current < 0 ? (step > 0 ? 0 : count - 1) : current + step + count) % count);
        return;
      }
      case "Enter": {
        const picked = current >= 0 ? values[current] : undefined;
        if (picked !== undefined) {
          event.preventDefault();
          pick(picked);
        }
        return;
      }
      case "Escape":
        if (shown) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        }
        return;
      case "Tab":
        setOpen(false);
        return;
    }
  };

  const describedBy = [missing ? errorId : null, suggestions.error ? `${errorId}-completion` : null, argument.description ? hintId : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="field template-field" data-testid="prompt-field" data-name={argument.name}>
      <label className="field__label schema-field__label" htmlFor={id}>
        <span className="schema-field__name">{argument.name}</span>
        {argument.required && (
          <span className="schema-field__required" title={t("tools.field.required")}>
            <span aria-hidden="true">*</span>
            <span className="visually-hidden">{t("tools.field.required")}</span>
          </span>
        )}
      </label>
      <div className="template-field__box">
        <input
          id={id}
          className="input"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={current >= 0 ? `${listId}-${current}` : undefined}
          aria-describedby={describedBy || undefined}
          aria-required={argument.required || undefined}
          aria-invalid={missing || undefined}
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => type(event.target.value)}
          onFocus={() => {
            request(value, context);
            setOpen(true);
          }}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
        />
        <div className="template-field__popup" hidden={!shown}>
          <ul id={listId} role="listbox" aria-label={t("templates.suggestions.label", { name: argument.name })} className="template-field__list">
            {shown &&
              values.map((suggestion, index) => (
                <li
                  key={`${index}:${suggestion}`}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === current}
                  className="template-field__option"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(suggestion)}
                >
                  {suggestion}
                </li>
              ))}
          </ul>
        </div>
      </div>
      {missing && <FieldErrors id={errorId} errors={[t("tools.problem.required")]} />}
      {suggestions.error && <FieldErrors id={`${errorId}-completion`} errors={[t("templates.completionFailed", { message: suggestions.error.message })]} />}
      {argument.description && (
        <p id={hintId} className="field__hint">
          {argument.description}
        </p>
      )}
    </div>
  );
}
