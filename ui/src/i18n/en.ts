// The English catalog: every message of the UI, and the source of truth for keys and their
// placeholders (checked complete against the IPC enums it names).
import { errorHintsEn } from "./errorHints";
import { updatesEn } from "./updates";
import { appMenuEn } from "./appMenu";
import { assistantsEn } from "./assistants";
import { connectionsEn } from "./connections";
import { importWizardEn } from "./importWizard";
import { browserEn } from "./browser";
import { previewEn } from "./preview";
import { skillsEn } from "./skills";
import { installEn } from "./install";
import { mcpbEn } from "./mcpb";
import { appsEn } from "./apps";
import { basketEn } from "./basket";
import { contextHubEn } from "./contextHub";
import { serverCatalogsEn } from "./serverCatalogs";
import { serverDetailsEn } from "./serverDetails";
import { asksDialogsEn } from "./asksDialogs";
import { requestsEn } from "./requests";
import { itemDetailsEn } from "./itemDetails";
import { oauthClientEn } from "./oauthClient";
import { themeEn } from "./theme";
import { dragEn } from "./drag";
import { annotationsEn } from "./annotations";
import { finishEn } from "./finish";
import { browseSearchEn } from "./browseSearch";
import { paletteEn } from "./palette";
import { pickerEn } from "./picker";
import type {
  ConfigFormat,
  ConnectionStatus,
  DraftProblemKind,
  ErrorCode,
  ProtocolEra,
  ServerCapabilities,
  TransportSpec,
} from "../ipc";

/**
 * The English catalog is the source of truth: its keys define `MessageKey`, and its `{name}`
 * placeholders define the parameters `t()` requires. Every other catalog must match it.
 */
export const en = {
  "app.name": "Lode",
  "app.tagline": "MCP resource browser",
  "language.label": "Language",
  "language.en": "English",
  "language.zh-CN": "简体中文",
  "language.zh-CN.inLatin": "Chinese (Simplified)",
  ...appMenuEn,
  ...updatesEn,
  ...errorHintsEn,
  ...assistantsEn,

  "menu.listingLimits": "Listing limits…",

  "common.cancel": "Cancel",
  "common.close": "Close",
  "common.undo": "Undo",
  "common.dismiss": "Dismiss",
  "common.retry": "Retry",
  "common.details": "Details",

  "error.notFound": "Resource not found",
  "error.methodNotFound": "The server does not support this request",
  "error.noResources": "This server offers no resources",
  "error.notRunnable": "Lode cannot run this",
  "error.missingPrerequisite": "A program it needs is missing",
  "error.mcpbRefused": "This bundle was refused",
  "error.invalidParams": "The server rejected the request parameters",
  "error.serverInternal": "The server had an internal error",
  "error.upstreamTimeout": "A service behind the server did not answer in time",
  "error.serverError": "The server reported an error",
  "error.protocol": "The server broke the MCP protocol",
  "error.transportClosed": "The connection to the server was closed",
  "error.spawnFailed": "The server process could not be started",
  "error.http": "HTTP request failed",
  "error.tls": "The secure connection (TLS) failed",
  "error.urlRefused": "Lode refused to contact an address the server named",
  "error.authRequired": "Sign-in required",
  "error.timeout": "The server did not answer in time",
  "error.unknownConnection": "Unknown connection",
  "error.invalidInput": "Invalid input",
  "error.storage": "Local storage error",
  "error.keychain": "System keychain error",
  "error.keychainUnavailable": "The system keychain is not available",
  "error.keychainLocked": "The system keychain is locked: unlock it and try again",
  "error.keychainDenied": "Access to the system keychain was denied",
  "error.internal": "Unexpected error",
  "error.updateFeed": "The update feed could not be read",
  "error.updateNoPackage": "No update package for this system",
  "error.updateSignature": "The update is not signed with Lode's release key",
  "error.updateIncomplete": "The update's download was incomplete",
  "error.updateInstall": "The update could not be installed",
  "error.updatesOff": "Update checks are turned off",
  "error.updateNotNewer": "The downloaded update is not newer than the installed version",
  "error.updateTooLarge": "The update's download is too large",
  "error.declined": "Not confirmed",
  "error.fileChanged": "The file changed",
  "error.cancelled": "Cancelled: a newer request replaced it",

  "app.side.label": "Preview and basket",
  "app.tab.preview": "Preview",
  "app.tab.basket": "Basket",

  "app.tab.prompts": "Prompts",
  "app.tab.tools": "Tools",

  ...connectionsEn,
  ...importWizardEn,
  ...browserEn,
  ...previewEn,
  ...appsEn,
  ...skillsEn,
  ...installEn,
  ...mcpbEn,
  ...basketEn,
  ...contextHubEn,
  ...dragEn,
  ...serverCatalogsEn,
  ...serverDetailsEn,
  ...asksDialogsEn,
  ...requestsEn,
  ...itemDetailsEn,
  ...oauthClientEn,
  ...themeEn,
  ...annotationsEn,
  ...finishEn,
  ...browseSearchEn,
  ...paletteEn,
  ...pickerEn,
} as const satisfies Record<string, string> &
  Record<`error.${ErrorCode}`, string> &
  Record<`connections.transport.${TransportSpec["kind"]}`, string> &
  Record<`connections.status.${ConnectionStatus["state"]}`, string> &
  Record<`server.era.${ProtocolEra}` | `server.era.${ProtocolEra}.hint`, string> &
  Record<`server.capability.${keyof ServerCapabilities}`, string> &
  Record<`problem.${DraftProblemKind["kind"]}`, string> &
  Record<`form.transport.${TransportSpec["kind"]}`, string> &
  Record<`import.format.${ConfigFormat}`, string>;
