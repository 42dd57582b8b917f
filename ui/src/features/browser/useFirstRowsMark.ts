// Telling the shell, once per run, when the first resource rows are on screen (its cold-start
// measurement).
import { useEffect, useRef } from "react";
import { reportFirstRows } from "../../ipc";
import { scriptBegan } from "../../scriptBegan";

/**
 * Tells the shell, once, when the first resource rows are on screen: the frame after the render
 * that showed them. The shell logs the cold-start time from it (and only the first report of a
 * run), so a failure here is of no consequence to the person.
 */
export function useFirstRowsMark(hasRows: boolean): void {
  const reported = useRef(false);
  useEffect(() => {
    if (!hasRows || reported.current) return;
    reported.current = true;
    requestAnimationFrame(() => {
      reportFirstRows({ scriptMs: scriptBegan, rowsMs: performance.now() }).catch(() => undefined);
    });
  }, [hasRows]);
}
