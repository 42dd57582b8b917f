// A running app: its page in a sandboxed frame (scripts only: an opaque origin, not Lode's,
// with no IPC), served by Lode at `lode-app://localhost/<view>/` under the policy built from its
// declaration, and the host side of its bridge. Closing the frame tears the app down.
import { useEffect, useMemo, useRef, useState } from "react";
import { useT } from "../../i18n";
import { aboutLode, appAddress, appCallTool, appLog, appOpenLink, appReadResource, closeApp } from "../../ipc";
import { answerView, type ViewHost } from "./bridge";
import { initializeResult } from "./hostContext";

/** The frame's height before the app says its own, and the most it may ask for. */
const FIRST_HEIGHT = 320;
const MOST_HEIGHT = 4000;

/** A tool call the app renders: its arguments and its result, sent once the app is ready. */
export interface RenderedCall {
  args: Record<string, unknown>;
  result: { content: unknown[]; structuredContent?: unknown; isError: boolean };
}

interface AppFrameProps {
  view: string;
  uri: string;
  call?: RenderedCall | undefined;
  onMessage: (text: string) => void;
  onContext: (text: string) => void;
}

export function AppFrame({ view, uri, call, onMessage, onContext }: AppFrameProps) {
  const { t, locale } = useT();
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(FIRST_HEIGHT);
  // The latest callbacks and call, for the bridge's handlers (which outlive a render).
  const reported = useRef({ onMessage, onContext, call });
  useEffect(() => {
    reported.current = { onMessage, onContext, call };
  });

  const host = useMemo<ViewHost>(
    () => ({
      initializeResult: async () => initializeResult(locale, (await aboutLode()).version),
      // The extension's order: nothing is sent to the app before it says it is ready; then the
      // call's input, then its result.
      initialized: () => {
        const rendered = reported.current.call;
        const target = frame.current?.contentWindow;
        if (!rendered || !target) return;
        target.postMessage({ jsonrpc: "2.0", method: "ui/notifications/tool-input", params: { arguments: rendered.args } }, "*");
        const { content, structuredContent, isError } = rendered.result;
        target.postMessage({ jsonrpc: "2.0", method: "ui/notifications/tool-result", params: { content, structuredContent, isError } }, "*");
      },
      callTool: (name, args) => appCallTool(view, name, args),
      readResource: (resource) => appReadResource(view, resource),
      openLink: (url) => appOpenLink(view, url),
      message: (text) => reported.current.onMessage(text),
      updateModelContext: (text) => reported.current.onContext(text),
      log: (level, text) => void appLog(view, level, text).catch(() => undefined),
      resize: ({ height: asked }) => {
        if (asked !== undefined) setHeight(Math.min(Math.max(Math.ceil(asked), 40), MOST_HEIGHT));
      },
    }),
    [view, locale],
  );

  useEffect(() => {
    const onMessageEvent = (event: MessageEvent) => {
      // Only this frame's page speaks for this app; its origin is opaque ("null").
      const target = frame.current?.contentWindow;
      if (!target || event.source !== target) return;
      void answerView(event.data, host).then((reply) => {
        if (reply) target.postMessage(reply, "*");
      });
    };
    window.addEventListener("message", onMessageEvent);
    return () => window.removeEventListener("message", onMessageEvent);
  }, [host]);

  useEffect(
    () => () => {
      frame.current?.contentWindow?.postMessage({ jsonrpc: "2.0", id: "teardown", method: "ui/resource-teardown", params: { reason: "closed" } }, "*");
      void closeApp(view).catch(() => undefined);
    },
    [view],
  );

  return (
    <iframe
      ref={frame}
      className="app-frame"
      data-testid="app-frame"
      title={t("apps.frameTitle", { uri })}
      src={appAddress(view)}
      sandbox="allow-scripts allow-forms"
      referrerPolicy="no-referrer"
      style={{ height }}
    />
  );
}
