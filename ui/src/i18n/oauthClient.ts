/**
 * A connection's OAuth client (its client secret and client ID metadata document URL) and a
 * sign-in that needs more scope — in both languages side by side. Spread into the catalogs of
 * en.ts and zh-CN.ts.
 */
export const oauthClientEn = {
  "form.auth.clientSecret": "Client secret (optional)",
  "form.auth.clientSecretHint": "Only for a client ID registered as a confidential client. Kept in the system keychain; sent only to the authorization server.",
  "form.auth.metadataUrl": "Client metadata document URL (optional)",
  "form.auth.metadataUrlHint": "An https URL of a document describing Lode as a client, used as its client ID when the authorization server accepts such documents.",
  "problem.notHttpsUrlWithPath": "Enter an https:// URL with a path, e.g. https://example.com/lode.json.",
  "connections.status.moreScope": "The server wants more access: {scope}. Sign in again to grant it.",
  "error.scopeRefused": "The server refuses access this sign-in already has",
} as const;

export const oauthClientZhCN: Record<keyof typeof oauthClientEn, string> = {
  "form.auth.clientSecret": "客户端密钥（可选）",
  "form.auth.clientSecretHint": "仅用于注册为机密客户端的客户端 ID。保存在系统钥匙串中，只发送给授权服务器。",
  "form.auth.metadataUrl": "客户端元数据文档 URL（可选）",
  "form.auth.metadataUrlHint": "描述 Lode 客户端的文档的 https URL；授权服务器支持此类文档时，用作客户端 ID。",
  "problem.notHttpsUrlWithPath": "请输入带路径的 https:// URL，例如 https://example.com/lode.json。",
  "connections.status.moreScope": "服务器需要更多权限：{scope}。请重新登录以授予。",
  "error.scopeRefused": "服务器拒绝了本次登录已有的权限",
};
