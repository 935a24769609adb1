-- Stored web addresses are http(s) only (issue 13): the API refuses any other scheme and
-- importers drop or reject it (common/urls.ts). Addresses stored before that rule may carry
-- javascript:, vbscript:, data:, file: or a relative path; they are cleared here rather than
-- kept, since none of them is a working link to a source, and a link that runs script must not
-- reach a subscriber's browser, a download (.url shortcuts in tender zips) or an export.
-- The pattern is the rule's SQL form: http:// or https://, a host, no whitespace or control
-- characters. Only rows that break it are written.

UPDATE projects SET source_url = NULL
 WHERE source_url IS NOT NULL
   AND source_url !~* '^https?://[^/\\?#[:space:][:cntrl:]]+([/?#][^[:space:][:cntrl:]]*)?$';

UPDATE tenders SET source_url = NULL
 WHERE source_url IS NOT NULL
   AND source_url !~* '^https?://[^/\\?#[:space:][:cntrl:]]+([/?#][^[:space:][:cntrl:]]*)?$';

UPDATE project_documents SET url = NULL
 WHERE url IS NOT NULL
   AND url !~* '^https?://[^/\\?#[:space:][:cntrl:]]+([/?#][^[:space:][:cntrl:]]*)?$';

UPDATE tender_documents SET url = NULL
 WHERE url IS NOT NULL
   AND url !~* '^https?://[^/\\?#[:space:][:cntrl:]]+([/?#][^[:space:][:cntrl:]]*)?$';

-- Registries publish websites as bare hosts ('www.acme.in'); the web app links those as https.
-- Cleared: a website with any scheme other than http(s), or with whitespace or control characters.
UPDATE companies SET website = NULL
 WHERE website IS NOT NULL
   AND (website ~ '[[:space:][:cntrl:]]'
        OR (website ~* '^[a-z][a-z0-9+.-]*:' AND website !~* '^https?://[^/\\?#[:space:][:cntrl:]]+([/?#][^[:space:][:cntrl:]]*)?$'));
