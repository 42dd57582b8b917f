// A profile's activity, kept fresh while it is shown: asked again every second (the `lode serve`
// process writes it to the store; the window has no event from another process), never two asks
// at once, and the profile's own list only (a switch of profile drops the old answer).
import { useEffect, useState } from "react";
import { hubActivity, type HubActivity } from "../../ipc";

/** How often the activity is asked again while shown. */
export const ACTIVITY_POLL_MS = 1000;
/** How many records are shown (a profile keeps at most 200). */
export const ACTIVITY_SHOWN = 50;

export function useHubActivity(profile: string): HubActivity[] | null {
  const [activity, setActivity] = useState<{ profile: string; records: HubActivity[] } | null>(null);
  useEffect(() => {
    let live = true;
    let timer: number | undefined;
    const ask = () => {
      hubActivity(profile, ACTIVITY_SHOWN)
        .then(
          (records) => {
            if (live) setActivity({ profile, records });
          },
          () => {
            // A profile removed meanwhile, or a busy store: the next tick asks again.
          },
        )
        .finally(() => {
          if (live) timer = window.setTimeout(ask, ACTIVITY_POLL_MS);
        });
    };
    ask();
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [profile]);
  return activity?.profile === profile ? activity.records : null;
}
