/**
 * Drag and drop: reordering basket items and connections (by pointer or Alt+arrows) and
 * dragging a basket or an item out of the window as Markdown — in both languages side by side.
 * Spread into the catalogs of en.ts and zh-CN.ts.
 */
export const dragEn = {
  "drag.grip": "Drag to reorder {name}, or press Alt+Up or Alt+Down",
  "drag.moved": "{name} moved to position {position} of {count}",
  "drag.cancelled": "Move of {name} cancelled",
  "drag.connections.hint": "Drag a connection's grip, or press Alt+Up and Alt+Down, to reorder.",
  "drag.out.text": "Markdown",
  "drag.out.textLabel": "Drag {name} out as Markdown text (click to copy it)",
  "drag.out.file": "File",
  "drag.out.fileLabel": "Drag {name} out as a Markdown file",
  "drag.out.fileHint": "Hold the mouse button on File and drag it onto a folder or another app to drop {name} there as a Markdown file.",
  "drag.out.basketLabel": "Drag out",
  "drag.out.notReady": "The Markdown is still being prepared — drag again.",
  "drag.out.copied": "Copied {name} as Markdown ({chars} characters).",
  "drag.out.failed": "Could not drag {name} out: {message}",
} as const;

export const dragZhCN: Record<keyof typeof dragEn, string> = {
  "drag.grip": "拖动以调整 {name} 的顺序，或按 Alt+↑ / Alt+↓",
  "drag.moved": "{name} 已移到第 {position} 位，共 {count} 项",
  "drag.cancelled": "已取消移动 {name}",
  "drag.connections.hint": "拖动连接左侧的手柄，或按 Alt+↑ 和 Alt+↓，即可调整顺序。",
  "drag.out.text": "Markdown",
  "drag.out.textLabel": "将 {name} 作为 Markdown 文本拖出（点击即可复制）",
  "drag.out.file": "文件",
  "drag.out.fileLabel": "将 {name} 作为 Markdown 文件拖出",
  "drag.out.fileHint": "在“文件”上按住鼠标，拖到文件夹或其他应用中，即可将 {name} 作为 Markdown 文件放下。",
  "drag.out.basketLabel": "拖出",
  "drag.out.notReady": "Markdown 仍在准备中，请再拖一次。",
  "drag.out.copied": "已将 {name} 复制为 Markdown（{chars} 个字符）。",
  "drag.out.failed": "无法拖出 {name}：{message}",
};
