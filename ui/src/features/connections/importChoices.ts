// The import preview's per-candidate choices (tick, rename, secret answers), their problems,
// and the ImportChoice list apply_import takes.
import type { ImportCandidate, ImportChoice, SecretPlace } from "../../ipc";

/** What the person decided about one candidate. Answers are keyed by `placeKey`. */
export interface CandidateChoice {
  chosen: boolean;
  name: string;
  answers: Readonly<Record<string, string>>;
}

export type ChoiceProblem = "nameRequired" | "nameTaken" | "nameRepeated" | "answerRequired";

export function placeKey(place: SecretPlace): string {
  return place.kind === "bearer" || place.kind === "oauthClientSecret" ? place.kind : `${place.kind}:${place.name}`;
}

/** A secret's name as a person reads it: the variable or header, or "Authorization" for a bearer token. */
export function placeName(place: SecretPlace): string {
  if (place.kind === "oauthClientSecret") return "client_secret";
  return place.kind === "bearer" ? "Authorization" : place.name;
}

/**
 * A repeat of a saved connection starts unticked: the same server, or the same name over the
 * same transport. A name clash with another server starts ticked but needs a new name.
 */
export function initialChoice(candidate: ImportCandidate): CandidateChoice {
  const duplicate = candidate.duplicate;
  const repeat = duplicate?.kind === "sameServer" || (duplicate?.kind === "sameName" && duplicate.sameTransport);
  return { chosen: !repeat, name: candidate.name, answers: {} };
}

/** What stops a chosen candidate from being imported, found here so Import is never refused. */
export function choiceProblems(
  candidate: ImportCandidate,
  choice: CandidateChoice,
  chosenNames: ReadonlyMap<string, number>,
): ChoiceProblem[] {
  if (!choice.chosen) return [];
  const problems: ChoiceProblem[] = [];
  const name = choice.name.trim().toLowerCase();
  const clash = candidate.duplicate?.kind === "sameName" ? candidate.duplicate.existing.toLowerCase() : null;
  if (name === "") problems.push("nameRequired");
  else if (name === clash) problems.push("nameTaken");
  else if ((chosenNames.get(name) ?? 0) > 1) problems.push("nameRepeated");
  const unanswered = candidate.secrets.some((s) => s.ask !== undefined && !choice.answers[placeKey(s.place)]);
  if (unanswered) problems.push("answerRequired");
  return problems;
}

/** How many chosen candidates use each name (lowercased): two may not share one. */
export function chosenNames(choices: readonly CandidateChoice[]): Map<string, number> {
  const names = new Map<string, number>();
  for (const choice of choices) {
    if (!choice.chosen) continue;
    const name = choice.name.trim().toLowerCase();
    names.set(name, (names.get(name) ?? 0) + 1);
  }
  return names;
}

/** The choices `apply_import` takes: the ticked candidates, their names and typed secrets. */
export function importChoices(candidates: readonly ImportCandidate[], choices: readonly CandidateChoice[]): ImportChoice[] {
  return candidates.flatMap((candidate, i) => {
    const choice = choices[i];
    if (!choice?.chosen) return [];
    const answers = candidate.secrets
      .filter((secret) => secret.ask !== undefined)
      .map((secret) => ({ place: secret.place, value: choice.answers[placeKey(secret.place)] ?? "" }));
    return [{ index: candidate.index, name: choice.name.trim(), answers }];
  });
}
