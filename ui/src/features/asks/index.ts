// Server asks (elicitation, sampling): the feature's public entry.
export { AsksHost } from "./AsksHost";
