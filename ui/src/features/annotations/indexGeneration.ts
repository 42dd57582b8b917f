// The browse index's generation, for views that compare what they kept with what is listed now:
// a new generation (a server listed again, a list_changed) is their cue to ask again.
import { createContext } from "react";

/** The index's generation; 0 where no provider follows it (nothing is asked again then). */
export const IndexGeneration = createContext(0);
