-- Staff editing (issue 7): documents staff add by hand to a lead carry a web address and who
-- added them. A document has its text (body), its address (url), or both.
ALTER TABLE project_documents ADD COLUMN url text;
ALTER TABLE project_documents ADD COLUMN created_by bigint REFERENCES users(id) ON DELETE SET NULL;
