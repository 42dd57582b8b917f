/**
 * The command palette (Ctrl+K, ⌘K on a Mac): its dialog, search field, groups and what it says
 * while it searches — in both languages side by side. Spread into the catalogs of en.ts and
 * zh-CN.ts.
 */
export const paletteEn = {
  "palette.title": "Go to",
  "palette.input.label": "Search servers, resources, skills, apps, templates, prompts and tools",
  "palette.input.placeholder": "Type a name…",
  "palette.results.label": "Matches",
  "palette.group.servers": "Servers",
  "palette.group.resources": "Resources",
  "palette.group.skills": "Skills",
  "palette.group.apps": "Apps",
  "palette.group.templates": "Templates",
  "palette.group.prompts": "Prompts",
  "palette.group.tools": "Tools",
  "palette.server.details": "Open its server details",
  "palette.searching": "Searching…",
  "palette.listing": "Asking the connected servers for their templates, prompts and tools…",
  "palette.unanswered": "Some servers did not answer: their templates, prompts or tools are left out.",
  "palette.empty": "Nothing matches “{text}”.",
  "palette.count": "Matches shown: {count}",
  "palette.keys": "↑ ↓ to move, Enter to open, Esc to close",
} as const;

export const paletteZhCN: Record<keyof typeof paletteEn, string> = {
  "palette.title": "转到",
  "palette.input.label": "搜索服务器、资源、技能、应用、模板、提示词和工具",
  "palette.input.placeholder": "输入名称…",
  "palette.results.label": "匹配项",
  "palette.group.servers": "服务器",
  "palette.group.resources": "资源",
  "palette.group.skills": "技能",
  "palette.group.apps": "应用",
  "palette.group.templates": "模板",
  "palette.group.prompts": "提示词",
  "palette.group.tools": "工具",
  "palette.server.details": "打开其服务器详情",
  "palette.searching": "正在搜索…",
  "palette.listing": "正在向已连接的服务器获取模板、提示词和工具…",
  "palette.unanswered": "部分服务器未响应：其模板、提示词或工具未列出。",
  "palette.empty": "没有与“{text}”匹配的内容。",
  "palette.count": "显示的匹配项：{count}",
  "palette.keys": "↑ ↓ 移动，Enter 打开，Esc 关闭",
};
