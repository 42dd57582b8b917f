// Argument completion (the completion feature's public entry): the field with its suggestions.
export { CompletionField, type CompletionFieldProps } from "./CompletionField";
export type { AskCompletion } from "./useCompletion";
