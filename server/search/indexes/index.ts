// Every index definition by name (a separate loading process is told an index by its name).
import type { IndexDefinition } from "../types.js";
import { companiesIndex } from "./companies.js";
import { projectsIndex } from "./projects.js";
import { resultsIndex } from "./results.js";
import { tendersIndex } from "./tenders.js";

const INDEXES = new Map<string, IndexDefinition>([companiesIndex, projectsIndex, resultsIndex, tendersIndex].map((d) => [d.name, d]));

export function indexNamed(name: string): IndexDefinition {
  const def = INDEXES.get(name);
  if (!def) throw new Error(`no search index named '${name}'`);
  return def;
}
