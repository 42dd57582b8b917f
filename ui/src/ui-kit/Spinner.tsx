// The indeterminate progress indicator with a visible, announced label.
import "./Spinner.css";

/** An indeterminate progress indicator with a visible, announced label. */
export function Spinner({ label, size = "medium" }: { label: string; size?: "small" | "medium" }) {
  return (
    <div className={`spinner spinner--${size}`} role="status" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="spinner__label">{label}</span>
    </div>
  );
}
