// The URI a template's values give, expanded in Rust as they change (the newest answer wins).
import { useEffect, useState } from "react";
import { expandTemplate, toLodeError, type LodeError } from "../../ipc";

type Expansion = { key: string; uri: string } | { key: string; error: LodeError };

/**
 * The URI `values` give, computed in Rust (the one RFC 6570 implementation) as they change.
 * The last result stays on screen while the next is computed; an older answer arriving late
 * never replaces a newer one.
 */
export function useExpansion(template: string, values: Record<string, string>) {
  const key = JSON.stringify([template, values]);
  const [settled, setSettled] = useState<Expansion | null>(null);

  useEffect(() => {
    // The key holds all the effect depends on: read it back rather than close over objects.
    const [asked, filled] = JSON.parse(key) as [string, Record<string, string>];
    let current = true;
    expandTemplate(asked, filled).then(
      (uri) => {
        if (current) setSettled({ key, uri });
      },
      (error: unknown) => {
        if (current) setSettled({ key, error: toLodeError(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [key]);

  return { expansion: settled, pending: settled?.key !== key };
}
