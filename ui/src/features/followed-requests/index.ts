// Followed requests (a tool call, a prompt get, a read made with a tag): their progress and
// Cancel. The feature's public entry.
export { RequestProgress, type RequestProgressProps } from "./RequestProgress";
export { useFollowedRequest, type Followed, type FollowedRequest } from "./useFollowedRequest";
export type { Progress } from "./useRequestProgress";
