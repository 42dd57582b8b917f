// The write-only secret control of the connection form: "set" with Replace or Clear for a saved
// value, and a password input that never puts what is typed into the markup.
import { useLayoutEffect, useRef, useState, type RefObject } from "react";
import { useT } from "../../i18n";
import type { SecretPlace } from "../../ipc";
import type { FieldControl } from "../../ui-kit/Field";
import { savedAt, type SecretSlot } from "./draft";

interface SecretControlProps {
  slot: SecretSlot;
  /** Where the secret goes now; a saved value elsewhere (a renamed variable) does not count. */
  place: SecretPlace;
  onChange: (slot: SecretSlot) => void;
  control: Partial<FieldControl> & { "aria-label"?: string };
  testId: string;
}

/**
 * A write-only secret. A saved value is never shown (the UI never has it): the field says "set"
 * and offers Replace (type a new one) and Clear (delete it on save, with an Undo until then).
 * A new value is typed into a password input.
 */
export function SecretControl({ slot, place, onChange, control, testId }: SecretControlProps) {
  const { t } = useT();
  const input = useRef<HTMLInputElement>(null);
  const saved = savedAt(slot, place);
  const to = (value: SecretSlot["value"]) => onChange({ ...slot, value });

  if (saved && slot.value.mode === "keep") {
    return (
      <div className="secret" data-testid={testId} data-state="set">
        <span id={control.id} className="secret__state" aria-label={control["aria-label"]} data-testid={`${testId}-state`}>
          <span className="secret__dot" aria-hidden="true" />
          {t("secret.set")}
        </span>
        <button
          type="button"
          className="button button--small"
          data-testid={`${testId}-replace`}
          onClick={() => {
            to({ mode: "set", value: "" });
            // The input replaces this button: put the caret where the new value goes.
            requestAnimationFrame(() => input.current?.focus());
          }}
        >
          {t("secret.replace")}
        </button>
        <button type="button" className="button button--small button--ghost" data-testid={`${testId}-clear`} onClick={() => to({ mode: "clear" })}>
          {t("secret.clear")}
        </button>
      </div>
    );
  }

  if (slot.value.mode === "clear") {
    return (
      <div className="secret" data-testid={testId} data-state="clear">
        <span id={control.id} className="secret__state secret__state--cleared" data-testid={`${testId}-state`}>
          {t("secret.cleared")}
        </span>
        <button type="button" className="button button--small" data-testid={`${testId}-undo`} onClick={() => to({ mode: "keep" })}>
          {t("secret.undoClear")}
        </button>
      </div>
    );
  }

  const value = slot.value.mode === "set" ? slot.value.value : "";
  return (
    <div className="secret" data-testid={testId} data-state="new">
      <SecretInput
        inputRef={input}
        control={control}
        initial={value}
        placeholder={saved ? t("secret.newValue") : t("secret.value")}
        testId={`${testId}-input`}
        onInput={(typed) => to({ mode: "set", value: typed })}
      />
      {saved && (
        <button type="button" className="button button--small button--ghost" data-testid={`${testId}-cancel`} onClick={() => to({ mode: "keep" })}>
          {t("secret.keepSaved")}
        </button>
      )}
    </div>
  );
}

interface SecretInputProps {
  inputRef: RefObject<HTMLInputElement | null>;
  control: SecretControlProps["control"];
  /** The value when the input appears (one typed before a transport switch, say). */
  initial: string;
  placeholder: string;
  testId: string;
  onInput: (value: string) => void;
}

/**
 * A password input whose value lives only in the element's property. React mirrors a
 * controlled input's value (and an uncontrolled one's `defaultValue`) into the `value`
 * attribute, which would put the secret into the page's markup while the form is open.
 */
function SecretInput({ inputRef, control, initial, placeholder, testId, onInput }: SecretInputProps) {
  const [first] = useState(initial);
  useLayoutEffect(() => {
    if (inputRef.current) inputRef.current.value = first;
  }, [inputRef, first]);
  return (
    <input
      ref={inputRef}
      {...control}
      className="input input--mono secret__input"
      type="password"
      autoComplete="new-password"
      spellCheck={false}
      placeholder={placeholder}
      data-testid={testId}
      onChange={(event) => onInput(event.target.value)}
    />
  );
}
