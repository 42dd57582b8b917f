// The text filter of a list inside a pane (the protocol history, the Log pane): a search field
// whose placeholder is also its accessible name, since such a field has no visible label.
interface FilterFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className: string;
  testId: string;
}

/** A search field that filters the list beside it as the person types. */
export function FilterField({ label, value, onChange, className, testId }: FilterFieldProps) {
  return (
    <input
      type="search"
      className={`input ${className}`}
      data-testid={testId}
      placeholder={label}
      aria-label={label}
      autoComplete="off"
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
