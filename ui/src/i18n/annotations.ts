/**
 * The messages of the one annotations list (preview header, basket items, templates, content
 * blocks of reads and tool results) and of servers' icons fetched by Lode — in both languages
 * side by side. Spread into the catalogs of en.ts and zh-CN.ts.
 */
export const annotationsEn = {
  "annotations.label": "Annotations of {name}",
  "annotations.audience": "Audience",
  "annotations.priority": "Priority",
  "annotations.modified": "Modified",
  "annotations.size": "Size",
  "annotations.mimeType": "Type",
  "annotations.name": "Name",
  "annotations.title": "Title",
  "annotations.audience.user": "User",
  "annotations.audience.assistant": "Assistant",
  "annotations.audience.both": "User and assistant",
  "annotations.added": "When added",
  "annotations.now": "Now",
  "annotations.changed": "The annotations changed since this item was added",
  "annotations.block": "Content item {index}",
  "icons.remote.failed": "Not loaded: {reason}",
  "icons.remote.loading": "Loading…",
} as const;

export const annotationsZhCN: Record<keyof typeof annotationsEn, string> = {
  "annotations.label": "{name} 的注解",
  "annotations.audience": "受众",
  "annotations.priority": "优先级",
  "annotations.modified": "修改时间",
  "annotations.size": "大小",
  "annotations.mimeType": "类型",
  "annotations.name": "名称",
  "annotations.title": "标题",
  "annotations.audience.user": "用户",
  "annotations.audience.assistant": "助手",
  "annotations.audience.both": "用户和助手",
  "annotations.added": "加入时",
  "annotations.now": "当前",
  "annotations.changed": "此项加入后注解已变化",
  "annotations.block": "内容项 {index}",
  "icons.remote.failed": "未加载：{reason}",
  "icons.remote.loading": "加载中…",
};
