// One argument of a resource template or a prompt as an ARIA combobox: its label, input,
// the server's suggestions, and the problems and hint under it.
import { useId, type ReactNode, type Ref } from "react";
import { useT } from "../../i18n";
import { FieldErrors } from "../../ui-kit/Field";
import type { AskCompletion } from "./useCompletion";
import { optionId, useCompletionCombobox } from "./useCompletionCombobox";
import "./completion.css";

export interface CompletionFieldProps {
  /** The argument's name: the suggestion list is named after it. */
  name: string;
  /** What the label shows: the name and what marks it (required, the template's expression). */
  label: ReactNode;
  labelClassName: string;
  ask: AskCompletion;
  value: string;
  /** The other arguments filled in: the server's suggestions may depend on them. */
  context: Record<string, string>;
  onChange: (value: string) => void;
  /** Enter with no suggestion to pick; without it, Enter submits the form as usual. */
  onEnter?: (() => void) | undefined;
  required?: boolean;
  /** What is wrong with the value, worded (a required argument left empty), or null. */
  problem?: string | null;
  hint?: ReactNode;
  /** Values that are code (template variables) are typed in the monospace font. */
  mono?: boolean;
  inputRef?: Ref<HTMLInputElement> | undefined;
  /** "template" or "prompt": the field, its completion error and its "more" note are tested by it. */
  testIdPrefix: string;
}

/**
 * The server's suggestions as you type, in a listbox under the input (arrows move, Enter picks,
 * Escape closes); a failed completion is said beside the field and never stops the typing.
 */
export function CompletionField(props: CompletionFieldProps) {
  const { name, value, required, problem, hint, inputRef, testIdPrefix } = props;
  const { t, format } = useT();
  const id = useId();
  const listId = `${id}-list`;
  const problemId = `${id}-problem`;
  const completionErrorId = `${id}-completion-error`;
  const hintId = `${id}-hint`;
  const { suggestions, shown, current, type, pick, onFocus, onBlur, onKeyDown } = useCompletionCombobox({
    ask: props.ask,
    value,
    context: props.context,
    onChange: props.onChange,
    onEnter: props.onEnter,
    listId,
  });
  const { values, error } = suggestions;
  const hasHint = hint !== undefined && hint !== null && hint !== "";

  const describedBy = [problem ? problemId : null, error ? completionErrorId : null, hasHint ? hintId : null]
    .filter(Boolean)
    .join(" ");
  const more =
    suggestions.total !== undefined && suggestions.total > values.length
      ? t("templates.suggestions.more", { shown: format.number(values.length), total: format.number(suggestions.total) })
      : suggestions.hasMore
        ? t("templates.suggestions.moreUnknown")
        : null;

  return (
    <div className="field template-field" data-testid={`${testIdPrefix}-field`} data-name={name}>
      <label className={`field__label ${props.labelClassName}`} htmlFor={id}>
        {props.label}
      </label>
      <div className="template-field__box">
        <input
          ref={inputRef}
          id={id}
          className={props.mono ? "input input--mono" : "input"}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={current >= 0 ? optionId(listId, current) : undefined}
          aria-describedby={describedBy || undefined}
          aria-required={required ? true : undefined}
          aria-invalid={problem ? true : undefined}
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => type(event.target.value)}
          onFocus={onFocus}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
        />
        <div className="template-field__popup" hidden={!shown}>
          <ul id={listId} role="listbox" aria-label={t("templates.suggestions.label", { name })} className="template-field__list">
            {shown &&
              values.map((suggestion, index) => (
                <li
                  key={`${index}:${suggestion}`}
                  id={optionId(listId, index)}
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
            <p className="template-field__more" data-testid={`${testIdPrefix}-suggestions-more`}>
              {more}
            </p>
          )}
        </div>
      </div>
      {problem && <FieldErrors id={problemId} errors={[problem]} />}
      {error && (
        <FieldErrors
          id={completionErrorId}
          testId={`${testIdPrefix}-completion-error`}
          errors={[t("templates.completionFailed", { message: error.message })]}
        />
      )}
      {hasHint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
