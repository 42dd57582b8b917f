export { TemplateForm, type TemplateFormProps } from "./TemplateForm";
export { TemplatesList, type TemplatesListProps } from "./TemplatesList";
export { useTemplates, type TemplatesState } from "./useTemplates";
