// A tool's or a prompt's description under its title: server text, shown as the preview shows
// text (hidden characters revealed, its lines kept, its direction isolated).
import { RevealedText } from "../../ui-kit/RevealedText";

export function CatalogDescription({ text }: { text: string }) {
  return (
    <p className="catalog-detail__description" data-testid="catalog-description">
      <bdi>
        <RevealedText text={text} keepLayout />
      </bdi>
    </p>
  );
}
