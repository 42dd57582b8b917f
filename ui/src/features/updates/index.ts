// Updates and About: the updates feature's public entry (the header's menu opens the rest).
export { AppMenu } from "./AppMenu";
