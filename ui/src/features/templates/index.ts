// The templates feature's public entry: the form, the list and its hook.
export { TemplateForm, type TemplateFormProps } from "./TemplateForm";
export { TemplatesList, type TemplatesListProps } from "./TemplatesList";
export { useTemplates, type TemplatesState } from "./useTemplates";
