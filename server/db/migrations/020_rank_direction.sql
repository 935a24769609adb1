-- Ranks in every form (issue 15, point 4): a financial bid's rank counts from the lowest bid
-- (L1, L2…: works and supplies) or from the highest (H1, H2…: sales, leases, auctions).
-- rank_direction says which; rank_label stays the label as published ('L-1', 'II', 'H 1').
-- A direction only ever goes with a rank.
ALTER TABLE result_bidders ADD COLUMN rank_direction text
  CONSTRAINT result_bidders_rank_direction CHECK (rank_direction IN ('lowest', 'highest'))
  CONSTRAINT result_bidders_rank_direction_needs_rank CHECK (rank_direction IS NULL OR rank IS NOT NULL);

-- Ranks stored before this migration were all read as lowest first (L1, 1, I…) or computed so
-- (OCDS bids, the seed): say so.
UPDATE result_bidders SET rank_direction = 'lowest' WHERE rank IS NOT NULL;

-- Labels the old reader left without a number: 'L-1', 'L.2', 'H 1', 'H-2', 'L-III', 'H-IV'
-- (roman up to XXXIX, as the importer reads them). Re-importing the page gives the same.
WITH parsed AS (
  SELECT id,
         CASE WHEN upper(left(s, 1)) = 'H' THEN 'highest' ELSE 'lowest' END AS direction,
         upper(substr(s, 2)) AS num
    FROM (SELECT id, regexp_replace(regexp_replace(rank_label, '\s+', '', 'g'), '^([LlHh])[-–.:#]?', '\1') AS s
            FROM result_bidders WHERE rank IS NULL AND rank_label ~* '^\s*[lh]') x
), roman(numeral, value) AS (
  SELECT (repeat('X', t) || u.numeral), t * 10 + u.value
    FROM generate_series(0, 3) AS t,
         (VALUES ('', 0), ('I', 1), ('II', 2), ('III', 3), ('IV', 4), ('V', 5), ('VI', 6), ('VII', 7), ('VIII', 8), ('IX', 9)) AS u(numeral, value)
   WHERE t * 10 + u.value > 0
), numbered AS (
  SELECT p.id, p.direction,
         CASE WHEN p.num ~ '^\d{1,4}(\.0+)?$' THEN split_part(p.num, '.', 1)::int ELSE r.value END AS rank
    FROM parsed p LEFT JOIN roman r ON r.numeral = p.num
)
UPDATE result_bidders b SET rank = n.rank, rank_direction = n.direction
  FROM numbered n
 WHERE b.id = n.id AND n.rank BETWEEN 1 AND 9999;
