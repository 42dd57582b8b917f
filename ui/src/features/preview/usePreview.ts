// The opened resource's contents: read (streamed, with progress) per connection and URI, and
// read again on demand while the old contents stay shown.
//
// Cancelling a read is lode-app's (`window/followed_requests/` for the person's Cancel,
// `window/preview_reads.rs` for a read a newer one replaced): it drops the read, and lode-mcp then tells
// the server. This hook only stops waiting and asks (`request.cancel` sends `cancelRequest`); a
// superseded read is not cancelled from here at all, lode-app ends it when the newer one starts.
import { useState } from "react";
import { toLodeError, type ConnectionId, type LodeError } from "../../ipc";
import { useAsync } from "../../ui-kit/useAsync";
import { useFollowedRequest } from "../followed-requests";
import { readAssembled, type ReadContent, type ReadProgress } from "./streamedRead";

/** What a read the person cancelled ends with (the preview shows it with a Retry). */
const CANCELLED: LodeError = { code: "cancelled", message: "the person cancelled the read" };

/** A read that did not answer, carrying the error the preview shows. */
class ReadEnded extends Error {
  constructor(readonly error: LodeError) {
    super(error.message);
  }
}

/**
 * The contents of the opened resource. `refresh()` reads again while the old contents stay on
 * screen (a live update); `progress` follows a read's pieces while one is under way. Every read
 * is followed: `request` has the server's progress and the Cancel of the read under way.
 */
export function usePreview(connectionId: ConnectionId | null, uri: string | null) {
  const key = connectionId === null || uri === null ? null : JSON.stringify([connectionId, uri]);
  const [progress, setProgress] = useState<{ key: string; value: ReadProgress } | null>(null);
  const request = useFollowedRequest(connectionId);
  const { state, pending, reload, refresh } = useAsync<ReadContent[], LodeError>(
    key,
    async () => {
      if (connectionId === null || uri === null || key === null) return [];
      const outcome = await request.run((tag) =>
        readAssembled(
          connectionId,
          uri,
          (value) => {
            setProgress({ key, value });
          },
          tag,
        ),
      );
      if (outcome.kind === "answered") return outcome.value;
      // A superseded read's answer is for an older key or attempt, which useAsync ignores.
      throw new ReadEnded(outcome.kind === "failed" ? outcome.error : CANCELLED);
    },
    (reason: unknown) => (reason instanceof ReadEnded ? reason.error : toLodeError(reason)),
  );
  const current = pending && progress?.key === key ? progress.value : null;
  return { state, pending, progress: current, request, reload, refresh };
}
