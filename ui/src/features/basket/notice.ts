/** What the basket's last action says under its export buttons: news, or a failure. */
export type Notice = { tone: "info" | "error"; text: string } | null;
