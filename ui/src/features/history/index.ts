// The protocol history (the feature's public entry): its section of the server details.
export { HistorySection } from "./HistorySection";
