import { describe, expect, it } from "vitest";
import type { ElicitationForm, LodeError } from "../../ipc";
import { fieldErrors, initialValues, toContent } from "./form";

/** A form of every kind, with defaults as Rust computes them (`form_from_schema`). */
export const EVERY_KIND: ElicitationForm = {
  title: "About you",
  fields: [
    { name: "name", title: "Name", required: true, kind: { type: "text", minLength: 1, maxLength: 80 } },
    { name: "email", title: "Email", required: false, kind: { type: "text", format: "email" } },
    { name: "age", title: "Age", required: false, kind: { type: "number", integer: true, minimum: 0, maximum: 150 } },
    { name: "rating", required: false, kind: { type: "number", integer: false } },
    { name: "newsletter", title: "Newsletter", required: false, kind: { type: "boolean" } },
    {
      name: "colour",
      title: "Colour",
      required: false,
      kind: { type: "choice", options: [{ value: "red", title: "Red" }, { value: "green", title: "Green" }] },
    },
    {
      name: "toppings",
      title: "Toppings",
      required: false,
      kind: { type: "multiChoice", options: [{ value: "cheese" }, { value: "olives" }, { value: "basil" }], maxItems: 2 },
    },
    { name: "nickname", required: false, kind: { type: "text" } },
    { name: "agree", required: false, kind: { type: "boolean" } },
  ],
  defaults: {
    name: "Ada",
    email: "ada@example.org",
    age: 36,
    rating: 4.5,
    newsletter: true,
    colour: "green",
    toppings: ["cheese", "olives"],
  },
};

describe("the elicitation form's values", () => {
  it("starts from every default and sends exactly the defaults when untouched", () => {
    const values = initialValues(EVERY_KIND);
    expect(values).toEqual({
      name: "Ada",
      email: "ada@example.org",
      age: "36",
      rating: "4.5",
      newsletter: true,
      colour: "green",
      toppings: ["cheese", "olives"],
      nickname: "",
      agree: false,
    });
    // Untouched: the defaults, plus the unchecked box as false; the empty text left out.
    expect(toContent(EVERY_KIND, values)).toEqual({ ...EVERY_KIND.defaults, agree: false });
  });

  it("reads typed numbers, leaves empty ones out and passes unreadable ones on for Rust to name", () => {
    const values = { ...initialValues(EVERY_KIND), age: " 40 ", rating: "", name: "" };
    const content = toContent(EVERY_KIND, values);
    expect(content.age).toBe(40);
    expect("rating" in content).toBe(false);
    expect("name" in content).toBe(false);
    expect(toContent(EVERY_KIND, { ...values, age: "forty" }).age).toBe("forty");
  });

  it("reads field problems from a refused answer only", () => {
    const refused: LodeError = {
      code: "invalidInput",
      message: "some answers do not fit the form: age",
      detail: JSON.stringify([{ field: "age", problem: "belowMinimum", minimum: 0 }]),
    };
    expect(fieldErrors(refused)).toEqual([{ field: "age", problem: "belowMinimum", minimum: 0 }]);
    expect(fieldErrors({ code: "notFound", message: "gone" })).toBeNull();
    expect(fieldErrors({ ...refused, detail: "not json" })).toBeNull();
  });
});
