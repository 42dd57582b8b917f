// The IPC layer's public entry: the generated binding types and every command and event
// wrapper the features import.
export type { Annotations } from "./bindings/Annotations";
export type { Completion } from "./bindings/Completion";
export type { ConfigFormat } from "./bindings/ConfigFormat";
export type { Connection } from "./bindings/Connection";
export type { ConnectionDraft } from "./bindings/ConnectionDraft";
export type { ConnectionId } from "./bindings/ConnectionId";
export type { ConnectionSettings } from "./bindings/ConnectionSettings";
export type { ConnectionState } from "./bindings/ConnectionState";
export type { ConnectionStatus } from "./bindings/ConnectionStatus";
export type { ConnectOutcome } from "./bindings/ConnectOutcome";
export type { DraftField } from "./bindings/DraftField";
export type { DraftProblem } from "./bindings/DraftProblem";
export type { DraftProblemKind } from "./bindings/DraftProblemKind";
export type { Duplicate } from "./bindings/Duplicate";
export type { EntryProblem } from "./bindings/EntryProblem";
export type { ErrorCode } from "./bindings/ErrorCode";
export type { Exported } from "./bindings/Exported";
export type { ConnectionEvent } from "./bindings/ConnectionEvent";
export type { ConnectionEventKind } from "./bindings/ConnectionEventKind";
export type { Icon } from "./bindings/Icon";
export type { CommandView } from "./bindings/CommandView";
export type { ExposedSecret } from "./bindings/ExposedSecret";
export type { ImportCandidate } from "./bindings/ImportCandidate";
export type { ImportChoice } from "./bindings/ImportChoice";
export type { ImportLocation } from "./bindings/ImportLocation";
export type { ImportPreview } from "./bindings/ImportPreview";
export type { ImportSecret } from "./bindings/ImportSecret";
export type { ImportSource } from "./bindings/ImportSource";
export type { LodeError } from "./bindings/LodeError";
export type { MetaJson } from "./bindings/MetaJson";
export type { OutputCheck } from "./bindings/OutputCheck";
export type { OutputProblem } from "./bindings/OutputProblem";
export type { ProtocolEra } from "./bindings/ProtocolEra";
export type { ResourceContent } from "./bindings/ResourceContent";
export type { ResourceItem } from "./bindings/ResourceItem";
export type { ResourceTemplate } from "./bindings/ResourceTemplate";
export type { Role } from "./bindings/Role";
export type { SecretAnswer } from "./bindings/SecretAnswer";
export type { SecretChange } from "./bindings/SecretChange";
export type { SecretEdit } from "./bindings/SecretEdit";
export type { SecretPlace } from "./bindings/SecretPlace";
export type { SecretText } from "./bindings/SecretText";
export type { ServerCapabilities } from "./bindings/ServerCapabilities";
export type { ServerEvent } from "./bindings/ServerEvent";
export type { ServerInfo } from "./bindings/ServerInfo";
export type { Shown } from "./bindings/Shown";
export type { ShownArg } from "./bindings/ShownArg";
export type { ShownVar } from "./bindings/ShownVar";
export type { TemplateOperator } from "./bindings/TemplateOperator";
export type { TemplateVariable } from "./bindings/TemplateVariable";
export type { TransportSpec } from "./bindings/TransportSpec";
export {
  addConnection,
  checkConnection,
  connectionStatuses,
  listConnections,
  removeConnection,
  restoreConnection,
  retryConnection,
  startConnections,
  signIn,
  signOut,
  testConnection,
  updateConnection,
} from "./connections";
export {
  applyImport,
  chooseImportFile,
  exportConnections,
  guessImportFormat,
  importLocations,
  previewImport,
} from "./import";
export { serverInfo, serverLog } from "./server";
export { ERROR_CODES, isErrorCode, isLodeError, toLodeError } from "./errors";
export { CONNECTION_EVENT, onConnectionEvent, stopListening, type UnlistenFn } from "./events";
export { setLogLevel } from "./logLevel";
export { addRootFolder, setRoots } from "./roots";
export {
  readResourceStreamed,
  saveContentAs,
  subscribeResource,
  unsubscribeResource,
} from "./preview";
export type { ContentHead } from "./bindings/ContentHead";
export type { ContentKind } from "./bindings/ContentKind";
export type { ReadPiece } from "./bindings/ReadPiece";
export type { AudienceFilter } from "./bindings/AudienceFilter";
export type { ResourceKind } from "./bindings/ResourceKind";
export type { BrowseStatus } from "./bindings/BrowseStatus";
export type { Filters } from "./bindings/Filters";
export type { FolderKind } from "./bindings/FolderKind";
export type { ServerKinds } from "./bindings/ServerKinds";
export type { TreeGroup } from "./bindings/TreeGroup";
export type { IndexRow } from "./bindings/IndexRow";
export type { ListingCut } from "./bindings/ListingCut";
export type { ListingState } from "./bindings/ListingState";
export type { Query } from "./bindings/Query";
export type { QueryResult } from "./bindings/QueryResult";
export type { ServerListing } from "./bindings/ServerListing";
export type { SortKey } from "./bindings/SortKey";
export type { TreeNode } from "./bindings/TreeNode";
export type { TreeQuery } from "./bindings/TreeQuery";
export type { TreeResult } from "./bindings/TreeResult";
export type { TreeRow } from "./bindings/TreeRow";
export {
  BROWSE_EVENT,
  browseList,
  browseStatus,
  browseTree,
  earlyBrowseStatus,
  onBrowseStatus,
  sendBrowseEarly,
  stopListing,
} from "./browse";
export { completeTemplate, expandTemplate, listTemplates, templateVariables } from "./templates";
export type { Basket } from "./bindings/Basket";
export type { BasketId } from "./bindings/BasketId";
export type { BasketItem } from "./bindings/BasketItem";
export type { BasketSummary } from "./bindings/BasketSummary";
export type { BasketTotals } from "./bindings/BasketTotals";
export type { ExportFormat } from "./bindings/ExportFormat";
export type { ItemKind } from "./bindings/ItemKind";
export type { ServingStatus } from "./bindings/ServingStatus";
export {
  addMatchingToBasket,
  addToBasket,
  basketServer,
  createBasket,
  deleteBasket,
  exportBasket,
  fillBasket,
  getBasket,
  listBaskets,
  moveBasketItem,
  refreshBasketItem,
  removeBasketItems,
  rotateServeToken,
  saveBasketBundle,
  setBasketItemNote,
  setBasketOptions,
  startBasketServer,
  stopBasketServer,
} from "./basket";
export type { AddFailure } from "./bindings/AddFailure";
export type { AddReport } from "./bindings/AddReport";
export type { BasketView } from "./bindings/BasketView";
export type { ExportText } from "./bindings/ExportText";
export type { SavedBundle } from "./bindings/SavedBundle";
export type { ContentBlock } from "./bindings/ContentBlock";
export type { PromptArgument } from "./bindings/PromptArgument";
export type { PromptItem } from "./bindings/PromptItem";
export type { PromptMessage } from "./bindings/PromptMessage";
export type { PromptResult } from "./bindings/PromptResult";
export type { ToolItem } from "./bindings/ToolItem";
export type { ToolResult } from "./bindings/ToolResult";
export {
  addPromptToBasket,
  addToolResultToBasket,
  callTool,
  completePrompt,
  forgetTrustedTool,
  getPrompt,
  listPrompts,
  listTools,
  trustedTools,
} from "./catalog";
export { cancelRequest } from "./followedRequests";
export type { AboutLode } from "./bindings/AboutLode";
export type { DownloadProgress } from "./bindings/DownloadProgress";
export type { UncheckedReason } from "./bindings/UncheckedReason";
export type { UpdateCheck } from "./bindings/UpdateCheck";
export type { ErrorFacts } from "./bindings/ErrorFacts";
export type { UpdateFailure } from "./bindings/UpdateFailure";
export type { UpdateFeedChoice } from "./bindings/UpdateFeedChoice";
export type { UpdateFeedSource } from "./bindings/UpdateFeedSource";
export type { UpdateFeedState } from "./bindings/UpdateFeedState";
export type { UpdateInfo } from "./bindings/UpdateInfo";
export { aboutLode, reportFirstRows } from "./about";
export { listingLimits, setListingLimits } from "./settings";
export { pickerSettings, sendPickerSettingsEarly, setPickerSettings } from "./pickerSettings";
export type { ConnectionPickerSettings } from "./bindings/ConnectionPickerSettings";
export type { PickerSettings } from "./bindings/PickerSettings";
export type { ListingLimits } from "./bindings/ListingLimits";
export {
  UPDATE_EVENT,
  checkForUpdates,
  installUpdate,
  onUpdateAvailable,
  pendingUpdate,
  restartLode,
  setUpdateFeed,
  updateFeed,
} from "./updates";
export type { AskAnswer } from "./bindings/AskAnswer";
export type { AskEnd } from "./bindings/AskEnd";
export type { AskEvent } from "./bindings/AskEvent";
export type { ElicitationAnswer } from "./bindings/ElicitationAnswer";
export type { ElicitationForm } from "./bindings/ElicitationForm";
export type { ElicitationRequest } from "./bindings/ElicitationRequest";
export type { FieldError } from "./bindings/FieldError";
export type { FieldKind } from "./bindings/FieldKind";
export type { FieldProblem } from "./bindings/FieldProblem";
export type { FormField } from "./bindings/FormField";
export type { PendingAsk } from "./bindings/PendingAsk";
export type { RefusedAsks } from "./bindings/RefusedAsks";
export type { WaitingAsks } from "./bindings/WaitingAsks";
export type { SamplingAnswer } from "./bindings/SamplingAnswer";
export type { SamplingContent } from "./bindings/SamplingContent";
export type { SamplingRequest } from "./bindings/SamplingRequest";
export type { TextFormat } from "./bindings/TextFormat";
export { ASK_EVENT, answerServerAsk, onAskEvent, openAskUrl, pendingServerAsks } from "./asks";
export type { WireDirection } from "./bindings/WireDirection";
export type { WireKind } from "./bindings/WireKind";
export type { WireMessage } from "./bindings/WireMessage";
export { protocolHistory, protocolMessage, saveProtocolHistory } from "./history";
export { dragBasketFile, exportBasketItem, moveConnection } from "./drag";
export { currentAnnotations, iconDataUrl } from "./icons";
export type { IconTheme } from "./bindings/IconTheme";
export type { ListedKey } from "./bindings/ListedKey";
export { paneWidths, savePaneWidths } from "./window";
export type { AudienceCount } from "./bindings/AudienceCount";
export type { FacetCount } from "./bindings/FacetCount";
export type { Facets } from "./bindings/Facets";
export type { SavedSearch } from "./bindings/SavedSearch";
export type { SavedSearches } from "./bindings/SavedSearches";
export type { SearchSpec } from "./bindings/SearchSpec";
export { browseFacets, deleteSearch, recordSearch, saveSearch, savedSearches } from "./searches";
export type { Assistant } from "./bindings/Assistant";
export type { AssistantAction } from "./bindings/AssistantAction";
export type { AssistantConfig } from "./bindings/AssistantConfig";
export type { ChangeWritten } from "./bindings/ChangeWritten";
export type { EntryState } from "./bindings/EntryState";
export type { PlannedChangeView } from "./bindings/PlannedChangeView";
export { changeAssistant, listAssistants, previewAssistantChange } from "./assistants";
export type { HubActivity } from "./bindings/HubActivity";
export type { HubActivityKind } from "./bindings/HubActivityKind";
export type { HubProfile } from "./bindings/HubProfile";
export {
  hubActivity,
  hubProfiles,
  removeHubProfile,
  revokeHubProfileToken,
  saveHubProfile,
  setHubProfilePaused,
} from "./contextHub";
export type { AppApproval } from "./bindings/AppApproval";
export type { AppDeclaration } from "./bindings/AppDeclaration";
export type { AppReview } from "./bindings/AppReview";
export type { FrameCsp } from "./bindings/FrameCsp";
export type { OpenedApp } from "./bindings/OpenedApp";
export type { RefusedSource } from "./bindings/RefusedSource";
export {
  APP_FRAME_SCHEME,
  addAppContextToBasket,
  appAddress,
  appCallTool,
  appLog,
  appOpenLink,
  appReadResource,
  closeApp,
  openApp,
  reviewApp,
} from "./apps";
export type { FileCheck } from "./bindings/FileCheck";
export type { Skill } from "./bindings/Skill";
export type { SkillAdded } from "./bindings/SkillAdded";
export type { SkillFiles } from "./bindings/SkillFiles";
export { addSkillToBasket, skillDetails } from "./skills";
export type { EntryDetails } from "./bindings/EntryDetails";
export type { EntryStatus } from "./bindings/EntryStatus";
export type { EntryVersion } from "./bindings/EntryVersion";
export type { Launch } from "./bindings/Launch";
export type { RegistryEntry } from "./bindings/RegistryEntry";
export type { RegistryPage } from "./bindings/RegistryPage";
export type { RegistryQuery } from "./bindings/RegistryQuery";
export type { RegistryInput } from "./bindings/RegistryInput";
export { addRegistry, moveRegistry, registries, registryEntry, removeRegistry, searchRegistry } from "./registry";
export type { InstallChoice } from "./bindings/InstallChoice";
export type { InstallField } from "./bindings/InstallField";
export type { InstallFieldProblem } from "./bindings/InstallFieldProblem";
export type { InstallForm } from "./bindings/InstallForm";
export type { InstallFormView } from "./bindings/InstallFormView";
export type { InstallTarget } from "./bindings/InstallTarget";
export type { InstallValues } from "./bindings/InstallValues";
export type { InstallAlert } from "./bindings/InstallAlert";
export type { InstallAlerts } from "./bindings/InstallAlerts";
export { checkInstall, chooseInstallPath, chooseServerJson, installAlerts, installForm, installServer, onLaunchInstall, takeInstallLink, undoUpdate, updateInstalled } from "./install";
export type { LaunchInstall } from "./bindings/LaunchInstall";
export type { McpbCheck } from "./bindings/McpbCheck";
export type { McpbSignature } from "./bindings/McpbSignature";
export type { McpbTarget } from "./bindings/McpbTarget";
export type { McpbView } from "./bindings/McpbView";
export { chooseMcpb, installMcpb, openMcpb } from "./mcpb";
