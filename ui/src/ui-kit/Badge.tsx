// A small inline label in one of a few tones, optionally monospace, with its own accessible text.
import type { ReactNode } from "react";
import "./Badge.css";

export type BadgeTone = "neutral" | "accent" | "info" | "success" | "warning";

interface BadgeProps {
  tone?: BadgeTone;
  /** Tooltip (e.g. the full value when the badge shows a short form). */
  title?: string;
  /** Text for assistive technology when the visible short form is not enough. */
  label?: string;
  mono?: boolean;
  children: ReactNode;
}

export function Badge({ tone = "neutral", title, label, mono = false, children }: BadgeProps) {
  return (
    <span className={`badge badge--${tone}${mono ? " badge--mono" : ""}`} title={title}>
      {label === undefined ? (
        children
      ) : (
        <>
          <span aria-hidden="true" className="badge__visual">
            {children}
          </span>
          <span className="visually-hidden">{label}</span>
        </>
      )}
    </span>
  );
}
