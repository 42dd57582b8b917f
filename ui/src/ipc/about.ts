// The about commands: which build this is and where it keeps its data and log, and the
// first-rows report the shell times cold start by.
import type { AboutLode } from "./bindings/AboutLode";
import type { PageMarks } from "./bindings/PageMarks";
import { call } from "./commands";

/** Which build this is (version, commit) and where it keeps its data and its log. */
export function aboutLode(): Promise<AboutLode> {
  return call<AboutLode>("about_lode");
}

/**
 * Tells the shell the first resource row is on screen, with when the page's script began and
 * when the rows were painted (ms since navigation): it logs the cold-start time once, and only
 * then looks for updates.
 */
export async function reportFirstRows(page: PageMarks): Promise<void> {
  await call<unknown>("report_first_rows", { page });
}
