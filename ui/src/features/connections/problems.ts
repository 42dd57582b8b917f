// The connection form's problems: where each is shown (a field or a row), placed from the rule
// book's answer and the rows' own checks, and their messages.
import type { Translate } from "../../i18n";
import type { DraftProblem, DraftProblemKind } from "../../ipc";
import type { ConnectionForm, KeyValueRow, SecretOwner } from "./draft";

/**
 * Where a problem is shown: "name", "target", "cwd", "timeout", "oauth", "auth" (the auth
 * secret), "clientSecret", "oauthClientMetadataUrl", or "row:<id>" for one env/header row or
 * secret row.
 */
export type ProblemSpot = string;
export type PlacedProblems = ReadonlyMap<ProblemSpot, readonly DraftProblemKind[]>;

export const rowSpot = (id: string): ProblemSpot => `row:${id}`;

/** A problem in the person's language. */
export function problemMessage(problem: DraftProblemKind, t: Translate): string {
  switch (problem.kind) {
    case "tooLong":
      return t("problem.tooLong", { max: problem.max });
    case "outOfRange":
      return t("problem.outOfRange", { min: problem.min, max: problem.max });
    default:
      return t(`problem.${problem.kind}`);
  }
}

/**
 * Rows the draft cannot express, found before Lode sees them: a value without a name, and a
 * name used twice (the draft keeps one value per name, so the rule book never sees the other).
 */
function rowProblems(rows: readonly KeyValueRow[], add: (spot: ProblemSpot, p: DraftProblemKind) => void) {
  const seen = new Set<string>();
  for (const row of rows) {
    if (row.key === "" && row.value !== "") add(rowSpot(row.id), { kind: "required" });
    else if (row.key !== "" && seen.has(row.key)) add(rowSpot(row.id), { kind: "duplicate" });
    seen.add(row.key);
  }
}

/** Puts each problem beside its field: `secret {index}` through the draft's owners, keys by row. */
export function placeProblems(
  problems: readonly DraftProblem[],
  form: ConnectionForm,
  owners: readonly SecretOwner[],
): PlacedProblems {
  const placed = new Map<ProblemSpot, DraftProblemKind[]>();
  const add = (spot: ProblemSpot, problem: DraftProblemKind) => {
    const list = placed.get(spot) ?? [];
    if (!list.some((p) => JSON.stringify(p) === JSON.stringify(problem))) list.push(problem);
    placed.set(spot, list);
  };
  const plainRows = form.kind === "stdio" ? form.env : form.headers;
  rowProblems(plainRows, add);
  for (const { field, problem } of problems) {
    switch (field.kind) {
      case "env":
      case "header": {
        const rows = plainRows.filter((row) => row.key === field.key);
        for (const row of rows) add(rowSpot(row.id), problem);
        break;
      }
      case "secret": {
        const owner = owners[field.index];
        if (owner) add(owner.kind === "row" ? rowSpot(owner.id) : owner.kind, problem);
        break;
      }
      default:
        add(field.kind, problem);
    }
  }
  return placed;
}
