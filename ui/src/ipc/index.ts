export type { Annotations } from "./bindings/Annotations";
export type { ConnectionId } from "./bindings/ConnectionId";
export type { ConnectionState } from "./bindings/ConnectionState";
export type { ConnectionStatus } from "./bindings/ConnectionStatus";
export type { Connection } from "./bindings/Connection";
export type { ConnectionSettings } from "./bindings/ConnectionSettings";
export type { ConnectOutcome } from "./bindings/ConnectOutcome";
export type { SecretPlace } from "./bindings/SecretPlace";
export type { ErrorCode } from "./bindings/ErrorCode";
export type { HubEvent } from "./bindings/HubEvent";
export type { HubEventKind } from "./bindings/HubEventKind";
export type { Icon } from "./bindings/Icon";
export type { LodeError } from "./bindings/LodeError";
export type { ProtocolEra } from "./bindings/ProtocolEra";
export type { ResourceContent } from "./bindings/ResourceContent";
export type { ResourceItem } from "./bindings/ResourceItem";
export type { Role } from "./bindings/Role";
export type { ServerCapabilities } from "./bindings/ServerCapabilities";
export type { ServerEvent } from "./bindings/ServerEvent";
export type { ServerInfo } from "./bindings/ServerInfo";
export type { TransportSpec } from "./bindings/TransportSpec";
export {
  connectionStatuses,
  listConnections,
  listResources,
  readResource,
  serverInfo,
  serverLog,
} from "./commands";
export { ERROR_CODES, isErrorCode, isLodeError, toLodeError } from "./errors";
export { HUB_EVENT, onHubEvent, type UnlistenFn } from "./events";
