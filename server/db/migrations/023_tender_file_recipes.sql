-- Demo tender files (issue 16): the seed stores what a file is made from, not its bytes. A
-- notice PDF, BOQ workbook or corrigendum PDF is rendered from its recipe and the tender's own
-- fields when it is read (server/ingest/tender-files.ts renderTenderFile): the same bytes for
-- the same seed, and a million-project seed does not build and write a million files nobody
-- opens. Shapes: {"file":"nit","months":12}, {"file":"boq","kind":"road","seed":123},
-- {"file":"corrigendum","n":1,"title":"…","text":"…","published":"2026-…Z"}. content is NULL then.
ALTER TABLE tender_documents ADD COLUMN recipe jsonb;
