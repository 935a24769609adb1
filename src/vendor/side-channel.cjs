// The browser build's side-channel (vite.config aliases the package to this file). qs, which
// Refine uses for the page URL's query, keeps its cycle check in a side-channel; the package's own
// fall-backs for engines without WeakMap or Map bring object-inspect and get-intrinsic along
// (≈ 60 KB raw, ≈ 14 KB gzipped on every page). Every browser we support has Map, so this is the
// package's API over one Map. tests/unit/side-channel.test.ts holds it to the package's behaviour.
"use strict";

module.exports = function getSideChannel() {
  var entries = new Map();
  return {
    assert: function (key) {
      if (!entries.has(key)) throw new TypeError("Side channel does not contain the given key");
    },
    delete: function (key) {
      return entries.delete(key);
    },
    get: function (key) {
      return entries.get(key);
    },
    has: function (key) {
      return entries.has(key);
    },
    set: function (key, value) {
      entries.set(key, value);
    },
  };
};
