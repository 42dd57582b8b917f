// The preview feature's public entry: the pane, one content block, and the JSON and text views
// other features show server data with.
export { PreviewPane } from "./PreviewPane";
export { ContentBlock } from "./ContentBlock";
export { JsonView } from "./JsonView";
export { TextView } from "./TextView";
