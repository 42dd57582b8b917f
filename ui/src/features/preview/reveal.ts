/**
 * Server strings shown as what they are: Lode's one rule (ui-kit/reveal.ts) shows every hidden
 * character as a ⟨U+XXXX⟩ marker, so a name cannot pretend to be something else ("Trojan
 * Source" reordering, hidden text) and cannot spill its direction into the UI.
 */

export { hasHidden, markerFor, revealed, revealSegments, type Segment, type Shape } from "../../ui-kit/reveal";
export { truncate } from "../../ui-kit/truncate";
