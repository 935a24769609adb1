-- The dashboard (issue 6): lead counts per day of a date window run on the projects' date
-- columns; arrived_date and retrieved_on have indexes already, these are the rest, so a window
-- of a month reads its rows by index at a million projects.
CREATE INDEX IF NOT EXISTS projects_reviewed_date ON projects (reviewed_date);
CREATE INDEX IF NOT EXISTS projects_start_date ON projects (start_date);
CREATE INDEX IF NOT EXISTS projects_completion_date ON projects (completion_date);
