-- InfraScout data model, version 1. Later migrations add columns, not foundations.
-- Runs unchanged on PostgreSQL 15+ and on PGlite.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- ───────────── accounts ─────────────
CREATE TABLE users (
  id                    bigserial PRIMARY KEY,
  email                 text NOT NULL,
  username              text,
  password_hash         text,
  first_name            text NOT NULL DEFAULT '',
  last_name             text NOT NULL DEFAULT '',
  phone                 text,
  company               text,
  designation           text,
  preferred_proj_status text[] NOT NULL DEFAULT '{}',
  preferred_sectors     text[] NOT NULL DEFAULT '{}',
  preferred_states      text[] NOT NULL DEFAULT '{}',
  preferred_min_value   numeric(18,2),
  preferred_max_value   numeric(18,2),
  end_date              date,               -- subscription end; NULL = signup recorded, not yet a subscriber
  total_credits         integer NOT NULL DEFAULT 0 CHECK (total_credits >= 0),
  spent_credits         integer NOT NULL DEFAULT 0 CHECK (spent_credits >= 0),
  is_active             boolean NOT NULL DEFAULT true,
  signup_source         text NOT NULL DEFAULT 'staff', -- signup | google | microsoft | staff | seed
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT credits_never_negative CHECK (spent_credits <= total_credits)
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE UNIQUE INDEX users_username_key ON users (lower(username)) WHERE username IS NOT NULL;

CREATE TABLE auth_tokens (
  id              bigserial PRIMARY KEY,
  token_hash      text NOT NULL UNIQUE,     -- sha256 of the key; the key itself is never stored
  user_id         bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  impersonator_id bigint REFERENCES users(id) ON DELETE CASCADE,
  parent_token_id bigint REFERENCES auth_tokens(id) ON DELETE SET NULL, -- staff token an impersonation came from
  created_at      timestamptz NOT NULL DEFAULT now(),
  last_seen_at    timestamptz NOT NULL DEFAULT now(),
  revoked_at      timestamptz,
  revoked_reason  text                      -- logout | replaced | password_change | disabled | impersonation_ended
);
CREATE INDEX auth_tokens_user ON auth_tokens (user_id) WHERE revoked_at IS NULL;

CREATE TABLE password_resets (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash  text NOT NULL UNIQUE,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Rate-limit counters live here (or in Redis when REDIS_URL is set) so N API processes share them.
CREATE TABLE rate_limits (
  key         text PRIMARY KEY,
  hits        integer NOT NULL,
  reset_at    timestamptz NOT NULL
);

-- ───────────── companies and people ─────────────
CREATE TABLE companies (
  id                 bigserial PRIMARY KEY,
  name               text NOT NULL,
  normalized_name    text NOT NULL,          -- lower case, no M/S, Pvt Ltd, punctuation: for de-duplication
  cin                text UNIQUE,
  company_type       text,                   -- builder, contractor, developer, consultant, PSU, ...
  industry           text,
  state              text,
  city               text,
  address            text,
  website            text,
  incorporation_date date,
  authorized_capital numeric(18,2),
  paid_up_capital    numeric(18,2),
  company_status     text,
  roc_code           text,
  listing_status     text,
  employee_band      text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX companies_normalized_name ON companies (normalized_name);
CREATE INDEX companies_name_trgm ON companies USING gin (name gin_trgm_ops);

CREATE TABLE company_directors (
  id               bigserial PRIMARY KEY,
  company_id       bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  din              text NOT NULL,
  name             text NOT NULL,
  designation      text,
  appointment_date date,
  cessation_date   date
);
CREATE INDEX company_directors_din ON company_directors (din);
CREATE INDEX company_directors_company ON company_directors (company_id);

CREATE TABLE company_financials (
  id          bigserial PRIMARY KEY,
  company_id  bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  fiscal_year text NOT NULL,                 -- e.g. 2023-24
  revenue     numeric(18,2),
  profit      numeric(18,2),
  net_worth   numeric(18,2),
  borrowings  numeric(18,2),
  UNIQUE (company_id, fiscal_year)
);

CREATE TABLE contacts (
  id                  bigserial PRIMARY KEY,
  company_id          bigint REFERENCES companies(id) ON DELETE SET NULL,
  name                text NOT NULL,
  designation         text,
  seniority           text CHECK (seniority IN ('CXO/MD/Director/Proprietor','VP/Divisional head','Assistant General Manager',
                        'General Manager','Senior Manager or equivalent','Manager or equivalent','Executive or equivalent')),
  email               text,
  phone               text,                  -- E.164
  source              text NOT NULL CHECK (source IN ('telephone','internet','official_govt_website')),
  contact_fuzz_score  integer CHECK (contact_fuzz_score BETWEEN 0 AND 100),
  verified_at         timestamptz,
  is_wrong            boolean NOT NULL DEFAULT false,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contacts_company ON contacts (company_id);
CREATE INDEX contacts_phone ON contacts (phone);

CREATE TABLE contact_history (
  id          bigserial PRIMARY KEY,
  contact_id  bigint NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  changed_by  bigint REFERENCES users(id) ON DELETE SET NULL,
  changes     jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- ───────────── private-sector projects ("works") ─────────────
CREATE TABLE projects (
  id               bigserial PRIMARY KEY,
  title            text NOT NULL,
  description      text NOT NULL DEFAULT '',
  category         text NOT NULL CHECK (category IN ('construction','industrial')),
  is_ai            boolean NOT NULL DEFAULT false,
  project_type     text[] NOT NULL DEFAULT '{}',
  sector           text,
  ownership        text,                     -- private | public | ppp
  status           text,
  stage            text,
  value            numeric(18,2),            -- rupees
  state            text,
  district         text,
  city             text,
  pincode          text,
  address          text,
  owner_company_id bigint REFERENCES companies(id) ON DELETE SET NULL,
  architect_company_id  bigint REFERENCES companies(id) ON DELETE SET NULL,
  contractor_company_id bigint REFERENCES companies(id) ON DELETE SET NULL,
  owner_name       text,                     -- denormalised for search
  start_date       date,
  completion_date  date,
  retrieved_on     timestamptz,
  reviewed_date    timestamptz,              -- NULL = in the staff review queue
  arrived_date     timestamptz NOT NULL DEFAULT now(),
  keywords         text[] NOT NULL DEFAULT '{}',
  source           text,
  source_url       text,
  area_sq_ft       numeric(14,2),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  search_vector    tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english', coalesce(title, '')), 'A')
   || setweight(to_tsvector('english', coalesce(owner_name, '')), 'B')
   || setweight(to_tsvector('english', coalesce(city, '') || ' ' || coalesce(district, '') || ' ' || coalesce(state, '')), 'B')
   || setweight(to_tsvector('english', coalesce(sector, '')), 'C')
   || setweight(to_tsvector('english', coalesce(description, '')), 'D')
  ) STORED
);
CREATE INDEX projects_search ON projects USING gin (search_vector);
CREATE INDEX projects_category_arrived ON projects (category, arrived_date DESC);
CREATE INDEX projects_state ON projects (state);
CREATE INDEX projects_status ON projects (status);
CREATE INDEX projects_value ON projects (value);
CREATE INDEX projects_retrieved ON projects (retrieved_on);
CREATE INDEX projects_review_queue ON projects (arrived_date) WHERE reviewed_date IS NULL;
CREATE INDEX projects_owner ON projects (owner_company_id);

CREATE TABLE project_contacts (
  project_id bigint NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  contact_id bigint NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  role       text,                           -- owner, architect, contractor, consultant
  PRIMARY KEY (project_id, contact_id)
);
CREATE INDEX project_contacts_contact ON project_contacts (contact_id);

CREATE TABLE project_status_updates (
  id          bigserial PRIMARY KEY,
  project_id  bigint NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  old_status  text,
  new_status  text NOT NULL,
  note        text,
  created_by  bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX project_status_updates_project ON project_status_updates (project_id, created_at DESC);

CREATE TABLE project_history (
  id          bigserial PRIMARY KEY,
  project_id  bigint NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  changed_by  bigint REFERENCES users(id) ON DELETE SET NULL,
  changes     jsonb NOT NULL,               -- {field: [old, new]}
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX project_history_project ON project_history (project_id, created_at DESC);

CREATE TABLE project_images (
  id          bigserial PRIMARY KEY,
  project_id  bigint NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  file_name   text NOT NULL,
  mime_type   text NOT NULL,
  content     bytea NOT NULL,
  uploaded_by bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE project_documents (
  id          bigserial PRIMARY KEY,
  project_id  bigint NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  title       text NOT NULL,
  body        text NOT NULL DEFAULT '',
  specs       jsonb NOT NULL DEFAULT '[]',   -- extracted specifications
  contacts    jsonb NOT NULL DEFAULT '[]',   -- extracted contacts
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX project_documents_project ON project_documents (project_id);

CREATE TABLE keywords (
  id          bigserial PRIMARY KEY,
  project_id  bigint NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  keyword     text NOT NULL,
  created_by  bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, keyword)
);

-- ───────────── public-sector tenders and results ─────────────
CREATE TABLE tenders (
  id                 bigserial PRIMARY KEY,
  ocid               text UNIQUE,              -- OCDS id, or portal id for GePNIC imports
  reference          text,
  title              text NOT NULL,
  description        text NOT NULL DEFAULT '',
  org_name           text,
  org_name_exact     text,                     -- facet value: the organisation as published
  department         text,
  tender_status      text NOT NULL DEFAULT 'Live',
  is_corrigendum     boolean NOT NULL DEFAULT false,
  category           text,                     -- works | goods | services
  tender_type        text,
  value              numeric(18,2),
  emd                numeric(18,2),
  tender_fee         numeric(18,2),
  published_date     timestamptz,
  closing_date       timestamptz,
  opening_date       timestamptz,
  prebid_date        timestamptz,
  status_update_date timestamptz,
  retrieved_on       timestamptz,
  reviewed_date      timestamptz,
  arrived_date       timestamptz NOT NULL DEFAULT now(),
  state              text,
  district           text,
  city               text,
  pincode            text,
  source             text,
  source_url         text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  search_vector      tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english', coalesce(title, '')), 'A')
   || setweight(to_tsvector('english', coalesce(org_name, '') || ' ' || coalesce(department, '')), 'B')
   || setweight(to_tsvector('english', coalesce(city, '') || ' ' || coalesce(state, '')), 'C')
   || setweight(to_tsvector('english', coalesce(description, '')), 'D')
  ) STORED
);
CREATE INDEX tenders_search ON tenders USING gin (search_vector);
CREATE INDEX tenders_status_closing ON tenders (tender_status, closing_date);
CREATE INDEX tenders_org_trgm ON tenders USING gin (org_name_exact gin_trgm_ops);
CREATE INDEX tenders_state ON tenders (state);

CREATE TABLE tender_documents (
  id         bigserial PRIMARY KEY,
  tender_id  bigint NOT NULL REFERENCES tenders(id) ON DELETE CASCADE,
  file_name  text NOT NULL,
  mime_type  text NOT NULL DEFAULT 'application/octet-stream',
  content    bytea,
  body_text  text NOT NULL DEFAULT '',
  url        text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tender_corrigenda (
  id          bigserial PRIMARY KEY,
  tender_id   bigint NOT NULL REFERENCES tenders(id) ON DELETE CASCADE,
  title       text NOT NULL,
  description text NOT NULL DEFAULT '',
  published_date timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE results (
  id                bigserial PRIMARY KEY,
  tender_id         bigint NOT NULL UNIQUE REFERENCES tenders(id) ON DELETE CASCADE,
  winner_company_id bigint REFERENCES companies(id) ON DELETE SET NULL,
  winner_name       text,
  award_value       numeric(18,2),
  result_date       timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX results_winner ON results (winner_company_id);

CREATE TABLE result_bidders (
  id          bigserial PRIMARY KEY,
  result_id   bigint NOT NULL REFERENCES results(id) ON DELETE CASCADE,
  company_id  bigint REFERENCES companies(id) ON DELETE SET NULL,
  bidder_name text NOT NULL,
  bid_value   numeric(18,2),
  rank        integer,                        -- 1 = L1
  rank_label  text,                           -- as published: L1, II, ...
  status      text,                           -- Accepted-AOC, Rejected-Technical, ...
  is_winner   boolean NOT NULL DEFAULT false
);
CREATE INDEX result_bidders_result ON result_bidders (result_id);
CREATE INDEX result_bidders_company ON result_bidders (company_id);

-- ───────────── per-user workspace ─────────────
CREATE TABLE marks (
  user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  project_id bigint NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  mark       text NOT NULL CHECK (mark IN ('unmarked','shortlisted','tentative','rejected')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, project_id)
);
CREATE INDEX marks_user_mark ON marks (user_id, mark);

CREATE TABLE mark_history (
  id         bigserial PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  project_id bigint NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  old_mark   text,
  new_mark   text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE reminders (
  id           bigserial PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  item_type    text NOT NULL CHECK (item_type IN ('project','tender','company')),
  item_id      bigint NOT NULL,
  remind_at    timestamptz NOT NULL,
  note         text NOT NULL DEFAULT '',
  completed_at timestamptz,
  notified_at  timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reminders_user ON reminders (user_id, remind_at);
CREATE INDEX reminders_due ON reminders (remind_at) WHERE notified_at IS NULL AND completed_at IS NULL;

CREATE TABLE saved_searches (
  id         bigserial PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name       text NOT NULL,
  resource   text NOT NULL,                  -- route of the lister
  query      text NOT NULL,                  -- URL query string as saved
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, name)
);

CREATE TABLE email_alert_configs (
  id              bigserial PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  saved_search_id bigint REFERENCES saved_searches(id) ON DELETE CASCADE, -- NULL = the feed
  frequency       text NOT NULL CHECK (frequency IN ('daily','weekly')),
  enabled         boolean NOT NULL DEFAULT true,
  unsubscribe_token_hash text,
  last_sent_at    timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE alert_deliveries (
  config_id  bigint NOT NULL REFERENCES email_alert_configs(id) ON DELETE CASCADE,
  item_type  text NOT NULL,
  item_id    bigint NOT NULL,
  sent_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (config_id, item_type, item_id)
);

CREATE TABLE unlocks (
  id         bigserial PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  item_type  text NOT NULL CHECK (item_type IN ('contact','company')),
  item_id    bigint NOT NULL,
  credits    integer NOT NULL CHECK (credits >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, item_type, item_id)        -- an item is unlocked (and paid for) once
);

-- Every change of a user's credits is one row: grant (+), unlock (-), refund (+).
CREATE TABLE credit_ledger (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  delta       integer NOT NULL,
  kind        text NOT NULL CHECK (kind IN ('grant','unlock','refund','adjustment')),
  unlock_id   bigint REFERENCES unlocks(id) ON DELETE SET NULL,
  note        text,
  actor_id    bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_ledger_user ON credit_ledger (user_id, created_at DESC);

CREATE TABLE recently_viewed (
  user_id   bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  item_type text NOT NULL CHECK (item_type IN ('project','tender','result','company')),
  item_id   bigint NOT NULL,
  viewed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, item_type, item_id)
);
CREATE INDEX recently_viewed_user ON recently_viewed (user_id, viewed_at DESC);

CREATE TABLE competitors (
  user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, company_id)
);

CREATE TABLE exports (
  id         bigserial PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  lister     text NOT NULL,
  format     text NOT NULL,
  query      text NOT NULL,
  row_count  integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX exports_user_day ON exports (user_id, created_at);

CREATE TABLE share_links (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  item_type   text NOT NULL CHECK (item_type IN ('tender','result')),
  item_id     bigint NOT NULL,
  token_hash  text NOT NULL UNIQUE,
  revoked_at  timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE audit_log (
  id              bigserial PRIMARY KEY,
  actor_id        bigint REFERENCES users(id) ON DELETE SET NULL,  -- who acted (the staff member when impersonating)
  as_user_id      bigint REFERENCES users(id) ON DELETE SET NULL,  -- on whose account
  action          text NOT NULL,
  item_type       text,
  item_id         bigint,
  details         jsonb NOT NULL DEFAULT '{}',
  ip              text,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_actor ON audit_log (actor_id, created_at DESC);
CREATE INDEX audit_log_as_user ON audit_log (as_user_id, created_at DESC);
