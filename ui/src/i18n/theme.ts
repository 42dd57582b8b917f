/**
 * The messages of the theme switch in the header, in both languages side by side. Spread into
 * the catalogs of en.ts and zh-CN.ts.
 */
export const themeEn = {
  "theme.label": "Theme",
  "theme.system": "System",
  "theme.light": "Light",
  "theme.dark": "Dark",
  "theme.contrast": "High contrast",
} as const;

export const themeZhCN: Record<keyof typeof themeEn, string> = {
  "theme.label": "主题",
  "theme.system": "跟随系统",
  "theme.light": "浅色",
  "theme.dark": "深色",
  "theme.contrast": "高对比度",
};
