// The build's chunk groups (vite.config.ts: build.rolldownOptions.output.codeSplitting.groups), in a
// module of their own so tests can read them without loading the build's plugins.

/**
 * The packages (and antd's folders) the framework chunk gathers, as paths under node_modules;
 * `(a|b)` is either. What every page runs, the sign-in pages included (React, the router, Refine and
 * its helpers, antd's style engine and theme), in one file instead of the dozens of small shared
 * chunks the default split makes of it: each file costs a request and gzip's start-up, so /login
 * came to ≈ 17 KB more gzipped than the same code in one file. Only packages the sign-in page runs
 * anyway: a group takes its modules' dependencies along (antd's _util or config-provider would
 * bring Collapse and Empty). /login −4 KB, a signed-in page −7 to −10 KB, a third fewer files.
 */
export const FRAMEWORK_PACKAGES = [
  "react", "react-dom", "scheduler", "react-router", "@refinedev/(core|react-router|devtools-internal|devtools-shared)",
  "@tanstack", "lodash-es", "qs", "pluralize", "warn-once", "error-stack-parser", "stackframe",
  "@ant-design/(cssinjs|cssinjs-utils|fast-color|colors)", "@babel/runtime", "rc-util", "classnames", "stylis", "@emotion",
  "antd/es/(theme|locale|version)",
];

/** A module id under node_modules/ in one of FRAMEWORK_PACKAGES (either slash, for Windows paths). */
export const FRAMEWORK_CHUNK = {
  name: "framework",
  priority: 20,
  test: new RegExp(`[\\\\/]node_modules[\\\\/](${FRAMEWORK_PACKAGES.join("|").replaceAll("/", "[\\\\/]")})[\\\\/]`),
};

/**
 * The app's small shared helpers (src/hooks, src/lib) that two chunks or more use travel in one
 * chunk instead of a file each (0.1–0.6 KB apiece): a signed-in page opens ≈ 15 files fewer and
 * ≈ 6 KB lighter gzipped. Not src/components: a group takes its modules' dependencies along, and
 * theirs are antd's, which would then load on the sign-in pages too.
 */
export const SHARED_HELPERS_CHUNK = { name: "shared", test: /[\\/]src[\\/](hooks|lib)[\\/]/, minShareCount: 2 };
