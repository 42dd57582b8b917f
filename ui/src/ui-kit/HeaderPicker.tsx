// A labelled picker in the window's header: the theme and the language.
import { useId } from "react";

export interface HeaderPickerOption<V extends string> {
  value: V;
  label: string;
}

interface HeaderPickerProps<V extends string> {
  label: string;
  value: V;
  options: readonly HeaderPickerOption<V>[];
  onChange: (value: V) => void;
  /** When the picker takes the focus (before its list opens, by mouse or keyboard). */
  onFocus?: () => void;
  testId: string;
}

/** A labelled `<select>` among a few fixed values; only those values reach `onChange`. */
export function HeaderPicker<V extends string>({ label, value, options, onChange, onFocus, testId }: HeaderPickerProps<V>) {
  const id = useId();
  return (
    <div className="header-switch">
      <label htmlFor={id} className="header-switch__label">
        {label}
      </label>
      <select
        id={id}
        data-testid={testId}
        className="header-switch__select"
        value={value}
        onFocus={onFocus}
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
