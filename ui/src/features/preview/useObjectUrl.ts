// A media element's ref that plays base64 bytes from a blob: URL, revoked when the element or
// the bytes go away.
import { useCallback, useMemo } from "react";
import { decodeBase64 } from "./base64";

/**
 * A ref for a media element that plays base64 bytes from a blob: URL (not a data: URL as
 * large as the file). The URL lives exactly as long as the element shows these bytes: React
 * runs the ref's cleanup, which revokes it, when the element or the bytes go away.
 */
export function useObjectUrlRef(base64: string, mimeType: string) {
  const blob = useMemo(
    () => new Blob([decodeBase64(base64) as Uint8Array<ArrayBuffer>], { type: mimeType }),
    [base64, mimeType],
  );
  return useCallback(
    (element: HTMLMediaElement | null) => {
      if (!element || typeof URL.createObjectURL !== "function") return;
      const url = URL.createObjectURL(blob);
      element.src = url;
      return () => {
        element.removeAttribute("src");
        URL.revokeObjectURL(url);
      };
    },
    [blob],
  );
}
