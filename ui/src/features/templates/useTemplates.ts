// A connection's resource templates, loaded from the shell, with "none offered" as its own
// state.
import { listTemplates, toLodeError, type ConnectionId, type LodeError, type ResourceTemplate } from "../../ipc";
import { useAsync } from "../../ui-kit/useAsync";

export type TemplatesState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "error"; error: LodeError }
  /** The server offers no templates (it may not support them at all): not a failure. */
  | { status: "empty" }
  | { status: "ready"; templates: ResourceTemplate[] };

/**
 * The resource templates of a connection (null: none chosen). `reload` shows the loading state
 * again (a Retry); `refresh` keeps the list on screen until the new one arrives.
 */
export function useTemplates(connectionId: ConnectionId | null) {
  const { state, pending, reload, refresh } = useAsync<ResourceTemplate[], LodeError>(
    connectionId === null ? null : `templates:${connectionId}`,
    () => (connectionId === null ? Promise.resolve([]) : listTemplates(connectionId)),
    toLodeError,
  );
  let templates: TemplatesState;
  if (state.status === "success") {
    templates = state.data.length === 0 ? { status: "empty" } : { status: "ready", templates: state.data };
  } else {
    templates = state;
  }
  return { state: templates, pending, reload, refresh };
}
