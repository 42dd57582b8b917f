/**
 * Picker hygiene: how a connection's resources show in the browser (its section of the server
 * details) and the tree grouped by server or by kind — in both languages side by side. Spread
 * into the catalogs of en.ts and zh-CN.ts.
 */
export const pickerEn = {
  "picker.title": "In the browser",
  "picker.hint":
    "How this connection's resources show in the resource browser. A kind hidden by default shows again when you choose it under Kind; resources turned off show when you choose this server.",
  "picker.showResources": "Show resources",
  "picker.hideTemplates": "Hide templates by default",
  "picker.hideSkills": "Hide skills by default",
  "picker.hideApps": "Hide apps by default",
  "browser.group.label": "Group by",
  "browser.group.server": "Server",
  "browser.group.kind": "Kind",
  "browser.treeLabel.kind": "Resources by kind, server and URI",
  "browser.tree.kind.resource": "Resources",
  "browser.tree.kind.app": "Apps",
  "browser.tree.kind.skill": "Skills",
} as const;

export const pickerZhCN = {
  "picker.title": "在浏览器中",
  "picker.hint":
    "此连接的资源在资源浏览器中的显示方式。默认隐藏的类型在“类型”中选中后会再次显示；关闭显示的资源在选中此服务器后显示。",
  "picker.showResources": "显示资源",
  "picker.hideTemplates": "默认隐藏模板",
  "picker.hideSkills": "默认隐藏技能",
  "picker.hideApps": "默认隐藏应用",
  "browser.group.label": "分组方式",
  "browser.group.server": "服务器",
  "browser.group.kind": "类型",
  "browser.treeLabel.kind": "按类型、服务器和 URI 排列的资源",
  "browser.tree.kind.resource": "资源",
  "browser.tree.kind.app": "应用",
  "browser.tree.kind.skill": "技能",
} as const;
