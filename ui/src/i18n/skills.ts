/**
 * Skills (agent skills a server lists): the skill's details in the preview, the check of each
 * file against its listed digest, and adding the whole skill — in both languages side by side.
 * Spread into the catalogs of en.ts and zh-CN.ts.
 */
export const skillsEn = {
  "skills.title": "Skill {name}",
  "skills.label": "The skill this file belongs to",
  "skills.files.one": "{count} file, {bytes}",
  "skills.files.other": "{count} files, {bytes}",
  "skills.files.dynamic": "Its server makes its files on request (it lists none)",
  "skills.frontmatter": "Frontmatter",
  "skills.add": "Add whole skill to basket",
  "skills.added": "Added skill {name} to {basket}: {files} files, {tokens} tokens in all",
  "skills.addedFailed": "{failed} files could not be read",
  "skills.check.matches": "Matches its listed digest",
  "skills.check.changed": "Changed since listed: its digest is {found} ({foundSize} bytes), the skill listed {listed} ({listedSize} bytes)",
  "skills.check.unlisted": "Not a file its skill lists",
  "skills.check.unreadable": "Its bytes could not be decoded, so it could not be checked",
} as const;

export const skillsZhCN = {
  "skills.title": "技能 {name}",
  "skills.label": "此文件所属的技能",
  "skills.files.one": "{count} 个文件，{bytes}",
  "skills.files.other": "{count} 个文件，{bytes}",
  "skills.files.dynamic": "其服务器按需生成文件（未列出任何文件）",
  "skills.frontmatter": "前置元数据",
  "skills.add": "将整个技能加入篮子",
  "skills.added": "已将技能 {name} 加入 {basket}：{files} 个文件，共 {tokens} 个 token",
  "skills.addedFailed": "{failed} 个文件无法读取",
  "skills.check.matches": "与列出的摘要一致",
  "skills.check.changed": "自列出后已更改：其摘要为 {found}（{foundSize} 字节），技能列出的是 {listed}（{listedSize} 字节）",
  "skills.check.unlisted": "不是其技能列出的文件",
  "skills.check.unreadable": "无法解码其字节，因此无法校验",
} as const;
