// Remote and listed icons (the icons feature's public entry): the icon a row shows, and the
// state of one icon Rust fetches.
export { useIconSrc, useIconState, type IconState } from "./useIconSrc";
