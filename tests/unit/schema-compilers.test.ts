// The route schema compilers are shared by every app a process builds (server/http/schema-compilers.ts):
// a schema object compiles once, and what it compiles to still validates and serializes as Fastify's own.
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { sharedSchemaCompilers } from "../../server/http/schema-compilers.js";

const { buildSerializer, buildValidator } = sharedSchemaCompilers.compilersFactory;
const AJV_OPTIONS = { customOptions: { allErrors: true, coerceTypes: "array" as const, removeAdditional: false } };
const Answer = Type.Object({ id: Type.Integer(), name: Type.String() });
const route = (schema: object) => ({ schema, method: "GET", url: "/x", httpStatus: "200" }) as never;

describe("schema compilers shared by every app of the process", () => {
  it("compile a response schema once: a second app gets the same serializer, which drops undeclared fields", () => {
    const first = buildSerializer({}, {})(route(Answer));
    const second = buildSerializer({}, {})(route(Answer));
    expect(second).toBe(first);
    expect(first({ id: 7, name: "Deccan Cement", password_hash: "secret" })).toBe('{"id":7,"name":"Deccan Cement"}');
  });

  it("compile another schema object on its own", () => {
    const other = Type.Object({ id: Type.Integer() });
    expect(buildSerializer({}, {})(route(other))).not.toBe(buildSerializer({}, {})(route(Answer)));
  });

  it("share one validator per set of options, which still refuses what the schema refuses", () => {
    const compile = buildValidator({}, AJV_OPTIONS);
    expect(buildValidator({}, AJV_OPTIONS)).toBe(compile);
    const validate = compile({ schema: Answer, method: "POST", url: "/x", httpPart: "body" } as never) as (data: unknown) => boolean;
    expect(validate({ id: "12", name: "x" })).toBe(true); // coerced, as the API's own options do
    expect(validate({ id: "twelve", name: "x" })).toBe(false);
  });
});
