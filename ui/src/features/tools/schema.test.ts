import { describe, expect, it } from "vitest";
import { buildArguments, fieldsOf, formable, initialValues, parseArgumentsJson, type FormValues } from "./schema";

const SCHEMA = {
  type: "object",
  properties: {
    title: { type: "string", title: "Title", description: "Of the note" },
    count: { type: "integer", default: 3 },
    ratio: { type: "number" },
    urgent: { type: "boolean", default: false },
    archived: { type: "boolean" },
    table: { type: "string", enum: ["user", "item"], default: "item" },
    level: { enum: [1, 2, 3] },
    owner: {
      type: "object",
      properties: { name: { type: "string" }, age: { type: ["integer", "null"] } },
      required: ["name"],
    },
    tags: { type: "array", items: { type: "string" } },
    anything: { anyOf: [{ type: "string" }, { type: "number" }] },
  },
  required: ["title", "table"],
};

describe("the fields of an input schema", () => {
  it("marks required properties and knows each kind", () => {
    const fields = fieldsOf(SCHEMA);
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ["title", "string", true],
      ["count", "integer", false],
      ["ratio", "number", false],
      ["urgent", "boolean", false],
      ["archived", "boolean", false],
      ["table", "enum", true],
      ["level", "enum", false],
      ["owner", "object", false],
      ["tags", "json", false],
      ["anything", "json", false],
    ]);
    const owner = fields.find((f) => f.name === "owner");
    expect(owner?.fields?.map((f) => [f.name, f.kind, f.required])).toEqual([
      ["name", "string", true],
      ["age", "integer", false],
    ]);
    expect(fields.find((f) => f.name === "tags")?.jsonType).toBe("array");
    expect(fields[0]?.title).toBe("Title");
  });

  it("prefills defaults, enums by their option", () => {
    const values = initialValues(fieldsOf(SCHEMA));
    expect(values.count).toBe("3");
    expect(values.urgent).toBe("false");
    expect(values.archived).toBe("");
    expect(values.table).toBe("1");
    expect(values.title).toBe("");
    expect(values.owner).toEqual({ name: "", age: "" });
  });

  it("is a form only for an object with properties; anything else is JSON", () => {
    expect(formable(SCHEMA)).toBe(true);
    expect(formable({ type: "object" })).toBe(false);
    expect(formable({ oneOf: [] })).toBe(false);
    expect(formable(null)).toBe(false);
    expect(fieldsOf("nonsense")).toEqual([]);
    expect(fieldsOf({ properties: { odd: 42 } })[0]?.kind).toBe("json");
  });
});

describe("the arguments the values give", () => {
  const fields = fieldsOf(SCHEMA);

  it("reports required fields left empty and leaves optional empty ones out", () => {
    const built = buildArguments(fields, initialValues(fields));
    expect(built.problems).toEqual({ title: "required" });
    expect(built.arguments).toEqual({ count: 3, urgent: false, table: "item" });
  });

  it("parses numbers, enums, nested objects and JSON fields", () => {
    const values: FormValues = {
      ...initialValues(fields),
      title: "Hello",
      ratio: "0.5",
      archived: "true",
      level: "2",
      owner: { name: "Ada", age: "36" },
      tags: '["a", "b"]',
      anything: "7",
    };
    const built = buildArguments(fields, values);
    expect(built.problems).toEqual({});
    expect(built.arguments).toEqual({
      title: "Hello",
      count: 3,
      ratio: 0.5,
      urgent: false,
      archived: true,
      table: "item",
      level: 3,
      owner: { name: "Ada", age: 36 },
      tags: ["a", "b"],
      anything: 7,
    });
  });

  it("checks numbers, integers, JSON and a nested required field", () => {
    const values: FormValues = {
      ...initialValues(fields),
      title: "x",
      count: "2.5",
      ratio: "abc",
      owner: { name: "", age: "4" },
      tags: "{}",
      anything: "{oops",
    };
    expect(buildArguments(fields, values).problems).toEqual({
      count: "notInteger",
      ratio: "notNumber",
      "owner.name": "required",
      tags: "notArray",
      anything: "invalidJson",
    });
  });

  it("takes arguments typed as JSON only as an object", () => {
    expect(parseArgumentsJson('{"a": 1}')).toEqual({ arguments: { a: 1 } });
    expect(parseArgumentsJson("")).toEqual({ arguments: {} });
    expect(parseArgumentsJson("[1]")).toEqual({ problem: "notObject" });
    expect(parseArgumentsJson("{")).toEqual({ problem: "invalidJson" });
  });
});
