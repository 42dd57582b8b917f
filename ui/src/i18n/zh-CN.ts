// The Simplified Chinese catalog, typed Catalog so that a missing or extra key fails tsc.
import { errorHintsZhCN } from "./errorHints";
import { updatesZhCN } from "./updates";
import { appMenuZhCN } from "./appMenu";
import { assistantsZhCN } from "./assistants";
import { connectionsZhCN } from "./connections";
import { importWizardZhCN } from "./importWizard";
import { browserZhCN } from "./browser";
import { previewZhCN } from "./preview";
import { skillsZhCN } from "./skills";
import { installZhCN } from "./install";
import { mcpbZhCN } from "./mcpb";
import { appsZhCN } from "./apps";
import { basketZhCN } from "./basket";
import { contextHubZhCN } from "./contextHub";
import { serverCatalogsZhCN } from "./serverCatalogs";
import { serverDetailsZhCN } from "./serverDetails";
import { asksDialogsZhCN } from "./asksDialogs";
import { requestsZhCN } from "./requests";
import { itemDetailsZhCN } from "./itemDetails";
import { oauthClientZhCN } from "./oauthClient";
import { themeZhCN } from "./theme";
import { dragZhCN } from "./drag";
import { annotationsZhCN } from "./annotations";
import { finishZhCN } from "./finish";
import { browseSearchZhCN } from "./browseSearch";
import { paletteZhCN } from "./palette";
import { pickerZhCN } from "./picker";
import type { Catalog } from "./catalog";

/** Simplified Chinese. Typed as `Catalog`: a missing or extra key fails the type check. */
export const zhCN: Catalog = {
  "app.name": "Lode",
  "app.tagline": "MCP 资源浏览器",
  "language.label": "语言",
  "language.en": "English",
  "language.zh-CN": "简体中文",
  "language.zh-CN.inLatin": "Chinese (Simplified)",
  ...appMenuZhCN,
  ...updatesZhCN,
  ...errorHintsZhCN,
  ...assistantsZhCN,

  "menu.listingLimits": "列出限制…",

  "common.cancel": "取消",
  "common.close": "关闭",
  "common.undo": "撤销",
  "common.dismiss": "关闭通知",
  "common.retry": "重试",
  "common.details": "详细信息",

  "error.notFound": "未找到资源",
  "error.methodNotFound": "服务器不支持此请求",
  "error.noResources": "此服务器不提供任何资源",
  "error.notRunnable": "Lode 无法运行此项",
  "error.missingPrerequisite": "缺少所需的程序",
  "error.mcpbRefused": "此扩展包已被拒绝",
  "error.invalidParams": "服务器拒绝了请求参数",
  "error.serverInternal": "服务器发生内部错误",
  "error.upstreamTimeout": "服务器后方的服务未能及时响应",
  "error.serverError": "服务器报告了错误",
  "error.protocol": "服务器违反了 MCP 协议",
  "error.transportClosed": "与服务器的连接已关闭",
  "error.spawnFailed": "无法启动服务器进程",
  "error.http": "HTTP 请求失败",
  "error.tls": "安全连接（TLS）失败",
  "error.urlRefused": "Lode 拒绝连接服务器指定的地址",
  "error.authRequired": "需要登录",
  "error.timeout": "服务器未能及时响应",
  "error.unknownConnection": "未知的连接",
  "error.invalidInput": "输入无效",
  "error.storage": "本地存储错误",
  "error.keychain": "系统钥匙串错误",
  "error.keychainUnavailable": "系统钥匙串不可用",
  "error.keychainLocked": "系统钥匙串已锁定：请解锁后重试",
  "error.keychainDenied": "访问系统钥匙串被拒绝",
  "error.internal": "意外错误",
  "error.updateFeed": "无法读取更新源",
  "error.updateNoPackage": "没有适用于此系统的更新包",
  "error.updateSignature": "更新未使用 Lode 的发布密钥签名",
  "error.updateIncomplete": "更新下载不完整",
  "error.updateInstall": "无法安装更新",
  "error.updatesOff": "更新检查已关闭",
  "error.updateNotNewer": "下载的更新并不比已安装的版本新",
  "error.updateTooLarge": "更新的下载内容过大",
  "error.declined": "未确认",
  "error.fileChanged": "文件已更改",
  "error.cancelled": "已取消：被更新的请求取代",

  "app.side.label": "预览与篮子",
  "app.tab.preview": "预览",
  "app.tab.basket": "篮子",

  "app.tab.prompts": "提示词",
  "app.tab.tools": "工具",

  ...connectionsZhCN,
  ...importWizardZhCN,
  ...browserZhCN,
  ...previewZhCN,
  ...appsZhCN,
  ...skillsZhCN,
  ...installZhCN,
  ...mcpbZhCN,
  ...basketZhCN,
  ...contextHubZhCN,
  ...dragZhCN,
  ...serverCatalogsZhCN,
  ...serverDetailsZhCN,
  ...asksDialogsZhCN,
  ...requestsZhCN,
  ...itemDetailsZhCN,
  ...oauthClientZhCN,
  ...themeZhCN,
  ...annotationsZhCN,
  ...finishZhCN,
  ...browseSearchZhCN,
  ...paletteZhCN,
  ...pickerZhCN,
};
