import { useCallback, useEffect, useId, useState, type KeyboardEvent, type Ref } from "react";
import { useT } from "../../i18n";
import { completeTemplate, type ConnectionId, type TemplateVariable } from "../../ipc";
import { FieldErrors } from "../../ui-kit/Field";
import { expressionOf } from "./expression";
import { useCompletion, type AskCompletion } from "./useCompletion";

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

/**
 * One variable as an ARIA combobox: the server's suggestions as you type in a listbox
 * (arrows move, Enter picks, Escape closes), the operator as a hint, and a failed completion
 * said beside the field without ever stopping the typing.
 */
export function TemplateField({
  connectionId,
  template,
  variable,
  value,
  context,
  onChange,
  onEnter,
  inputRef,
}: TemplateFieldProps) {
  const { t, format } = useT();
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const ask = useCallback<AskCompletion>(
    (value, context) => completeTemplate(connectionId, template, variable.name, value, context),
    [connectionId, template, variable.name],
  );
  const { suggestions, request, cancel } = useCompletion(ask);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const { values } = suggestions;
  const shown = open && values.length > 0;
  const current = shown && active < values.length ? active : -1;

  // Arrowing through a long list keeps the active suggestion visible.
  useEffect(() => {
    if (current >= 0) document.getElementById(`${listId}-${current}`)?.scrollIntoView({ block: "nearest" });
  }, [current, listId]);

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
          // Reopen at once with what is known, and ask again: a pick may have made it stale.
          setOpen(true);
          request(value, context);
          return;
        }
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((current < 0 ? (step > 0 ? 0 : count - 1) : current + step + count) % count);
        return;
      }
      case "Enter": {
        event.preventDefault();
        const picked = current >= 0 ? values[current] : undefined;
        if (picked !== undefined) pick(picked);
        else onEnter();
        return;
      }
      case "Escape":
        // Only swallow Escape when it closes the list: otherwise a dialog around us gets it.
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

  const { error } = suggestions;
  const describedBy = [error ? errorId : null, hintId].filter(Boolean).join(" ");
  const more =
    suggestions.total !== undefined && suggestions.total > values.length
      ? t("templates.suggestions.more", {
          shown: format.number(values.length),
          total: format.number(suggestions.total),
        })
      : suggestions.hasMore
        ? t("templates.suggestions.moreUnknown")
        : null;

  return (
    <div className="field template-field" data-testid="template-field">
      <label className="field__label template-field__label" htmlFor={id}>
        {variable.name}
        <code className="template-field__expression">{expressionOf(variable)}</code>
      </label>
      <div className="template-field__box">
        <input
          ref={inputRef}
          id={id}
          className="input input--mono"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={current >= 0 ? `${listId}-${current}` : undefined}
          aria-describedby={describedBy}
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
          <ul
            id={listId}
            role="listbox"
            aria-label={t("templates.suggestions.label", { name: variable.name })}
            className="template-field__list"
          >
            {shown &&
              values.map((suggestion, index) => (
                <li
                  key={`${index}:${suggestion}`}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === current}
                  className="template-field__option"
                  // Keep focus in the input: a click picks without blurring it first.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(suggestion)}
                >
                  {suggestion}
                </li>
              ))}
          </ul>
          {shown && more && (
            <p className="template-field__more" data-testid="template-suggestions-more">
              {more}
            </p>
          )}
        </div>
      </div>
      {error && (
        <FieldErrors
          id={errorId}
          testId="template-completion-error"
          errors={[t("templates.completionFailed", { message: error.message })]}
        />
      )}
      <p id={hintId} className="field__hint">
        {t(`templates.operator.${variable.operator}`)}
        {variable.prefix !== undefined &&
          ` ${variable.prefix === 1 ? t("templates.prefix.one") : t("templates.prefix.other", { count: variable.prefix })}`}
      </p>
    </div>
  );
}
