// Reading a resource's untrusted fields: its display name, its audience as one kind, and its
// priority clamped to 0..1.
import type { ResourceItem, Role } from "../ipc";

export type AudienceKind = "user" | "assistant" | "both";

/** The title when the server gave one, else the name, else the URI. */
export function displayName(item: Pick<ResourceItem, "title" | "name" | "uri">): string {
  const title = item.title?.trim();
  if (title) return title;
  const name = item.name.trim();
  return name !== "" ? name : item.uri;
}

/** user / assistant / both; `null` when the annotation is absent or empty. */
export function audienceKind(audience: readonly Role[] | undefined): AudienceKind | null {
  if (!audience || audience.length === 0) return null;
  const user = audience.includes("user");
  const assistant = audience.includes("assistant");
  if (user && assistant) return "both";
  if (user) return "user";
  if (assistant) return "assistant";
  return null;
}

/** A priority clamped to 0..1; `null` when absent or not a finite number (servers are untrusted). */
export function normalizedPriority(priority: number | undefined): number | null {
  if (typeof priority !== "number" || !Number.isFinite(priority)) return null;
  return Math.min(1, Math.max(0, priority));
}
