// The labelled language picker in the header.
import { useId } from "react";

interface Option<V extends string> {
  value: V;
  label: string;
}

interface LanguageSwitchProps<V extends string> {
  label: string;
  value: V;
  options: readonly Option<V>[];
  onChange: (value: V) => void;
}

/** A labelled picker among a few languages; each option is named in its own language. */
export function LanguageSwitch<V extends string>({ label, value, options, onChange }: LanguageSwitchProps<V>) {
  const id = useId();
  return (
    <div className="language-switch">
      <label htmlFor={id} className="language-switch__label">
        {label}
      </label>
      <select
        id={id}
        data-testid="language-switch"
        className="language-switch__select"
        value={value}
        onChange={(event) => {
          const next = options.find((option) => option.value === event.target.value);
          if (next) onChange(next.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
