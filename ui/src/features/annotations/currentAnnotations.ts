// The annotations basket items' resources are listed with now, asked in one IPC call per
// render pass however many rows ask (keys asked in the same tick are batched), and whether
// they differ from the ones an item kept when it was added.
import { currentAnnotations, type Annotations, type ListedKey } from "../../ipc";

type Pending = { key: ListedKey; resolve: (found: Annotations | null) => void };

let queue: Pending[] = [];

/** `key`'s annotations now (`null`: not listed now, or the question failed). */
export function annotationsNow(key: ListedKey): Promise<Annotations | null> {
  return new Promise((resolve) => {
    queue.push({ key, resolve });
    if (queue.length === 1) queueMicrotask(flush);
  });
}

function flush() {
  const asked = queue;
  queue = [];
  currentAnnotations(asked.map((pending) => pending.key)).then(
    (found) => asked.forEach((pending, index) => pending.resolve(found[index] ?? null)),
    // Not knowing the current annotations only hides the comparison.
    () => asked.forEach((pending) => pending.resolve(null)),
  );
}

/** Whether two sets of annotations say the same (audience as a set; absent = empty). */
export function sameAnnotations(a: Annotations, b: Annotations): boolean {
  const audience = (value: Annotations) => [...new Set(value.audience ?? [])].sort().join(",");
  return audience(a) === audience(b) && (a.priority ?? null) === (b.priority ?? null) && (a.lastModified ?? null) === (b.lastModified ?? null);
}
