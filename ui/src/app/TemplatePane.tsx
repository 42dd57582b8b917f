// The right column's pane for a resource template opened in the browser: its form, in a Pane.
import { TemplateForm } from "../features/templates";
import { useT } from "../i18n";
import type { ConnectionId, ResourceTemplate } from "../ipc";
import { Pane } from "../ui-kit/Pane";

interface TemplatePaneProps {
  connectionId: ConnectionId;
  template: ResourceTemplate;
  /** The URI the filled-in template gives: the app previews it. */
  onOpen: (uri: string) => void;
}

/** The right column for a template opened in the browser: its form. */
export function TemplatePane({ connectionId, template, onOpen }: TemplatePaneProps) {
  const { t } = useT();
  return (
    <Pane title={t("browser.template.pane")} className="pane--template" testId="template-pane">
      <TemplateForm connectionId={connectionId} template={template} onOpen={onOpen} />
    </Pane>
  );
}
