// The update flow's state: a start-up offer from the shell, a check from the menu, install with
// progress, restart, and close (answers to an abandoned check dropped).
import { useCallback, useEffect, useRef, useState } from "react";
import {
  checkForUpdates,
  installUpdate,
  onUpdateAvailable,
  pendingUpdate,
  restartLode,
  toLodeError,
  type DownloadProgress,
  type LodeError,
  type UpdateInfo,
} from "../../ipc";

/** Where the update dialog is: closed, or one step of a check and an install. */
export type UpdateStep =
  | { step: "closed" }
  | { step: "checking" }
  | { step: "upToDate"; currentVersion: string }
  | { step: "available"; update: UpdateInfo }
  | { step: "installing"; update: UpdateInfo; progress: DownloadProgress | null }
  | { step: "installed"; update: UpdateInfo }
  | { step: "failed"; error: LodeError; update: UpdateInfo | null };

export interface Updates {
  state: UpdateStep;
  /** A check asked for from the menu: its answer (or error) shows in the dialog. */
  check: () => void;
  /** Downloads and installs `update`: only ever called from the Install button. */
  install: (update: UpdateInfo) => void;
  /** Restarts into the installed `update`. */
  restart: (update: UpdateInfo) => void;
  /** Later, Escape, ×. The dialog does not offer it while installing. */
  close: () => void;
}

const CLOSED: UpdateStep = { step: "closed" };

/**
 * The update dialog's state. An update the shell found at start-up (`lode://update`, or
 * `pending_update` for one found before this listened) opens the dialog when it is closed; a
 * failed start-up check is only in the log. Answers to a check the person walked away from
 * are dropped.
 */
export function useUpdates(): Updates {
  const [state, setState] = useState<UpdateStep>(CLOSED);
  /** Bumped by every new check and every close: older answers are stale. */
  const round = useRef(0);

  useEffect(() => {
    let live = true;
    const offer = (update: UpdateInfo) => {
      if (!live) return;
      setState((now) => (now.step === "closed" ? { step: "available", update } : now));
    };
    const listening = onUpdateAvailable(offer);
    // Listen first, then ask: an update found in between arrives either way.
    void listening
      .then(() => pendingUpdate())
      .then((update) => {
        if (update) offer(update);
      })
      .catch(() => undefined); // no offer: the menu still checks
    return () => {
      live = false;
      void listening.then((unlisten) => unlisten()).catch(() => undefined);
    };
  }, []);

  const check = useCallback(() => {
    const mine = ++round.current;
    setState({ step: "checking" });
    checkForUpdates().then(
      (answer) => {
        if (round.current !== mine) return;
        setState(
          answer.update
            ? { step: "available", update: answer.update }
            : { step: "upToDate", currentVersion: answer.currentVersion },
        );
      },
      (error: unknown) => {
        if (round.current === mine) setState({ step: "failed", error: toLodeError(error), update: null });
      },
    );
  }, []);

  const install = useCallback((update: UpdateInfo) => {
    const mine = ++round.current;
    setState({ step: "installing", update, progress: null });
    installUpdate((progress) => {
      if (round.current === mine) setState({ step: "installing", update, progress });
    }).then(
      () => {
        if (round.current === mine) setState({ step: "installed", update });
      },
      (error: unknown) => {
        if (round.current === mine) setState({ step: "failed", error: toLodeError(error), update });
      },
    );
  }, []);

  const restart = useCallback((update: UpdateInfo) => {
    restartLode().catch((error: unknown) => {
      setState({ step: "failed", error: toLodeError(error), update });
    });
  }, []);

  const close = useCallback(() => {
    round.current += 1;
    setState(CLOSED);
  }, []);

  return { state, check, install, restart, close };
}
