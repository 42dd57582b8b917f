// The basket feature's public entry: the pane, the hook that holds the baskets, how many
// resources "Add all matching" takes, and the clipboard writer its Copy uses.
export { BasketPane } from "./BasketPane";
export { useBaskets, type Baskets } from "./useBaskets";
export { MATCHING_LIMIT } from "./limit";
export { copyText } from "./clipboard";
export { AddAnswerButton } from "./AddAnswerButton";
export { useAddAnswer, type AddAnswerState } from "./useAddAnswer";
