/**
 * The new messages of a connection's Roots section (the folder picker; changes reach a running
 * server at once) — in both languages side by side. Spread into the catalogs of en.ts and
 * zh-CN.ts.
 */
export const rootsEn = {
  "roots.choose": "Choose folder…",
  "roots.live": "Changes reach a running server at once, without reconnecting.",
} as const;

export const rootsZhCN: Record<keyof typeof rootsEn, string> = {
  "roots.choose": "选择文件夹…",
  "roots.live": "更改会立即告知正在运行的服务器，无需重新连接。",
};
