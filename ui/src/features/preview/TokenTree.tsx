// A highlight token tree as nested spans with scope classes, every leaf a text node.
import type { TokenNode } from "./highlight";
import { RevealedText } from "../../ui-kit/RevealedText";

/** `title.function` → `tok tok-title tok-title-function`: styled by preview.css. */
function scopeClass(scope: string): string {
  const parts = scope.split(".");
  return `tok tok-${parts[0] ?? ""}${parts.length > 1 ? ` tok-${parts.join("-")}` : ""}`;
}

/** A highlighted token tree as nested spans; every leaf is a text node. */
export function TokenTree({ node }: { node: TokenNode }) {
  return (
    <>
      {node.children.map((child, index) =>
        typeof child === "string" ? (
          <RevealedText key={index} text={child} keepLayout />
        ) : (
          <span key={index} className={child.scope ? scopeClass(child.scope) : undefined}>
            <TokenTree node={child} />
          </span>
        ),
      )}
    </>
  );
}
