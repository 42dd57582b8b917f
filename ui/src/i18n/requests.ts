/**
 * The messages of followed requests other than tool calls (a prompt get, a resource read):
 * their progress and Cancel — in both languages side by side. Spread into en.ts and zh-CN.ts.
 */
export const requestsEn = {
  "requests.prompt.label": "Progress of prompt {name}",
  "requests.prompt.cancelled": "Cancelled: Lode told the server to stop getting {name}.",
  "requests.read.label": "Progress of the read",
  "requests.read.cancelled": "Read cancelled: Lode told the server to stop.",
} as const;

export const requestsZhCN: Record<keyof typeof requestsEn, string> = {
  "requests.prompt.label": "提示词 {name} 的进度",
  "requests.prompt.cancelled": "已取消：Lode 已通知服务器停止获取 {name}。",
  "requests.read.label": "读取进度",
  "requests.read.cancelled": "读取已取消：Lode 已通知服务器停止。",
};
