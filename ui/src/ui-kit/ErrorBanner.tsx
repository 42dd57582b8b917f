// The error banner: a title, the sender's message as data, its detail behind a disclosure, and
// an optional Retry and Dismiss.
import "./ErrorBanner.css";

interface ErrorBannerProps {
  /** A short, localized description of the kind of failure. */
  title: string;
  /** The text the failing party sent: shown as data, never as markup. */
  message: string;
  detail?: string | undefined;
  /** How to fix it, already worded (a keychain failure's), shown under the message. */
  hint?: string | null | undefined;
  detailsLabel: string;
  retryLabel?: string;
  onRetry?: () => void;
  dismissLabel?: string;
  onDismiss?: () => void;
}

export function ErrorBanner({
  title,
  message,
  detail,
  hint,
  detailsLabel,
  retryLabel,
  onRetry,
  dismissLabel,
  onDismiss,
}: ErrorBannerProps) {
  return (
    <div className="error-banner" role="alert">
      <div className="error-banner__icon" aria-hidden="true">
        !
      </div>
      <div className="error-banner__body">
        <p className="error-banner__title">{title}</p>
        {message && <p className="error-banner__message">{message}</p>}
        {hint && <p className="error-banner__hint">{hint}</p>}
        {detail && (
          <details className="error-banner__detail">
            <summary>{detailsLabel}</summary>
            <pre>{detail}</pre>
          </details>
        )}
      </div>
      {onRetry && retryLabel && (
        <button type="button" className="button button--small" onClick={onRetry}>
          {retryLabel}
        </button>
      )}
      {onDismiss && dismissLabel && (
        <button type="button" className="button button--small" onClick={onDismiss}>
          {dismissLabel}
        </button>
      )}
    </div>
  );
}
