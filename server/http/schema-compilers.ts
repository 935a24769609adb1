// The compilers that turn the routes' TypeBox schemas into request validators and response
// serializers, shared by every app this process builds. Fastify's defaults make new compilers for
// each instance, so every buildApp() compiled all ≈ 200 routes' schemas again (≈ 1 s of CPU: most of
// an app's start after the first). The route schemas are module constants, so the same schema object
// always compiles to the same function: the validators come from one Ajv pool (it caches by schema
// object) and the serializers from a WeakMap keyed by the response schema object. One server process
// builds one app and sees no difference; the test suite builds one or more per test file.
import { AjvCompiler } from "@fastify/ajv-compiler";
import { SerializerSelector } from "@fastify/fast-json-stringify-compiler";

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Serializer = ReturnType<ReturnType<SerializerFactory>>;
type RouteSchema = Parameters<ReturnType<SerializerFactory>>[0];

/** Validators: one Ajv per distinct set of options and external schemas, for the whole process. */
const buildValidator = AjvCompiler();

const plainSerializers = SerializerSelector();
/** Per options/external schemas (as JSON): the serializer compiled for each response schema object. */
const serializersByOptions = new Map<string, WeakMap<object, Serializer>>();

/** Serializers: as Fastify's default, but compiled once per response schema object. */
const buildSerializer: SerializerFactory = (externalSchemas, serializerOpts) => {
  const compile = plainSerializers(externalSchemas, serializerOpts);
  const key = JSON.stringify([externalSchemas ?? null, serializerOpts ?? null]);
  let compiled = serializersByOptions.get(key);
  if (!compiled) serializersByOptions.set(key, (compiled = new WeakMap()));
  const cache = compiled;
  return (route: RouteSchema) => {
    const schema = route.schema as object;
    let serialize = cache.get(schema);
    if (!serialize) cache.set(schema, (serialize = compile(route)));
    return serialize;
  };
};

/** Fastify's `schemaController` option: compile each route schema once per process. */
export const sharedSchemaCompilers = { compilersFactory: { buildValidator, buildSerializer } };
