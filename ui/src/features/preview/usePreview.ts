// The opened resource's contents: read (streamed, with progress) per connection and URI, and
// read again on demand while the old contents stay shown.
import { useState } from "react";
import { toLodeError, type ConnectionId, type LodeError, type ResourceContent } from "../../ipc";
import { useAsync } from "../../ui-kit/useAsync";
import { readAssembled, type ReadProgress } from "./streamedRead";

/**
 * The contents of the opened resource. `refresh()` reads again while the old contents stay on
 * screen (a live update); `progress` follows a read's pieces while one is under way.
 */
export function usePreview(connectionId: ConnectionId | null, uri: string | null) {
  const key = connectionId === null || uri === null ? null : JSON.stringify([connectionId, uri]);
  const [progress, setProgress] = useState<{ key: string; value: ReadProgress } | null>(null);
  const { state, pending, reload, refresh } = useAsync<ResourceContent[], LodeError>(
    key,
    () => {
      if (connectionId === null || uri === null || key === null) return Promise.resolve([]);
      return readAssembled(connectionId, uri, (value) => {
        setProgress({ key, value });
      });
    },
    toLodeError,
  );
  const current = pending && progress?.key === key ? progress.value : null;
  return { state, pending, progress: current, reload, refresh };
}
