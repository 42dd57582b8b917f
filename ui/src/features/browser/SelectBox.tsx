/**
 * The tick a row shows when it is in the selection. Clicking it toggles the selection (the
 * views recognize it by `data-select`); for assistive technology the row's aria-selected says it.
 */
export function SelectBox({ selected }: { selected: boolean }) {
  return (
    <span className={selected ? "select-box select-box--on" : "select-box"} data-select aria-hidden="true">
      {selected && (
        <svg viewBox="0 0 16 16" width="12" height="12" focusable="false">
          <path d="M3.5 8.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      )}
    </span>
  );
}
