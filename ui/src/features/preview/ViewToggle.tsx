// The pressed-button group that switches between the ways one content can be shown.

interface ViewToggleProps<V extends string> {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}

/** Two or more ways to show one content (rendered / source, tree / raw) as pressed buttons. */
export function ViewToggle<V extends string>({ label, value, options, onChange }: ViewToggleProps<V>) {
  return (
    <div className="view-toggle" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="view-toggle__button"
          aria-pressed={option.value === value}
          onClick={() => {
            onChange(option.value);
          }}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
