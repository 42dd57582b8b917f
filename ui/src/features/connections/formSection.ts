// The props each section of the connection form takes: the form, its update, and its problems.
import type { ConnectionForm } from "./draft";
import type { ProblemSpot } from "./problems";

/** What each part of the connection form gets: the state, a way to change it, its problems. */
export interface FormSectionProps {
  form: ConnectionForm;
  /** Applies `patch` and marks `spot` as edited, so its problems show from now on. */
  update: (patch: Partial<ConnectionForm>, spot: ProblemSpot) => void;
  errorsOf: (spot: ProblemSpot) => string[];
}
