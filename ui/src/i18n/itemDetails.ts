/**
 * The messages of a tool result's check against the tool's output schema, and of the `_meta`
 * and icons shown in the details of tools, prompts, resources, templates and servers — in
 * both languages side by side. Spread into the catalogs of en.ts and zh-CN.ts.
 */
export const itemDetailsEn = {
  "outputCheck.valid": "Matches the tool's output schema",
  "outputCheck.missing": "The tool declares an output schema, but its result has no structured content.",
  "outputCheck.mismatch.one": "The structured content does not match the tool's output schema (1 problem):",
  "outputCheck.mismatch.other": "The structured content does not match the tool's output schema ({count} problems):",
  "outputCheck.problem": "At {path}: expected {expected}, found {found}",
  "outputCheck.root": "(the whole value)",
  "outputCheck.more": "…and {count} more",
  "outputCheck.unchecked": "Not checked against the tool's output schema: {reason}",
  "outputCheck.reason.schemaTooLarge": "the schema is too large",
  "outputCheck.reason.schemaTooDeep": "the schema nests too deeply",
  "outputCheck.reason.schemaTooComplex": "the schema's references expand too far or loop",
  "outputCheck.reason.schemaInvalid": "the schema is not a usable JSON Schema",
  "outputCheck.reason.schemaUnsupported": "the schema refers to documents outside itself",
  "outputCheck.reason.contentTooLarge": "the structured content is too large",
  "outputCheck.reason.tookTooLong": "checking took too long",

  "itemMeta.icons": "Icons",
  "itemMeta.icon.other": "Not shown",
  "itemMeta.meta": "_meta ({size})",
  "itemMeta.meta.cut": "Cut: the first {shown} of {size} are shown.",
} as const;

export const itemDetailsZhCN: Record<keyof typeof itemDetailsEn, string> = {
  "outputCheck.valid": "符合工具的输出模式",
  "outputCheck.missing": "该工具声明了输出模式，但其结果没有结构化内容。",
  "outputCheck.mismatch.one": "结构化内容与工具的输出模式不符（1 个问题）：",
  "outputCheck.mismatch.other": "结构化内容与工具的输出模式不符（{count} 个问题）：",
  "outputCheck.problem": "位置 {path}：应为 {expected}，实际为 {found}",
  "outputCheck.root": "（整个值）",
  "outputCheck.more": "……另有 {count} 个",
  "outputCheck.unchecked": "未按工具的输出模式检查：{reason}",
  "outputCheck.reason.schemaTooLarge": "模式过大",
  "outputCheck.reason.schemaTooDeep": "模式嵌套过深",
  "outputCheck.reason.schemaTooComplex": "模式的引用展开过多或形成循环",
  "outputCheck.reason.schemaInvalid": "模式不是可用的 JSON Schema",
  "outputCheck.reason.schemaUnsupported": "模式引用了自身以外的文档",
  "outputCheck.reason.contentTooLarge": "结构化内容过大",
  "outputCheck.reason.tookTooLong": "检查耗时过长",

  "itemMeta.icons": "图标",
  "itemMeta.icon.other": "未显示",
  "itemMeta.meta": "_meta（{size}）",
  "itemMeta.meta.cut": "已截断：显示 {size} 中的前 {shown}。",
};
